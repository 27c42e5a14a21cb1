/**
 * The table's calls (docs/ORDERS.md, "The guest's page"): «Ofitsiantni chaqirish» and «Hisobni
 * so'rash». A pending call shows as such and is not sent again; while one is pending the table is
 * asked again now and then, so the button comes back once the staff mark the call done, and the
 * status line that said it was made is emptied: the guest reads the call's real state.
 */
import type { CallKind } from '@qrmenu/shared/schemas';
import { callStaff, failure, getTable } from './api';
import { h } from './dom';
import type { CartWords } from './words';

/** While a call is pending, the table is asked again this often. */
const CALL_POLL_MS = 20_000;

/** The two buttons and their status line, for the table's panel. */
export function tableCalls(placement: string, words: CartWords, pendingNow: CallKind[]): HTMLElement[] {
  const pending = new Set<CallKind>(pendingNow);
  const note = h('p', { role: 'status' });
  const button = (kind: CallKind) =>
    h('button', { type: 'button', class: 'qm-btn qm-alt', onclick: () => call(kind) });
  const buttons = { waiter: button('waiter'), bill: button('bill') };
  /** The call the status line reports as made (a failure's words are not a call's state). */
  let noted: CallKind | null = null;
  const show = () => {
    buttons.waiter.textContent = pending.has('waiter') ? words.waiterCalled : words.callWaiter;
    buttons.bill.textContent = pending.has('bill') ? words.billAsked : words.askBill;
    for (const kind of ['waiter', 'bill'] as const) buttons[kind].disabled = pending.has(kind);
    if (noted && !pending.has(noted)) {
      noted = null;
      note.textContent = '';
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
    note.textContent = '';
    noted = null;
    const answer = await callStaff(placement, kind);
    if (answer.ok) {
      pending.add(kind);
      noted = kind;
      note.textContent = kind === 'waiter' ? words.waiterCalled : words.billAsked;
    } else note.textContent = failure(words, answer.status);
    show();
    poll();
  }
  show();
  poll();
  return [buttons.waiter, buttons.bill, note];
}
