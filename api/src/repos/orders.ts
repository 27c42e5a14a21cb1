/**
 * Guests' orders (docs/ORDERS.md): one row per order with its lines' snapshot as JSON text
 * (`StoredOrderLine[]`: what was ordered, in Uzbek and in the guest's language, with the external
 * ids a POS will need), and the mappers to the staff's and the guest's answers.
 */
import type {
  GuestOrder,
  GuestOrderPos,
  Order,
  OrderLine,
  OrderPayment,
  OrderPos,
  OrderStatus,
  OrderTelegram,
  PaymentPos,
  PosOrderState,
} from '@qrmenu/shared/schemas';
import type { OrderPosRow, OrderRow, PaymentPosRow, TelegramOutboxRow } from '../db';
import { chunks, madeAtTable, type Q } from './query';

/** A chosen row as stored: ids, names in Uzbek and in the guest's language, its extra. */
export interface StoredOrderRow {
  _id: string;
  external_id: string | null;
  /**
   * Its option's external id (a POS's: iiko's modifier group `productGroupId`, or the size and
   * single-modifier options' fixed ids). Absent on orders stored before it was kept.
   */
  option_external_id?: string | null;
  option: string;
  name: string;
  guest_option: string;
  guest_name: string;
  /** Times taken on one portion of the line; absent on orders placed before rows had counts: 1. */
  quantity?: number;
  /** Of those, how many cost nothing (iiko's `freeOfChargeAmount`); absent: none. */
  free_quantity?: number;
  price: number;
}

/** A line as stored (the `items` column). */
export interface StoredOrderLine {
  product_id: string;
  external_id: string | null;
  name: string;
  guest_name: string;
  quantity: number;
  /** Unit price: the product's price plus its rows' extras. */
  price: number;
  rows: StoredOrderRow[];
}

export const parseLines = (items: string): StoredOrderLine[] => JSON.parse(items) as StoredOrderLine[];

/** A stored line as one reader sees it: the staff in the menu's names, the guest in the language they ordered in. */
const lineFor =
  (reader: 'staff' | 'guest') =>
  (l: StoredOrderLine): OrderLine => {
    const guest = reader === 'guest';
    return {
      product_id: l.product_id,
      name: guest ? l.guest_name : l.name,
      quantity: l.quantity,
      price: l.price,
      rows: l.rows.map((r) => ({
        _id: r._id,
        option: guest ? r.guest_option : r.option,
        name: guest ? r.guest_name : r.name,
        price: r.price,
        quantity: r.quantity ?? 1,
      })),
    };
  };

/** The copy of its bill's payment an order carries (docs/PAYMENTS.md), or null. */
export function paymentOf(r: OrderRow): OrderPayment | null {
  if (!r.payment_status || !r.payment_method || r.payment_amount == null || !r.payment_at) return null;
  return {
    status: r.payment_status as OrderPayment['status'],
    method: r.payment_method as OrderPayment['method'],
    amount: Number(r.payment_amount),
    at: r.payment_at,
  };
}
/** Below a hundredth of a so'm two totals are the same. */
const SAME_TOTAL = 0.01;

/** What the staff see of an order's way into the POS. */
export const toOrderPos = (p: OrderPosRow, total: number): OrderPos => ({
  state: p.state as PosOrderState,
  reason: p.reason,
  refused_lines: JSON.parse(p.refused_lines),
  attempts: p.attempts,
  next_try_at: p.next_at ? new Date(p.next_at).toISOString() : null,
  pos_order_id: p.pos_order_id,
  pos_number: p.pos_number,
  pos_total: p.pos_total,
  price_differs: p.pos_total !== null && Math.abs(p.pos_total - total) >= SAME_TOTAL,
});

/**
 * What a guest reads of it: faults are the staff's to handle, so the guest reads "being passed
 * on"; an order rejected before it went says nothing more (the guest reads the rejection).
 */
export const toGuestOrderPos = (p: OrderPosRow, lines: StoredOrderLine[]): GuestOrderPos | null => {
  if (p.state === 'cancelled') return null;
  if (p.state === 'accepted') return { state: 'accepted', refused: [] };
  if (p.state === 'refused') {
    const refused = (JSON.parse(p.refused_lines) as { index: number; name: string }[]).map(
      (l) => lines[l.index]?.guest_name ?? l.name,
    );
    return { state: 'refused', refused };
  }
  return { state: 'sending', refused: [] };
};

