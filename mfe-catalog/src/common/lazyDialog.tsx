/**
 * Form dialogs loaded apart from their page. The forms need the shared schemas (zod, ~25 KiB gzip)
 * and a list does not: the page shows without them, its dialog's code loads when the browser is
 * idle after it shows its data (or at the first opening, whichever comes first). A page declares
 * `const XDialog = lazy(loadX)`, calls `useIdlePreload(loadX, query.isSuccess)` and renders
 * `<OnceOpened dialog={dialog}><XDialog … /></OnceOpened>`.
 */
import { type ReactNode, Suspense, useEffect } from 'react';

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

/** Its lazy dialog, from the first opening on (nothing before: the code may not be there yet). */
export function OnceOpened({ dialog, children }: { dialog: { opening: number }; children: ReactNode }) {
  return dialog.opening === 0 ? null : <Suspense fallback={null}>{children}</Suspense>;
}
