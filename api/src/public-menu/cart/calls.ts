/**
 * The table's calls (docs/ORDERS.md, "The guest's page"): «Ofitsiantni chaqirish» and «Hisobni
 * so'rash». A pending call shows as such and is not sent again; while one is pending the table is
 * asked again now and then, so the button comes back once the staff mark the call done, and the
 * status line that said it was made is emptied: the guest reads the call's real state.
 */
import type { CallKind } from '@qrmenu/shared/schemas';
import { callStaff, failure, getTable } from './api';
import type { CartWords } from './words';

/** While a call is pending, the table is asked again this often. */
const CALL_POLL_MS = 20_000;

/**
 * Wires the table panel's two buttons and their status line, which the server rendered disabled
 * (page.tsx, `data-call`); `pendingNow`: the calls the table says are pending (none when it could
 * not be asked). The buttons are enabled here, once it is known which call is pending.
 */
export function startCalls(
  panel: ParentNode,
  placement: string,
  words: CartWords,
  pendingNow: CallKind[],
): void {
  const pending = new Set<CallKind>(pendingNow);
  const note = panel.querySelector<HTMLElement>('[role="status"]');
  const button = (kind: CallKind) => {
    const el = panel.querySelector<HTMLButtonElement>(`[data-call="${kind}"]`);
    el?.addEventListener('click', () => call(kind));
    return el;
  };
  const buttons = { waiter: button('waiter'), bill: button('bill') };
  const say = (text: string) => {
    if (note) note.textContent = text;
  };
  /** The call the status line reports as made (a failure's words are not a call's state). */
  let noted: CallKind | null = null;
  const show = () => {
    for (const kind of ['waiter', 'bill'] as const) {
      const el = buttons[kind];
      if (!el) continue;
      const made = pending.has(kind);
      el.textContent =
        kind === 'waiter'
          ? made
            ? words.waiterCalled
            : words.callWaiter
          : made
            ? words.billAsked
            : words.askBill;
      el.disabled = made;
    }
    if (noted && !pending.has(noted)) {
      noted = null;
      say('');
    }
  };
  let timer = 0;
  const poll = () => {
    clearTimeout(timer);
    if (pending.size === 0) return;
    timer = window.setTimeout(async () => {
      const again = await getTable(placement);
      if (again.ok) {
        pending.clear();
        for (const kind of again.data.pending_calls) pending.add(kind);
        show();
      }
      poll();
    }, CALL_POLL_MS);
  };
  async function call(kind: CallKind) {
    if (pending.has(kind)) return;
    say('');
    noted = null;
    const answer = await callStaff(placement, kind);
    if (answer.ok) {
      pending.add(kind);
      noted = kind;
      say(kind === 'waiter' ? words.waiterCalled : words.billAsked);
    } else say(failure(words, answer.status));
    show();
    poll();
  }
  show();
  poll();
}
