/**
 * What the staff read in the chat (docs/TELEGRAM.md, "What the staff see"), in Uzbek from the
 * shared catalogue: an order's message (number, table, lines with their options, comment, total,
 * its state and who moved it when) with the buttons its state allows, a call's message with
 * "Bajarildi". A message is written from the order or call as it is when it is sent, so an edit
 * always shows the latest state however many changes it stands for.
 */
import type { OrderStatus } from '@qrmenu/shared/schemas';
import { formatSom, formatTiyin, t } from '@qrmenu/shared/texts';
import type { OrderPosRow, OrderRow, TableCallRow } from '../db';
import { parseLines, paymentOf, toOrderPos } from '../repos/orders';

export interface Button {
  text: string;
  callback_data: string;
}
export interface Keyboard {
  inline_keyboard: Button[][];
}
export interface Rendered {
  text: string;
  reply_markup: Keyboard;
}

/** Who pressed which state in the chat, and when (kept with the edit it caused). */
export interface PressNote {
  status: string;
  by: string;
  at: string;
}

/**
 * A button's data (at most 64 bytes): `o:<move>:<order>` (a: accept, r: reject, d: ready,
 * s: served), `c:<call>` (done), `s:<product>` / `u:<product>` (stop / resume a dish picked
 * from several).
 */
export const ORDER_MOVES = { a: 'accepted', r: 'rejected', d: 'ready', s: 'served' } as const;
export type OrderMove = keyof typeof ORDER_MOVES;

/** "14:05" in Tashkent (UTC+5, no daylight saving). */
export function tashkentTime(iso: string): string {
  return new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(11, 16);
}

function orderButtons(order: OrderRow): Button[][] {
  const b = (text: string, move: OrderMove) => ({ text, callback_data: `o:${move}:${order.id}` });
  switch (order.status as OrderStatus) {
    case 'sent':
      return [[b(t.telegram.accept, 'a'), b(t.telegram.reject, 'r'), b(t.telegram.ready, 'd')]];
    case 'accepted':
      return [[b(t.telegram.ready, 'd'), b(t.telegram.reject, 'r')]];
    case 'ready':
      return [[b(t.orders.markServed, 's')]];
    default:
      return [];
  }
}

/** The line that says the order's state: who moved it in the chat, or the board. */
function stateLine(status: string, at: string, note: PressNote | undefined): string {
  const what = t.telegram.status[status] ?? status;
  if (status === 'sent') return what;
  const who = note && note.status === status ? note.by : t.telegram.board;
  return t.telegram.doneBy(what, who, tashkentTime(note && note.status === status ? note.at : at));
}

/** The bill's payment under the order (docs/PAYMENTS.md): paid, or cancelled after it was. */
function paymentLine(order: OrderRow): string[] {
  const payment = paymentOf(order);
  if (!payment) return [];
  const args = [
    formatTiyin(payment.amount),
    t.payments.methods[payment.method] ?? payment.method,
    tashkentTime(payment.at),
  ] as const;
  return [payment.status === 'paid' ? t.payments.paidLine(...args) : t.payments.refundedLine(...args)];
}

/** The order's way into the POS, as the board says it (docs/ORDERS.md, "Into the POS"). */
function posLines(order: OrderRow, row: OrderPosRow | undefined): string[] {
  if (!row) return [];
  const pos = toOrderPos(row, order.total);
  const words = t.orders.pos;
  return [
    t.telegram.pos(words.states[pos.state] ?? pos.state),
    ...(pos.refused_lines.length > 0
      ? pos.refused_lines.map((l) => `• ${words.refusedLine(l.name, l.reason)}`)
      : pos.reason && (pos.state === 'failed' || pos.state === 'refused')
        ? [words.reason(pos.reason)]
        : []),
    ...(pos.pos_number ? [words.posNumber(pos.pos_number)] : []),
    ...(pos.price_differs && pos.pos_total !== null
      ? [words.priceDiffers(formatSom(pos.pos_total), formatSom(order.total))]
      : []),
  ];
}

export function orderMessage(order: OrderRow, note?: PressNote, pos?: OrderPosRow): Rendered {
  const lines = parseLines(order.items).map((line) => {
    const rows = line.rows.map((r) => `${r.option}: ${r.name}`).join(', ');
    const head = `${line.quantity} × ${line.name}${rows ? ` (${rows})` : ''}`;
    return `• ${head} — ${formatSom(line.price * line.quantity)}`;
  });
  const text = [
    t.telegram.newOrder(order.number),
    t.telegram.table(order.table_name),
    '',
    ...lines,
    ...(order.comment ? ['', t.telegram.comment(order.comment)] : []),
    '',
    t.telegram.total(formatSom(order.total)),
    ...(order.status === 'rejected' && order.reject_reason
      ? [t.orders.rejectedBecause(order.reject_reason)]
      : []),
    stateLine(order.status, order.updated_at, note),
    ...paymentLine(order),
    ...posLines(order, pos),
  ].join('\n');
  return { text, reply_markup: { inline_keyboard: orderButtons(order) } };
}

export function callMessage(call: TableCallRow, note?: PressNote): Rendered {
  const head =
    call.kind === 'bill' ? t.telegram.billCall(call.table_name) : t.telegram.waiterCall(call.table_name);
  if (call.status !== 'pending') {
    const who = note?.status === 'done' ? note.by : t.telegram.board;
    const at = note?.status === 'done' ? note.at : (call.done_at ?? call.created_at);
    return {
      text: `${head}\n${t.telegram.doneBy(t.telegram.callDone, who, tashkentTime(at))}`,
      reply_markup: { inline_keyboard: [] },
    };
  }
  return {
    text: head,
    reply_markup: { inline_keyboard: [[{ text: t.telegram.callDone, callback_data: `c:${call.id}` }]] },
  };
}

/** The name of who pressed: "Aziz Karimov (@aziz_oshpaz)". */
export function whoPressed(user: {
  first_name: string;
  last_name?: string | undefined;
  username?: string | undefined;
}) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return user.username ? `${name} (@${user.username})` : name;
}
