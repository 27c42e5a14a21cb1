/**
 * The two factories every query hook is made with: a hook is a line of data (its key, its call,
 * what its success invalidates), like a data provider's resource. Both use the one `queryClient`
 * explicitly, so remotes need no QueryClientProvider of their own.
 */
import {
  type QueryKey,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { accessTokenAtom, sessionStore } from '../session';
import { queryClient } from './client';

/** Extra `useQuery` options a query hook takes as its last argument. */
export type QueryExtras<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'>;

/** A query's arguments are ids (strings, possibly missing): an object after them is the extras. */
export type QueryArgs = (string | undefined)[];

export interface QueryDefinition<A extends QueryArgs, T> {
  key: (...args: A) => QueryKey;
  fetch: (...args: A) => Promise<T>;
  /**
   * Whether the arguments are complete (default: always); until then the query waits. It waits
   * for a stored token too, so no page calls the API signed out.
   */
  ready?: (...args: A) => boolean;
}

export type QueryHook<A extends QueryArgs, T> = ((
  ...args: [...A, QueryExtras<T>?]
) => UseQueryResult<T, Error>) & {
  /**
   * Outside React: loads the query into the cache ahead of the page that shows it (nothing when
   * it is already fresh, its ids are missing or no token is stored).
   */
  prefetch: (...args: A) => Promise<void>;
};

/** `useX(id?, extras?)`: the query runs once it is ready, a token is stored and `extras.enabled` allows. */
export function defineQuery<A extends QueryArgs, T>(def: QueryDefinition<A, T>): QueryHook<A, T> {
  const prefetch = async (...args: A) => {
    const allowed = sessionStore.get(accessTokenAtom) !== null && (def.ready?.(...args) ?? true);
    if (!allowed) return;
    await queryClient.prefetchQuery({ queryKey: def.key(...args), queryFn: () => def.fetch(...args) });
  };
  const hook = (...input: [...A, QueryExtras<T>?]) => {
    const last = input[input.length - 1];
    const hasExtras = typeof last === 'object' && last !== null;
    const args = (hasExtras ? input.slice(0, -1) : input) as A;
    const { enabled = true, ...extras } = (hasExtras ? last : {}) as QueryExtras<T>;
    const token = useAtomValue(accessTokenAtom, { store: sessionStore });
    const allowed = token !== null && (def.ready?.(...args) ?? true);
    return useQuery(
      {
        queryKey: def.key(...args),
        queryFn: () => def.fetch(...args),
        // an `enabled` callback of the caller still decides once the query may run at all
        enabled: allowed ? enabled : false,
        ...extras,
      },
      queryClient,
    );
  };
  return Object.assign(hook, { prefetch });
}

/**
 * A query of one id that waits until the id is given (a page's id from its path, a chosen
 * restaurant's): `useX(id?, extras?)`.
 */
export function defineQueryById<T>(
  key: (id: string) => QueryKey,
  fetch: (id: string) => Promise<T>,
): QueryHook<[string | undefined], T> {
  return defineQuery({
    key: (id: string | undefined) => key(id ?? ''),
    fetch: (id) => fetch(id ?? ''),
    ready: (id) => !!id,
  });
}

export interface MutationDefinition<V, R> {
  run: (variables: V) => Promise<R>;
  /** Query keys whose data the mutation changes (prefixes; across modules). */
  invalidates: readonly QueryKey[];
  /**
   * Writes the answer into cached data before the invalidations (`replaceInLists`): lists that
   * the answer brings up to date need no refetch, so leave them out of `invalidates`.
   */
  update?: (result: R, variables: V) => void;
  /** A key to find running mutations by (`useMutationState`). */
  key?: QueryKey;
}

export type MutationHook<V, R> = () => UseMutationResult<R, Error, V>;

/**
 * `useX()`: a mutation that, after it succeeds, applies `update` and invalidates `invalidates`.
 * Toasts are the caller's.
 */
export function defineMutation<V, R>(def: MutationDefinition<V, R>): MutationHook<V, R> {
  const invalidate = () =>
    Promise.all(def.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return () =>
    useMutation(
      {
        ...(def.key ? { mutationKey: def.key } : {}),
        mutationFn: def.run,
        onSuccess: (result, variables) => {
          def.update?.(result, variables);
          return invalidate();
        },
      },
      queryClient,
    );
}

export interface OptimisticMutationDefinition<V, R> {
  run: (variables: V) => Promise<R>;
  /** The cached data the change shows in at once (a prefix: every matching query). */
  shows: QueryKey;
  /** The data as it looks once the change is made (`undefined` data: left as it is). */
  apply: (data: unknown, variables: V) => unknown;
  /** Writes the answer into the cache (the server's state replaces the guess). */
  update?: (result: R, variables: V) => void;
  /** Keys refetched after a success (totals the change moves). */
  invalidates?: readonly QueryKey[];
}

/**
 * `useX()`: a mutation shown before the server answers (a tap on a phone must not wait for the
 * network): `apply` writes the change into every query under `shows`; a failure puts back what
 * they held and refetches them, so the screen ends on the server's state. Toasts are the caller's.
 */
export function defineOptimisticMutation<V, R>(def: OptimisticMutationDefinition<V, R>): MutationHook<V, R> {
  type Snapshot = [QueryKey, unknown][];
  return () =>
    useMutation<R, Error, V, Snapshot>(
      {
        mutationFn: def.run,
        onMutate: async (variables) => {
          // a refetch in flight would overwrite the change with the state before it
          await queryClient.cancelQueries({ queryKey: def.shows });
          const before = queryClient.getQueriesData({ queryKey: def.shows });
          queryClient.setQueriesData({ queryKey: def.shows }, (data: unknown) =>
            data === undefined ? undefined : def.apply(data, variables),
          );
          return before;
        },
        onError: (_error, _variables, before) => {
          for (const [key, data] of before ?? []) queryClient.setQueryData(key, data);
          return queryClient.invalidateQueries({ queryKey: def.shows });
        },
        onSuccess: (result, variables) => {
          def.update?.(result, variables);
          return Promise.all(
            (def.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          );
        },
      },
      queryClient,
    );
}
