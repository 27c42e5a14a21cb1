import type { QueryState } from './PageState';

/**
 * One `PageState` query out of several (a page that needs two answers, or derives its data from
 * one): `data` is what the page derived (undefined until it can show something); the first failed
 * query is the error; "Qayta urinish" refetches the failed ones. Give only the queries whose
 * failure counts (a manager without a restaurant: its lists' 404s do not).
 */
export function combineQueries<T>(
  queries: readonly Pick<QueryState<unknown>, 'isError' | 'error' | 'refetch'>[],
  data: T | undefined,
): QueryState<T> {
  const failed = queries.find((q) => q.isError);
  return {
    data,
    isPending: !failed && data === undefined,
    isError: failed !== undefined,
    error: failed?.error ?? null,
    refetch: () => Promise.all(queries.filter((q) => q.isError).map((q) => q.refetch())),
  };
}
