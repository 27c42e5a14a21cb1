/**
 * Kept whole: one conversation with iiko (tables, create or add, follow the command, look up
 * before a retry) whose steps only make sense together.
 *
 * Guests' orders into iiko Cloud (docs/ORDERS.md, "Into the POS"; README.md here): a table order.
 *
 * - Tables: `/api/1/terminal_groups`, then `/api/1/reserve/available_restaurant_sections` of the
 *   chosen terminal group (a table's name is iiko's `name`, else its `number`).
 * - Sending: `/api/1/order/create` with `checkStopList`, or, when the table already has an open
 *   iiko order (`/api/1/order/by_table`), `/api/1/order/add_items` to it. Both are asynchronous:
 *   the answer's `correlationId` is followed with `/api/1/commands/status` (`InProgress`,
 *   `Success`, `Error`, compared without case).
 * - Never twice: the iiko order's `id` and each item's `positionId` are made from our order's id
 *   (the same on every try), and `externalNumber` is our order's id. Before a send, the order (or
 *   the open order's positions) is looked up with `/api/1/order/by_id`: a try whose answer was
 *   lost finds its order there and does not send again. The non-idempotent calls are made once
 *   per try (no HTTP retry inside): the sender retries, looking first.
 * - A refusal (an error answer of 4xx, or a command's `Error`) names the lines whose product or
 *   size iiko's words mention; iiko's words are kept for the staff.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { PosLogger } from '../../pos/http';
import { PosHttpError } from '../../pos/http';
import type {
  PosOrderChannel,
  PosOrderDraft,
  PosOrderLine,
  PosSendResult,
  PosTable,
} from '../../pos/outgoing-orders';
import { enumKey } from '../../pos/skipped';
import {
  commandStatusAnswer,
  correlationAnswer,
  type IikoOrderInfo,
  orderCreateAnswer,
  ordersAnswer,
  restaurantSectionsAnswer,
  terminalGroupsAnswer,
} from './api';

/** An authorised iiko call; `once`: no HTTP retry (a call that must not be repeated blindly). */
export type IikoCall = <T>(path: string, body: unknown, schema: z.ZodType<T>, once?: boolean) => Promise<T>;

/** A uuid made from `seed`: the same on every try, so iiko sees one order, one position. */
export function stableUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16] as string, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The iiko order ids our order may take, in turn: the first, then a new one for each time iiko
 * refused it (its refused order keeps its id in iiko, so «Qayta yuborish» needs another).
 */
const ORDER_ID_TURNS = 5;
export const iikoOrderIds = (draft: Pick<PosOrderDraft, 'orderId'>) =>
  Array.from({ length: ORDER_ID_TURNS }, (_, i) =>
    stableUuid(i === 0 ? `order:${draft.orderId}` : `order:${draft.orderId}:${i + 1}`),
  );
export const iikoOrderId = (draft: Pick<PosOrderDraft, 'orderId'>) => iikoOrderIds(draft)[0] as string;
export const iikoPositionId = (draft: PosOrderDraft, index: number) =>
  stableUuid(`position:${draft.orderId}:${index}`);

/**
 * A pending send's ticket (opaque to the sender): the iiko order it goes to and the command's
 * correlation id (empty: ask about the order itself).
 */
const ticketOf = (posOrderId: string, correlationId: string) => `${posOrderId} ${correlationId}`;
const readTicket = (ticket: string) => {
  const [posOrderId = '', correlationId = ''] = ticket.split(' ');
  return { posOrderId, correlationId };
};

/** So'm as iiko takes them: a decimal number, to the tiyin (sums of extras differ in the last bits). */
const som = (n: number) => Math.round(n * 100) / 100;

/** What a modifier adds to one portion of its line: its price for each of its amount not free. */
const chargedAmount = (amount: number, free: number | null | undefined) => Math.max(0, amount - (free ?? 0));

/**
 * A line's product's unit price as our menu priced it: its size's price when it has one (our
 * price plus the size row's extra, mapping.ts `mapSizes`), without the modifiers, which iiko
 * takes with their own price. That is our line's unit price less its modifiers' extras (each
 * modifier's price times its amount less its free portions, as our line added it up).
 */
