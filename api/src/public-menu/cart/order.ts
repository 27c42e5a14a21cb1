/**
 * The order's page, live: the server rendered the order as it was (a snapshot that reads without
 * JavaScript); this follows its status over server-sent events (`/api/public/orders/<id>/events`).
 * The browser reconnects by itself with the last event's number, and the server's first event
 * is the order's current state, so a phone that slept catches up. Once served or rejected,
 * nothing more can change and the stream is closed.
 */
import type { GuestOrder, OrderStatus } from '@qrmenu/shared/schemas';
import { formatTiyinAmount } from './format';
import { fill, type GuestScriptSettings, posText } from './words';

/** A stream the server ended (a restart, a proxy's error page) is opened again after this. */
const REOPEN_MS = 5000;

const METHOD_NAMES: Record<string, string> = { payme: 'Payme', click: 'Click' };

export function startOrderPage(root: HTMLElement, { words, lang, currency }: GuestScriptSettings): void {
  const status = root.querySelector<HTMLElement>('[data-status]');
  const reason = root.querySelector<HTMLElement>('.qm-reason');
  const pos = root.querySelector<HTMLElement>('.qm-pos');
  const note = root.querySelector<HTMLElement>('.qm-live');
  const paid = root.querySelector<HTMLElement>('.qm-paid');
  const pay = root.querySelector<HTMLElement>('.pay');
  const key = new URLSearchParams(location.search).get('key') ?? '';
  // a served order is followed on while its table's bill waits to be paid (docs/PAYMENTS.md)
  const takesPayments = root.querySelector('.bill') !== null;
  const isFinal = (s: string | undefined, paidState: string | undefined) =>
    s === 'rejected' || (s === 'served' && (!takesPayments || paidState === 'paid'));
  if (!status || isFinal(status.dataset.status, paid?.dataset.paid)) return;

  const showPayment = (payment: GuestOrder['payment']) => {
    if (!paid) return;
    paid.dataset.paid = payment?.status ?? '';
    paid.textContent = !payment
      ? ''
      : payment.status === 'refunded'
        ? words.refunded
        : fill(words.paid, {
            sum: formatTiyinAmount(payment.amount, lang, currency),
            method: METHOD_NAMES[payment.method] ?? payment.method,
          });
    // paid: the «To'lash» links go (a refund brings them back with a reload of the page)
    if (pay) pay.hidden = payment?.status === 'paid';
  };

  const show = (order: Pick<GuestOrder, 'status' | 'reject_reason' | 'pos'>) => {
    if (pos) {
      pos.dataset.posState = order.pos?.state ?? '';
      pos.textContent = posText(order.pos, words);
    }
    status.dataset.status = order.status;
    status.textContent = words.statuses[order.status as OrderStatus] ?? order.status;
    if (reason)
      reason.textContent = order.reject_reason ? fill(words.reason, { reason: order.reject_reason }) : '';
  };
  const say = (text: string) => {
    if (note) note.textContent = text;
  };

  const open = () => {
    const events = new EventSource(
      `/api/public/orders/${encodeURIComponent(root.dataset.order ?? '')}/events?key=${encodeURIComponent(key)}`,
    );
    events.addEventListener('order', (event) => {
      const order = JSON.parse((event as MessageEvent<string>).data) as GuestOrder;
      say('');
      show(order);
      showPayment(order.payment);
      if (isFinal(order.status, order.payment?.status)) events.close();
    });
    // the server ends the stream once nothing more can change (docs/ORDERS.md): no reconnect
    events.addEventListener('end', () => events.close());
    events.onopen = () => say('');
    events.onerror = () => {
      say(words.reconnecting);
      // CONNECTING: the browser retries by itself; CLOSED: it gave up (an answer that is not a stream)
      if (events.readyState === EventSource.CLOSED) setTimeout(open, REOPEN_MS);
    };
  };
  open();
}
