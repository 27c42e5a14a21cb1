import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors';
import { accessTokenAtom, sessionStore } from '../session';

/** No retry on 4xx answers (the caller's fault); at most 2 retries otherwise. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The one query client of the host and every remote. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// One user's cached data never shows to the next: drop every query when the token changes.
let lastToken = sessionStore.get(accessTokenAtom);
sessionStore.sub(accessTokenAtom, () => {
  const token = sessionStore.get(accessTokenAtom);
  if (token !== lastToken) {
    lastToken = token;
    queryClient.removeQueries();
  }
});
