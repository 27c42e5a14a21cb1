/**
 * The test kit of every front-end package (`@qrmenu/shared/testing/kit`): the fetch stub, the
 * fixtures, signing in, rendering a page at its route, and `openPage` (the three in one call).
 * Importing it also resets, before each test, what outlives a render: the toasts, the query
 * cache, and query retries (off, so a failed answer shows at once). `dom-setup.ts` (every jsdom
 * project's setupFiles) does the rest: DOM clean-up, stubbed globals, the session and localStorage.
 */
import { beforeEach } from 'vitest';
import { queryClient } from '../query';
import { toaster } from '../ui';

export { type AxeFinding, axeViolations } from './axe';
export {
  type ApiStub,
  type EventStream,
  eventStream,
  type StubCall,
  type StubReply,
  type StubRoute,
  type StubRoutes,
  stubApi,
} from './fetch-stub';
export { answers, fixtures } from './fixtures';
export { type OpenedPage, type OpenPageOptions, openPage } from './open-page';
export {
  locationTracker,
  type RenderAtRouteOptions,
  type RenderedAtRoute,
  renderAtRoute,
  signInAs,
} from './render';

/** Empties what a test may leave behind in the shared singletons. */
export function resetKit(): void {
  toaster.remove();
  queryClient.clear();
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
}

beforeEach(resetKit);
