/**
 * The phone's Back button closes an open dialog instead of leaving the page (and losing what was
 * typed). Opening a dialog adds one history entry at the same address, marked as the dialog's;
 * Back takes it off and the dialog closes (or asks first: `onBack` returns true to stay, and the
 * entry is put back). Closing the dialog any other way (a button, a save) takes the entry off
 * again, so history holds nothing extra. The router never sees a new address: it stays on its page.
 *
 * `history.back()` only asks for the step: the browser takes it later and then fires `popstate`,
 * and Chromium steps to the entry that was below when it was asked, whatever was pushed since. A
 * dialog opened in between (a save, then «Qo'shish» at once, on a slow phone) would have its own
 * entry skipped and take that `popstate` for Back: it closed, or asked about unsaved changes. So
 * a dialog that opens while such a step is on its way adds its entry after the step.
 */
import { useEffect, useRef } from 'react';

const KEY = 'qmDialog';
let counter = 0;

/** An entry taken off after a close, kept for a moment: StrictMode's re-run of the effect reuses it. */
let pending: { marker: string; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * The step back a closed dialog asked for, until its `popstate` (or, should none come, a while:
 * a dialog then gets its entry late rather than never).
 */
let steppingBack: Promise<void> | null = null;
const STEP_BACK_AT_THE_LATEST_MS = 2000;

function stepBack(): void {
  const step = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('popstate', done);
      if (steppingBack === step) steppingBack = null;
      resolve();
    };
    const timer = setTimeout(done, STEP_BACK_AT_THE_LATEST_MS);
    window.addEventListener('popstate', done);
  });
  steppingBack = step;
  window.history.back();
}

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
    let marker: string | undefined;
    let closed = false;
    let onEntry = true;
    const onPop = () => {
      if (current() === marker) {
        onEntry = true; // Forward onto it again
        return;
      }
      onEntry = false;
      if (onBackRef.current()) {
        push(marker as string);
        onEntry = true;
      }
    };
    const addEntry = () => {
      if (closed) return;
      if (pending && current() === pending.marker) {
        clearTimeout(pending.timer);
        marker = pending.marker;
      } else {
        counter += 1;
        marker = `dialog-${counter}`;
        push(marker);
      }
      pending = null;
      window.addEventListener('popstate', onPop);
    };
    // added from inside the step's own `popstate`: a listener added then does not hear that event
    if (steppingBack) void steppingBack.then(addEntry);
    else addEntry();
    return () => {
      closed = true;
      if (marker === undefined) return; // closed before its entry was added
      window.removeEventListener('popstate', onPop);
      if (!onEntry || current() !== marker) return; // Back closed it, or a navigation moved on
      const own = marker;
      const timer = setTimeout(() => {
        if (pending?.marker === own) pending = null;
        if (current() === own) stepBack();
      }, 0);
      pending = { marker: own, timer };
    };
  }, [open]);
}