/**
 * An order's post in the Telegram chat as the board reads it (docs/TELEGRAM.md): one failed, or
 * left alone (rejected before its turn, folded into a backlog's one message), never reached the
 * chat as itself, and says why.
 */
export const toOrderTelegram = (post: TelegramOutboxRow): OrderTelegram => ({
  state: post.status === 'pending' ? 'waiting' : post.status === 'sent' ? 'sent' : 'failed',
  reason: post.status === 'failed' || post.status === 'skipped' ? post.last_error : null,
});

/**
 * What the staff's and the guest's answers both show of an order, in their order (its lines as
 * `reader` sees them).
 */
const orderBody = (r: OrderRow, reader: 'staff' | 'guest') => ({
  table: r.table_name,
  status: r.status as OrderStatus,
  reject_reason: r.reject_reason,
  language: r.language as Order['language'],
  comment: r.comment,
  items: parseLines(r.items).map(lineFor(reader)),
  total: r.total,
  payment: paymentOf(r),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * The staff's answer (names in Uzbek); `paymentPos` and `telegram` (its post in the chat, null:
 * none) when the caller read them (the board).
 */
export const toOrder = (
  r: OrderRow,
  pos?: OrderPosRow | null,
  paymentPos?: PaymentPosRow | null,
  telegram?: TelegramOutboxRow | null,
): Order => ({
  _id: r.id,
  restaurant_id: r.restaurant_id,
  number: r.number,
  day: r.day,
  placement_id: r.placement_id,
  ...orderBody(r, 'staff'),
  pos: pos ? toOrderPos(pos, r.total) : null,
  ...(paymentPos !== undefined
    ? {
        payment_pos: paymentPos
          ? { state: paymentPos.state as PaymentPos['state'], reason: paymentPos.reason }
          : null,
      }
    : {}),
  ...(telegram !== undefined ? { telegram: telegram ? toOrderTelegram(telegram) : null } : {}),
});

/**
 * Each order's bill's payment into the POS: the row of its bill and its POS order (a bill's
 * orders may sit in several POS orders, each paid on its own).
 */
export async function paymentPosOf(
  repos: { paymentPos: { ofBills(ids: readonly string[]): Promise<PaymentPosRow[]> } },
  orders: readonly OrderRow[],
  pos: ReadonlyMap<string, OrderPosRow>,
): Promise<Map<string, PaymentPosRow | null>> {
  const billIds = [...new Set(orders.map((o) => o.bill_id).filter((b): b is string => Boolean(b)))];
  const rows = await repos.paymentPos.ofBills(billIds);
  return new Map(
    orders.map((o) => [
      o.id,
      rows.find((r) => r.bill_id === o.bill_id && r.pos_order_id === pos.get(o.id)?.pos_order_id) ?? null,
    ]),
  );
}

/** Each order's post in its restaurant's Telegram chat (the board's «Telegramga yuborilmadi»). */
export async function telegramPostsOf(
  repos: {
    telegramOutbox: {
      orderPosts(restaurantId: string, orderIds: readonly string[]): Promise<TelegramOutboxRow[]>;
    };
  },
  orders: readonly OrderRow[],
): Promise<Map<string, TelegramOutboxRow>> {
  const byRestaurant = new Map<string, string[]>();
  for (const o of orders)
    byRestaurant.set(o.restaurant_id, [...(byRestaurant.get(o.restaurant_id) ?? []), o.id]);
  // the restaurants' reads at once: on PostgreSQL each is a round trip of its own, and a live
  // read of many restaurants' events waited for them one after another
  const found = await Promise.all(
    [...byRestaurant].map(([restaurantId, ids]) => repos.telegramOutbox.orderPosts(restaurantId, ids)),
  );
  return new Map(found.flat().map((post) => [post.ref, post]));
}

/** The guest's answer (names in the order's language) with the key that opens it again. */
export const toGuestOrder = (r: OrderRow, pos?: OrderPosRow | null): GuestOrder => ({
  _id: r.id,
  number: r.number,
  ...orderBody(r, 'guest'),
  key: r.guest_key,
  pos: pos ? toGuestOrderPos(pos, parseLines(r.items)) : null,
});

export function ordersRepository(q: Q) {
  return {
    find: (id: string) => q.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The order a cart's attempt already made (its idempotency key), if any. */
    findByKey: (restaurantId: string, idempotencyKey: string) =>
      q
        .selectFrom('orders')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst(),

    /** The same, by the table the order was placed at (read beside the table, not after it). */
    findByKeyAtTable: (placementId: string, idempotencyKey: string) =>
      q
        .selectFrom('orders')
        .selectAll()
        .where('restaurant_id', '=', (eb) =>
          eb
            .selectFrom('placements')
            .select('placements.restaurant_id')
            .where('placements.id', '=', placementId),
        )
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst(),

    async byIds(ids: readonly string[]): Promise<OrderRow[]> {
      const out: OrderRow[] = [];
      for (const part of chunks(ids)) {
        out.push(...(await q.selectFrom('orders').selectAll().where('id', 'in', part).execute()));
      }
      return out;
    },

    async insert(row: OrderRow): Promise<void> {
      await q.insertInto('orders').values(row).execute();
    },

    /** Whether the restaurant has any order at all (the demo's seed writes its orders once). */
    async anyOf(restaurantId: string): Promise<boolean> {
      const row = await q
        .selectFrom('orders')
        .select('id')
        .where('restaurant_id', '=', restaurantId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A restaurant's orders of one day, newest first (index: restaurant, day, number). */
    listDay: (restaurantId: string, day: string) =>
      q
        .selectFrom('orders')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .orderBy('number', 'desc')
        .execute(),

    /** Per-day counts and the served orders' sum, days `from`..`to` (newest first). */
    dayTotals: (restaurantId: string, from: string, to: string) =>
      q
        .selectFrom('orders')
        .select((eb) => [
          'day',
          eb.fn.countAll<number>().as('orders'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'served').then(1).else(0).end()).as('served'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'rejected').then(1).else(0).end()).as('rejected'),
          eb.fn
            .sum<number>(eb.case().when('status', '=', 'served').then(eb.ref('total')).else(0).end())
            .as('total'),
        ])
        .where('restaurant_id', '=', restaurantId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day', 'desc')
        .execute(),

    /**
     * When the orders of a table since `since` were made, newest first, at most `limit` (the
     * per-table limit: index placement, created_at).
     */
    recentOfPlacement: (placementId: string, since: string, limit: number): Promise<string[]> =>
      madeAtTable(q, 'orders', placementId, since, limit),

    /**
     * When the orders of a restaurant since `since` were made, newest first, at most `limit` (the
     * per-restaurant limit: its days from `since`'s on, on the index restaurant, day, number).
     */
    recentOfRestaurant: async (
      restaurantId: string,
      since: string,
      sinceDay: string,
      limit: number,
    ): Promise<string[]> =>
      (
        await q
          .selectFrom('orders')
          .select('created_at')
          .where('restaurant_id', '=', restaurantId)
          .where('day', '>=', sinceDay)
          .where('created_at', '>', since)
          .orderBy('created_at', 'desc')
          .limit(limit)
          .execute()
      ).map((r) => r.created_at),

    /** Moves an order on only if it is still in status `from` (two taps racing: one wins). */
    async moveStatus(
      id: string,
      from: string,
      to: string,
      reason: string | null,
      at: string,
      /** The move's time kept on the order too (the reports' accept and kitchen times). */
      stamp?: 'accepted_at' | 'ready_at',
    ): Promise<boolean> {
      const res = await q
        .updateTable('orders')
        .set({ status: to, reject_reason: reason, updated_at: at, ...(stamp ? { [stamp]: at } : {}) })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A waiter took the order over from another waiter's table (its event tells the boards). */
    async takeOver(id: string, waiterId: string, at: string): Promise<void> {
      await q
        .updateTable('orders')
        .set({ taken_by: waiterId, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Whether the waiter took over an order of that table today (closing its bill is theirs then). */
    async tookOverAt(placementId: string, waiterId: string, day: string): Promise<boolean> {
      const row = await q
        .selectFrom('orders')
        .select('id')
        .where('placement_id', '=', placementId)
        .where('day', '=', day)
        .where('taken_by', '=', waiterId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
