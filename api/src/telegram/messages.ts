/**
 * What the staff read in the chat (docs/TELEGRAM.md, "What the staff see"), in Uzbek from the
 * shared catalogue: an order's message (number, table, lines with their options, comment, total,
 * its state and who moved it when) with the buttons its state allows, a call's message with
 * "Bajarildi". A message is written from the order or call as it is when it is sent, so an edit
 * always shows the latest state however many changes it stands for.
 *
 * Every text fits Telegram's limit (docs/TELEGRAM.md, "What Telegram receives"): an order too long
 * for one message goes in parts. Its lines and comment never change once it is placed, so the
 * parts are cut from them alone, the same way every time: the parts before the last are never
 * edited; the last carries the total, the state, the payment, the POS's lines and the buttons,
 * and keeps room for them (`TAIL_ROOM`), so each edit rewrites the last part only.
 */
import type { OrderStatus } from '@qrmenu/shared/schemas';
import { formatOrderRows, formatSom, formatTiyin, t } from '@qrmenu/shared/texts';
import type { OrderPosRow, OrderRow, StaffActionRow, TableCallRow } from '../db';
import { parseLines, paymentOf, toOrderPos } from '../repos/orders';

export interface Button {
  text: string;
  callback_data: string;
}
export interface Keyboard {
  inline_keyboard: Button[][];
}
/** One message's text and buttons (a part before the last of a long message has none). */
export interface Rendered {
  text: string;
  reply_markup?: Keyboard;
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

/**
 * Who did a move, as the chat reads it (docs/TELEGRAM.md, "What the staff see"): the recorded
 * move's name (a staff member's, a chat administrator's), «(buyurtmalar paneli)» after it when it
 * was made on the board; else a press's note (a move from before moves were recorded); else the
 * board.
 */
function whoDid(
  done: string,
  at: string,
  note: PressNote | undefined,
  actions: readonly StaffActionRow[] | undefined,
): { who: string; at: string } {
  const recorded = actions?.filter((a) => a.action === done).at(-1);
  if (recorded)
    return {
      who: recorded.via === 'telegram' ? recorded.actor : t.telegram.onBoard(recorded.actor),
      at: recorded.created_at,
    };
  if (note && note.status === done) return { who: note.by, at: note.at };
  return { who: t.telegram.board, at };
}

/** The line that says the order's state and who moved it there, when. */
function stateLine(
  status: string,
  at: string,
  note: PressNote | undefined,
  actions: readonly StaffActionRow[] | undefined,
): string {
  const what = t.telegram.status[status] ?? status;
  if (status === 'sent') return what;
  const done = whoDid(status, at, note, actions);
  return t.telegram.doneBy(what, done.who, tashkentTime(done.at));
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

/**
 * A guest's comment on its one «Izoh» line: its line breaks become ` / `. The chat shows text as
 * it is (no parse_mode), so a comment keeping its breaks could write lines of its own below it
 * that read as the message's («Jami: …», «To'landi: …») above the real ones.
 */
const commentLine = (comment: string): string =>
  comment.replace(/\s*[\r\n\v\f\u0085\u2028\u2029]+\s*/gu, ' / ').trim();

/** What never changes once the order is placed: its number, table, lines and comment. */
function orderBody(order: OrderRow): string[] {
  const lines = parseLines(order.items).map((line) => {
    const rows = formatOrderRows(line.rows);
    const head = `${line.quantity} × ${line.name}${rows ? ` (${rows})` : ''}`;
    return `• ${head} — ${formatSom(line.price * line.quantity)}`;
  });
  return [
    t.telegram.newOrder(order.number),
    t.telegram.table(order.table_name),
    '',
    ...lines,
    ...(order.comment ? ['', t.telegram.comment(commentLine(order.comment))] : []),
  ];
}

/** What the message's edits change: the total, the state and who moved it, the payment, the POS. */
function orderTail(
  order: OrderRow,
  note: PressNote | undefined,
  pos: OrderPosRow | undefined,
  actions: readonly StaffActionRow[] | undefined,
): string[] {
  return [
    '',
    t.telegram.total(formatSom(order.total)),
    ...(order.status === 'rejected' && order.reject_reason
      ? [t.orders.rejectedBecause(order.reject_reason)]
      : []),
    stateLine(order.status, order.updated_at, note, actions),
    ...paymentLine(order),
    ...posLines(order, pos),
  ];
}

/** The order's whole text in one piece (what its parts say together). */
export function orderMessage(
  order: OrderRow,
  note?: PressNote,
  pos?: OrderPosRow,
  actions?: readonly StaffActionRow[],
): Rendered {
  const text = [...orderBody(order), ...orderTail(order, note, pos, actions)].join('\n');
  return { text, reply_markup: { inline_keyboard: orderButtons(order) } };
}

/**
 * The order as Telegram takes it: one message, or parts whose last has its state and buttons;
 * `actions`: who moved it (staff_actions), else the press's `note`.
 */
export function orderParts(
  order: OrderRow,
  note?: PressNote,
  pos?: OrderPosRow,
  actions?: readonly StaffActionRow[],
): Rendered[] {
  return splitMessage(
    orderBody(order),
    orderTail(order, note, pos, actions),
    t.telegram.orderContinued(order.number, order.table_name),
    { inline_keyboard: orderButtons(order) },
  );
}

// ---------- Telegram's limit ----------

/**
 * sendMessage and editMessageText take a text of 1-4096 characters after entities parsing
 * (core.telegram.org/bots/api#sendmessage, #editmessagetext). This server sends no parse_mode, so
 * nothing is parsed away; Telegram counts in UTF-16 code units (#messageentity), which is a
 * JavaScript string's length.
 */
export const TEXT_LIMIT = 4096;
/**
 * Room the last part keeps for what changes after it is posted (`orderTail`: a few short lines; a
 * POS's refused dishes with their reasons can be more, and are then shortened: the board lists them all).
 */
export const TAIL_ROOM = 1024;

const joinedLength = (lines: readonly string[]) =>
  lines.reduce((n, line) => n + line.length, 0) + Math.max(0, lines.length - 1);

/** A line longer than `max` cut into pieces, never between the two halves of a surrogate pair. */
function cutLine(line: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > max) {
    const high = rest.charCodeAt(max - 1);
    const at = high >= 0xd800 && high <= 0xdbff ? max - 1 : max;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  pieces.push(rest);
  return pieces;
}

/** Lines in order, in groups whose joined text is at most `max` (each line at most `max` already). */
function pack(lines: readonly string[], max: number): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  for (const line of lines) {
    if (group.length > 0 && joinedLength(group) + 1 + line.length > max) {
      groups.push(group);
      group = [];
    }
    group.push(line);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** The tail within `room`: whole lines while they fit, then a line that says the rest is on the board. */
function fitTail(tail: readonly string[], room: number): string[] {
  if (joinedLength(tail) <= room) return [...tail];
  const more = t.telegram.shortened;
  const kept: string[] = [];
  for (const line of tail) {
    if (joinedLength([...kept, line, more]) > room) break;
    kept.push(line);
  }
  return [...kept, more];
}

/**
 * A message as Telegram takes it (each part at most `TEXT_LIMIT`): `body` never changes, so it
 * is cut the same way every time; the parts after the first start with `heading`; the last part
 * ends with `tail` and carries `keyboard`.
 */
export function splitMessage(
  body: readonly string[],
  tail: readonly string[],
  heading: string,
  keyboard: Keyboard,
): Rendered[] {
  const last = (lines: readonly string[]) => {
    const room = TEXT_LIMIT - joinedLength(lines) - (tail.length > 0 ? 1 : 0);
    return { text: [...lines, ...fitTail(tail, room)].join('\n'), reply_markup: keyboard };
  };
  if (joinedLength(body) <= TEXT_LIMIT - TAIL_ROOM) return [last(body)];
  const lastRoom = TEXT_LIMIT - TAIL_ROOM - heading.length - 1;
  const groups = pack(
    body.flatMap((line) => cutLine(line, lastRoom)),
    TEXT_LIMIT - heading.length - 1,
  );
  // the last group keeps room for the tail: the lines that do not fit go to a part before it
  const final = groups.pop() ?? [];
  let keep = final.length;
  while (keep > 1 && joinedLength(final.slice(final.length - keep)) > lastRoom) keep--;
  if (keep < final.length) groups.push(final.slice(0, final.length - keep));
  groups.push(final.slice(final.length - keep));
  return groups.map((group, i) => {
    const lines = i === 0 ? group : [heading, ...group];
    return i === groups.length - 1 ? last(lines) : { text: lines.join('\n') };
  });
}

/** sendMessage's parameters for one message (no parse_mode: the text is shown as it is). */
export const sendParams = (chatId: string, part: Rendered) => ({
  chat_id: chatId,
  text: part.text,
  ...(part.reply_markup ? { reply_markup: part.reply_markup } : {}),
});

/** editMessageText's parameters: the message `messageId` of the chat `chatId` says `part` now. */
export const editParams = (chatId: string, messageId: number, part: Rendered) => ({
  chat_id: chatId,
  message_id: messageId,
  text: part.text,
  ...(part.reply_markup ? { reply_markup: part.reply_markup } : {}),
});

/** A reply or a notice in the chat, in as many parts as it needs (its buttons on the last). */
export function textParts(text: string, keyboard?: Keyboard): Rendered[] {
  const lines = text.split('\n').flatMap((line) => cutLine(line, TEXT_LIMIT));
  const groups = pack(lines, TEXT_LIMIT);
  return groups.map((group, i) => ({
    text: group.join('\n'),
    ...(keyboard && i === groups.length - 1 ? { reply_markup: keyboard } : {}),
  }));
}

export function callMessage(
  call: TableCallRow,
  note?: PressNote,
  actions?: readonly StaffActionRow[],
): Rendered {
  const head =
    call.kind === 'bill' ? t.telegram.billCall(call.table_name) : t.telegram.waiterCall(call.table_name);
  if (call.status !== 'pending') {
    // the press's note says `done`; the recorded move `call_done`
    const done = whoDid(
      'call_done',
      call.done_at ?? call.created_at,
      note?.status === 'done' ? { ...note, status: 'call_done' } : undefined,
      actions,
    );
    return {
      text: `${head}\n${t.telegram.doneBy(t.telegram.callDone, done.who, tashkentTime(done.at))}`,
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
