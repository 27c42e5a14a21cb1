import { Button, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { isApiError } from '../api/errors';
import { t } from '../texts';
import { EmptyState, LoadingSkeleton } from './common';
import { notify } from './notify';

/** What PageState reads of a query (a TanStack `useQuery` result fits; so does a derived one). */
export interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Failures already toasted: each failure (a new error object) is toasted once, however often it renders. */
const toasted = new WeakSet<object>();

/**
 * A failed read says so once: one error toast per failure, not per render, StrictMode re-run
 * or second component showing the same query. A refetch that fails again is a new failure.
 */
export function useFailureToast(
  query: Pick<QueryState<unknown>, 'isError' | 'error'>,
  text: string | undefined,
) {
  const { isError, error } = query;
  useEffect(() => {
    if (!isError || !text) return;
    if (error !== null && typeof error === 'object') {
      if (toasted.has(error)) return;
      toasted.add(error);
    }
    notify.error(text);
  }, [isError, error, text]);
}

/** Null, an empty array, or an empty `{items}` list. */
function isEmptyDefault(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (Array.isArray(data)) return data.length === 0;
  const items = (data as { items?: unknown }).items;
  return Array.isArray(items) && items.length === 0;
}

const is404 = (error: unknown) => isApiError(error) && error.status === 404;

export interface PageStateProps<T> {
  query: QueryState<T>;
  /** The screen's text of this failure: in place (with "Qayta urinish") and as one error toast per failure. */
  errorText?: string;
  /** When the answer counts as nothing to show (default: null, `[]`, or `{items: []}`). */
  isEmpty?: (data: T) => boolean;
  emptyText?: ReactNode;
  /** Shown for an answer that means "no such thing" (no toast: it is not a failure). */
  notFoundText?: ReactNode;
  /** Which errors mean "not found" (default: a 404). */
  isNotFound?: (error: unknown) => boolean;
  /** While loading (default: skeleton rows). */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A query's loading, error-with-retry, not-found and empty states; `children(data)` otherwise. */
export function PageState<T>({
  query,
  errorText = t.listLoadError,
  isEmpty = isEmptyDefault,
  emptyText = t.emptyList,
  notFoundText,
  isNotFound = is404,
  loading,
  children,
}: PageStateProps<T>) {
  const notFound = notFoundText !== undefined && query.isError && isNotFound(query.error);
  useFailureToast({ isError: query.isError && !notFound, error: query.error }, errorText);
  if (query.isPending) return <>{loading ?? <LoadingSkeleton rows={5} />}</>;
  if (notFound) return <EmptyState message={notFoundText} />;
  if (query.isError) {
    return (
      <Stack align="center" textAlign="center" gap="3" py="8" px="4" data-testid="page-error">
        <Text color="red.700" role="alert">
          {errorText}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </Stack>
    );
  }
  const data = query.data as T;
  if (isEmpty(data)) return <EmptyState message={emptyText} />;
  return <>{children(data)}</>;
}