export const iikoProductPrice = (line: PosOrderLine) =>
  som(
    line.price -
      line.modifiers.reduce((sum, m) => sum + (m.price ?? 0) * chargedAmount(m.amount, m.freeAmount), 0),
  );

/**
 * iiko's limit of an item's comment (`OrderItem.comment`, `maxLength: 255`), counted here in
 * UTF-16 units, the stricter count (.NET's string length; JSON Schema counts code points).
 */
export const IIKO_ITEM_COMMENT_LENGTH = 255;
/** Starts a note's continuation on the next line, ends a note cut short. */
const MORE = '…';

/**
 * Our order's note for the kitchen and the cashier: `QR #<number>`, the table's name when the
 * placement is not mapped to an iiko table, the guest's comment. A table order has no comment
 * of its own in iiko (`TableOrder` has none, a delivery order has): it goes on the items.
 */
export function iikoNote(draft: PosOrderDraft): string {
  return [`QR #${draft.number}`, draft.tableId ? null : draft.tableName.trim(), draft.comment?.trim()]
    .filter((p): p is string => Boolean(p))
    .join(' · ');
}

/**
 * The note as the items' comments: all of it on the first line when it fits (a guest's comment
 * of up to ~180 characters with the longest placement name does), else continued on the next lines'
 * (each continuation starts with «…»); what no line has room for is cut (the last ends with «…»)
 * and `cut` counts it.
 */
export function iikoItemComments(note: string, lines: number): { comments: (string | null)[]; cut: number } {
  const chars = Array.from(note);
  const comments: (string | null)[] = [];
  let at = 0;
  for (let i = 0; i < lines; i++) {
    if (at >= chars.length) {
      comments.push(null);
      continue;
    }
    const head = i === 0 ? '' : MORE;
    let room = IIKO_ITEM_COMMENT_LENGTH - head.length;
    let end = at;
    while (end < chars.length && (chars[end] as string).length <= room)
      room -= (chars[end++] as string).length;
    if (end < chars.length && i === lines - 1) {
      // no line after this one: the end is cut, and said to be
      while (room < MORE.length) room += (chars[--end] as string).length;
      comments.push(`${head}${chars.slice(at, end).join('')}${MORE}`);
      return { comments, cut: chars.length - end };
    }
    // continued on the next line: broken after a space when one is near
    const space = end < chars.length ? chars.lastIndexOf(' ', end - 1) : -1;
    if (space > at + (end - at) / 2) end = space + 1;
    comments.push(`${head}${chars.slice(at, end).join('')}`);
    at = end;
  }
  return { comments, cut: 0 };
}

/**
 * The draft's lines as iiko's order items (`ProductOrderItem`): `price` is required, "Price per
 * item unit. Can be sent different from the price in the base menu": we send ours, the price the
 * guest was shown; each modifier with its own unit `price`; our note in the items' `comment`.
 */
