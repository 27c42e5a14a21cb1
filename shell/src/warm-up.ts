/**
 * When to warm the pages the user is likely to open next: once the page on screen has settled
 * (its module loaded, its queries answered) and the browser is idle. Warming fetches the other
 * modules' code without running it (`fetchPagesAhead`): run there, the other pages' modules and
 * the shared schemas (zod) were long tasks on the main thread while the manager's restaurant card
 * was still within Lighthouse's blocking-time window (docs/BENCHMARKS.md, "Asosiy's warm-up").
 */
import type { QueryClient } from '@tanstack/react-query';
import { pageLoadsInFlight } from './RemotePage';

type Cancel = () => void;

/** The next idle period (a short timer where the browser has no requestIdleCallback: jsdom). */
function onIdle(callback: () => void): Cancel {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 20);
  return () => clearTimeout(id);
}

/** Warming starts by then at the latest, settled or not (a page that asks for nothing). */
export const AT_THE_LATEST_MS = 3000;

/**
 * Calls `warm` once the page on screen has settled: no page module loading, a first query
 * answered and none fetching, seen in two idle periods in a row (the first could fall between a
 * query's answer and the next one it enables); after AT_THE_LATEST_MS in any case. Returns a
 * cancel.
 */
export function warmWhenSettled(queryClient: QueryClient, warm: () => void): Cancel {
  let cancelIdle: Cancel | undefined;
  let quiet = 0;
  const answered = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((q) => q.state.status !== 'pending');
  const start = () => {
    clearTimeout(latest);
    cancelIdle?.();
    cancelIdle = undefined;
    warm();
  };
  const check = () => {
    const settled = pageLoadsInFlight() === 0 && queryClient.isFetching() === 0 && answered();
    quiet = settled ? quiet + 1 : 0;
    if (quiet >= 2) start();
    else cancelIdle = onIdle(check);
  };
  const latest = setTimeout(start, AT_THE_LATEST_MS);
  cancelIdle = onIdle(check);
  return () => {
    clearTimeout(latest);
    cancelIdle?.();
  };
}
