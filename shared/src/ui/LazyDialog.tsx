/**
 * Dialogs loaded apart from their page. A form dialog needs the shared schemas (zod, ~25 KiB gzip)
 * and the form kit, which a list page does not: the page shows without them; the dialog's code
 * loads when the browser is idle after the page shows its data (`useIdlePreload`), or at the first
 * opening, whichever comes first. A page declares `const XDialog = lazy(loadX)`, calls
 * `useIdlePreload(loadX, query.isSuccess)` and renders `<LazyDialog open={dialog.open}><XDialog …/></LazyDialog>`.
 */
import { type ReactNode, Suspense, useEffect, useState } from 'react';

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * Loads `load` (a dynamic import) once the page shows its data (`shown`) and the browser is idle:
 * never in competition with what the page itself needs.
 */
export function useIdlePreload(load: () => Promise<unknown>, shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    return whenIdle(() => {
      // a failed load is simply tried again at the opening
      load().catch(() => {});
    });
  }, [load, shown]);
}

/**
 * Its lazy dialog, from the first opening on (nothing before: the code may not be there yet, and
 * the page must not load it up front). Once opened it stays mounted, so it closes with its animation.
 */
export function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