export function iikoItems(draft: PosOrderDraft, log?: PosLogger) {
  const { comments, cut } = iikoItemComments(iikoNote(draft), draft.lines.length);
  if (cut > 0)
    log?.warn(
      { provider: 'iiko', orderId: draft.orderId, cut },
      "the order's note is longer than its items' comments hold: its end is cut",
    );
  return draft.lines.map((line, index) => ({
    type: 'Product',
    productId: line.productId,
    amount: line.amount,
    ...(line.sizeId ? { productSizeId: line.sizeId } : {}),
    price: iikoProductPrice(line),
    ...(comments[index] ? { comment: comments[index] } : {}),
    modifiers: line.modifiers.map((m) => ({
      productId: m.id,
      amount: m.amount,
      ...(m.groupId ? { productGroupId: m.groupId } : {}),
      ...(m.price !== undefined ? { price: som(m.price) } : {}),
    })),
    positionId: iikoPositionId(draft, index),
  }));
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `name` standing whole in iiko's `words` (not inside a longer word), without case and without
 * the spaces around it; an empty name names nothing.
 */
function names(words: string, name: string | undefined): boolean {
  const wanted = name?.trim();
  if (!wanted) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped(wanted)}(?![\\p{L}\\p{N}])`, 'iu').test(words);
}

/**
 * The lines iiko's words name: by id first (the product's, the size's, a modifier's or its
 * group's, or the position's, without case: "Order item modifier “<group>” (<group id>) has
 * invalid group amount ..."); when no id of ours is there, by name: iiko words a refusal its own
 * way ("Product <name>, id <id> ...", "items <name> (<id>)": api/test/fixtures/iiko/
 * refusals.recorded.json),
 * and the id it gives may be one we do not know. The name is the one iiko knows: a POS product's
 * and a modifier row's names are iiko's as imported (the sync overwrites them, mapping.ts), kept
 * on the order's lines. None named: the order is refused without naming a line.
 */
export function refusedLines(draft: PosOrderDraft, words: string): { index: number; reason: string }[] {
  const text = words.toLowerCase();
  const lines = draft.lines.map((line, index) => ({ line, index }));
  const byId = lines.filter(({ line, index }) =>
    [
      line.productId,
      line.sizeId,
      iikoPositionId(draft, index),
      ...line.modifiers.flatMap((m) => [m.id, m.groupId]),
    ].some((id) => id && text.includes(id.toLowerCase())),
  );
  const named =
    byId.length > 0
      ? byId
      : lines.filter(
          ({ line }) => names(words, line.name) || line.modifiers.some((m) => names(words, m.name)),
        );
  return named.map(({ index }) => ({ index, reason: words }));
}

const refused = (draft: PosOrderDraft, words: string): PosSendResult => ({
  state: 'refused',
  reason: words,
  lines: refusedLines(draft, words),
});

/** iiko's words on an order it did not make: its `errorInfo`'s localized `message`, else the rest. */
const errorWords = (info: IikoOrderInfo | undefined) => {
  const e = info?.errorInfo;
  return e?.message || e?.description || e?.code || 'Error';
};

/** An error answer the POS gave to the request itself (not a fault): iiko refused it. */
const isRefusal = (err: unknown): err is PosHttpError =>
  err instanceof PosHttpError &&
  err.status >= 400 &&
  err.status < 500 &&
  ![401, 403, 408, 429].includes(err.status);

/**
 * The values iiko's description gives the enums the order paths read: `creationStatus`
 * (`CreationStatus`), a command's `state` (`GetCommandStatusResponse`'s mapping), an order's
 * `status` (`OrderStatus`), an item's `type` (`OrderItem`'s mapping). They are compared without
 * case (skipped.ts `enumKey`); a value outside them is logged with what was done with it.
 */
const IIKO_ENUMS = {
  creationStatus: ['success', 'inprogress', 'error'],
  state: ['success', 'inprogress', 'error'],
  status: ['new', 'bill', 'closed', 'deleted'],
  type: ['product', 'compound', 'service'],
} as const;

/** An enum's value as compared (`enumKey`), a value iiko does not describe logged with `then`. */
function iikoEnum(
  log: PosLogger | undefined,
  field: keyof typeof IIKO_ENUMS,
  value: unknown,
  then: string,
): string {
  const key = enumKey(value);
  if (!(IIKO_ENUMS[field] as readonly string[]).includes(key))
    log?.warn({ provider: 'iiko', field, value: value ?? null }, `iiko sent an unknown ${field}: ${then}`);
  return key;
}

/**
 * What iiko charges for this draft's lines, read like ours (our line: unit price with its rows'
 * extras, times its amount): each of its positions' `cost` ("Total cost per item without tax,
 * discounts/surcharges"; a modifier has no `cost` and the item's holds none), plus each of its
 * modifiers' unit `price` times its `amount` less its `freeOfChargeAmount` ("Free of charge
 * amount", as our menu counts a row's free portions), times the position's amount unless
 * `amountIndependentOfParentAmount` ("Whether quantity of modifier depends on quantity of item").
 * Not a modifier's `resultSum` ("including tax, discounts/surcharges"): beside a `cost` without
 * them it would count a discount given in iiko as a price that differs. An add shares the order
 * with earlier ones, so the order's `sum` is not this draft's. Unknown when a position or one of
 * its numbers is missing.
 */
function costOf(
  draft: PosOrderDraft,
  info: IikoOrderInfo | undefined,
  log: PosLogger | undefined,
): number | undefined {
  const items = info?.order?.items ?? [];
  let total = 0;
  for (let index = 0; index < draft.lines.length; index++) {
    const id = iikoPositionId(draft, index);
    const item = items.find((i) => i.positionId === id);
    if (typeof item?.cost !== 'number') return undefined;
    iikoEnum(log, 'type', item.type, 'our position counted by its cost all the same');
    total += item.cost;
    const portions = item.amount ?? (draft.lines[index] as PosOrderLine).amount;
    for (const m of item.modifiers) {
      if (typeof m.price !== 'number' || typeof m.amount !== 'number') return undefined;
      total +=
        m.price *
        chargedAmount(m.amount, m.freeOfChargeAmount) *
        (m.amountIndependentOfParentAmount ? 1 : portions);
    }
  }
  return som(total);
}

/** What an accepted iiko order says: its id, number, and the sum of this draft's lines. */
const accepted = (
  draft: PosOrderDraft,
  info: IikoOrderInfo | undefined,
  posOrderId: string,
  log?: PosLogger,
): PosSendResult => {
  const posTotal = costOf(draft, info, log);
  return {
    state: 'accepted',
    posOrderId,
    ...(info?.order?.number != null ? { posNumber: String(info.order.number) } : {}),
    ...(posTotal !== undefined ? { posTotal } : {}),
  };
};

export function iikoOrders(call: IikoCall, log: PosLogger | undefined): PosOrderChannel {
  /** An order's `creationStatus` as compared; an unknown one waits (taken as still in progress). */
  const creation = (o: IikoOrderInfo | undefined) =>
    iikoEnum(log, 'creationStatus', o?.creationStatus, 'the order taken as still being made');
  const taken = (draft: PosOrderDraft, info: IikoOrderInfo | undefined, posOrderId: string) =>
    accepted(draft, info, posOrderId, log);

  async function byIds(organizationId: string, orderIds: string[]): Promise<IikoOrderInfo[]> {
    const answer = await call(
      '/api/1/order/by_id',
      { organizationIds: [organizationId], orderIds },
      ordersAnswer,
    );
    return answer.orders;
  }
  async function byId(organizationId: string, orderId: string): Promise<IikoOrderInfo | undefined> {
    return (await byIds(organizationId, [orderId])).find((o) => o.id === orderId && creation(o) !== 'error');
  }

  /** Where a send stands after `Success`: the order's number and sum (the add's: the order's). */
  async function settled(draft: PosOrderDraft, posOrderId: string): Promise<PosSendResult> {
    const info = await byId(draft.locationId, posOrderId);
    return taken(draft, info, posOrderId);
  }

  async function send(draft: PosOrderDraft, openPosOrderId: string | null): Promise<PosSendResult> {
    if (!draft.terminalGroupId) throw new Error('iiko orders need the terminal group');
    const items = iikoItems(draft, log);
    try {
      if (openPosOrderId) {
        // a lost answer's add is already there: its first position is in the order
        const open = await byId(draft.locationId, openPosOrderId);
        const first = items[0]?.positionId;
        if (open?.order?.items.some((i) => i.positionId === first)) return taken(draft, open, openPosOrderId);
        const answer = await call(
          '/api/1/order/add_items',
          { organizationId: draft.locationId, orderId: openPosOrderId, items, combos: [] },
          correlationAnswer,
          true,
        );
        return {
          state: 'pending',
          ticket: ticketOf(openPosOrderId, answer.correlationId),
          posOrderId: openPosOrderId,
        };
      }
      // the first of our ids iiko has not refused: made already (a lost answer) or still free
      const candidates = iikoOrderIds(draft);
      const known = await byIds(draft.locationId, candidates);
      const id = candidates.find((c) => !known.some((o) => o.id === c && creation(o) === 'error'));
      if (!id) return refused(draft, 'iiko refused this order too many times');
      const before = known.find((o) => o.id === id);
      if (before) {
        return creation(before) === 'success'
          ? taken(draft, before, id)
          : { state: 'pending', ticket: ticketOf(id, ''), posOrderId: id };
      }
      const answer = await call(
        '/api/1/order/create',
        {
          organizationId: draft.locationId,
          terminalGroupId: draft.terminalGroupId,
          createOrderSettings: { checkStopList: true },
          order: {
            id,
            externalNumber: draft.orderId,
            ...(draft.tableId ? { tableIds: [draft.tableId] } : {}),
            items,
          },
        },
        orderCreateAnswer,
        true,
      );
      const status = creation(answer.orderInfo);
      if (status === 'success') return taken(draft, answer.orderInfo, answer.orderInfo.id);
      if (status === 'error') return refused(draft, errorWords(answer.orderInfo));
      return {
        state: 'pending',
        ticket: ticketOf(answer.orderInfo.id, answer.correlationId),
        posOrderId: answer.orderInfo.id,
      };
    } catch (err) {
      if (isRefusal(err)) return refused(draft, err.detail ?? err.message);
      throw err;
    }
  }

  async function follow(draft: PosOrderDraft, ticket: string): Promise<PosSendResult> {
    const { posOrderId, correlationId } = readTicket(ticket);
    if (!correlationId) {
      // a send found its order already made, still being made: ask about the order itself, which
      // iiko may fail to make in the end (its `creationStatus` `Error`, with its `errorInfo`)
      const info = (await byIds(draft.locationId, [posOrderId])).find((o) => o.id === posOrderId);
      const status = creation(info);
      if (status === 'success') return taken(draft, info, posOrderId);
      if (status === 'error') return refused(draft, errorWords(info));
      return { state: 'pending', ticket, posOrderId };
    }
    const answer = await call(
      '/api/1/commands/status',
      { organizationId: draft.locationId, correlationId },
      commandStatusAnswer,
    );
    const state = iikoEnum(log, 'state', answer.state, 'asked again later');
    if (state === 'success') return settled(draft, posOrderId);
    if (state === 'error') {
      const message = answer.exception?.message;
      return refused(draft, (typeof message === 'string' && message) || answer.errorReason || 'Error');
    }
    return { state: 'pending', ticket, posOrderId };
  }

  return {
    async listTerminalGroups(organizationId) {
      const answer = await call(
        '/api/1/terminal_groups',
        { organizationIds: [organizationId], includeDisabled: false },
        terminalGroupsAnswer,
      );
      return answer.terminalGroups
        .filter((g) => g.organizationId === organizationId)
        .flatMap((g) => g.items.map((i) => ({ id: i.id, name: i.name?.trim() || i.id })));
    },

    async listTables(_organizationId, terminalGroupId): Promise<PosTable[]> {
      if (!terminalGroupId) return [];
      const answer = await call(
        '/api/1/reserve/available_restaurant_sections',
        { terminalGroupIds: [terminalGroupId], returnSchema: false },
        restaurantSectionsAnswer,
      );
      return answer.restaurantSections
        .filter((s) => s.terminalGroupId === terminalGroupId)
        .flatMap((s) =>
          s.tables
            .filter((t) => !t.isDeleted)
            .map((t) => ({
              id: t.id,
              name: t.name?.trim() || (t.number != null ? String(t.number) : t.id),
              section: s.name?.trim() || '',
            })),
        );
    },

    send,
    follow,

    async openOrderOfTable(draft) {
      if (!draft.tableId) return null;
      const answer = await call(
        '/api/1/order/by_table',
        {
          organizationIds: [draft.locationId],
          tableIds: [draft.tableId],
          statuses: ['New', 'Bill'],
        },
        ordersAnswer,
      );
      // an order still open for new dishes (`New`; a `Bill` is being paid), made (not failed)
      const open = answer.orders.find(
        (o) =>
          creation(o) === 'success' &&
          iikoEnum(log, 'status', o.order?.status, "not taken as the table's open order") === 'new',
      );
      return open?.id ?? null;
    },
  };
}
