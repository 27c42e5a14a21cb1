/**
 * Runs a page's module as soon as the user shows the intent to open it: a pointer over or down on
 * a link to it, a finger on it, the keyboard's focus on it. The warm-up only fetches the next
 * pages' code (warm-up.ts): running it from the intent rather than from the click gains the time
 * between the two (a finger's touch and its click, a mouse's hover and its click) without putting
 * any page's work on the screen's first seconds (docs/BENCHMARKS.md, "Asosiy's warm-up").
 */
import { isDeployed, loadPage } from './RemotePage';
import type { RemoteRef } from './remotes';

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** Listens for the intent to open a link of this app; `pageFor` names the page at a path. */
export function loadOnIntent(pageFor: (pathname: string) => RemoteRef | undefined): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const ref = pageFor(link.pathname);
    // a failure shows where the page renders, when it is opened
    if (ref && isDeployed(ref)) loadPage(ref).catch(() => undefined);
  };
  for (const type of INTENT_EVENTS) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  return () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
  };
}
