import { useState } from 'react';

/**
 * What a dialog says, held while it closes. Its callers clear it in the same render that closes
 * it (`title={asking ? question(asking) : ''}`), while the dialog's content stays in the page
 * through its exit animation (Chakra's presence): without this the closing dialog went blank, and
 * to a screen reader (and axe's `aria-dialog-name`) it was a dialog without a name.
 */
export function useHeldWhileClosing<T>(value: T, open: boolean): T {
  const [held, setHeld] = useState(value);
  // the sanctioned "state from props" update during render: React renders again at once
  if (open && !Object.is(held, value)) setHeld(value);
  return open ? value : held;
}
