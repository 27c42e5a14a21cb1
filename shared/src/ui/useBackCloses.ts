/**
 * The phone's Back button closes an open dialog instead of leaving the page (and losing what was
 * typed). Opening a dialog adds one history entry at the same address, marked as the dialog's;
 * Back takes it off and the dialog closes (or asks first: `onBack` returns true to stay, and the
 * entry is put back). Closing the dialog any other way (a button, a save) takes the entry off
 * again, so history holds nothing extra. The router never sees a new address: it stays on its page.
 */
import { useEffect, useRef } from 'react';

const KEY = 'qmDialog';
let counter = 0;

/** An entry taken off after a close, kept for a moment: StrictMode's re-run of the effect reuses it. */
let pending: { marker: string; timer: ReturnType<typeof setTimeout> } | null = null;

const current = (): unknown => (window.history.state as Record<string, unknown> | null)?.[KEY];

function push(marker: string): void {
  window.history.pushState({ ...(window.history.state ?? {}), [KEY]: marker }, '');
}

/** @param onBack called when Back is pressed with the dialog open; true keeps it open. */
export function useBackCloses(open: boolean, onBack: () => boolean | undefined): void {
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;
  useEffect(() => {
    if (!open) return;
    let marker: string;
    if (pending && current() === pending.marker) {
      clearTimeout(pending.timer);
      marker = pending.marker;
    } else {
      counter += 1;
      marker = `dialog-${counter}`;
      push(marker);
    }
    pending = null;
    let onEntry = true;
    const onPop = () => {
      if (current() === marker) {
        onEntry = true; // Forward onto it again
        return;
      }
      onEntry = false;
      if (onBackRef.current()) {
        push(marker);
        onEntry = true;
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (!onEntry || current() !== marker) return; // Back closed it, or a navigation moved on
      const timer = setTimeout(() => {
        if (pending?.marker === marker) pending = null;
        if (current() === marker) window.history.back();
      }, 0);
      pending = { marker, timer };
    };
  }, [open]);
}
