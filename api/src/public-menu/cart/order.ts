/**
 * The order's page, live: the server rendered the order as it was (a snapshot that reads without
 * JavaScript); this follows its status over server-sent events (`/api/public/orders/<id>/events`).
 * The browser reconnects by itself with the last event's number, and the server's first event
 * is the order's current state, so a phone that slept catches up. Once served or rejected,
 * nothing more can change and the stream is closed.
 */
import type { GuestOrder, OrderStatus } from '@qrmenu/shared/schemas';
import { fill, type GuestScriptSettings, posText } from './words';

/** A stream the server ended (a restart, a proxy's error page) is opened again after this. */
const REOPEN_MS = 5000;

const isFinal = (status: string | undefined) => status === 'served' || status === 'rejected';

export function startOrderPage(root: HTMLElement, { words }: GuestScriptSettings): void {
  const status = root.querySelector<HTMLElement>('[data-status]');
  const reason = root.querySelector<HTMLElement>('.qm-reason');
  const pos = root.querySelector<HTMLElement>('.qm-pos');
  const note = root.querySelector<HTMLElement>('.qm-live');
  const key = new URLSearchParams(location.search).get('key') ?? '';
  if (!status || isFinal(status.dataset.status)) return;

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
      if (isFinal(order.status)) events.close();
    });
    events.onopen = () => say('');
    events.onerror = () => {
      say(words.reconnecting);
      // CONNECTING: the browser retries by itself; CLOSED: it gave up (an answer that is not a stream)
      if (events.readyState === EventSource.CLOSED) setTimeout(open, REOPEN_MS);
    };
  };
  open();
}
