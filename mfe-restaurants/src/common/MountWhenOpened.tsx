import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a lazily loaded dialog from its first opening on: a form dialog brings its form and the
 * zod schemas, which a page that validates nothing yet (the restaurant list, the manager's home)
 * must not load up front. Once opened it stays mounted, so it closes with its animation.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
