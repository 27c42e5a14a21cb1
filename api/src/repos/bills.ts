/**
 * The tables' bills (docs/PAYMENTS.md): a bill, the orders it covers (`orders.bill_id`) and the
 * copy of its payment on those orders. Amounts are integers of tiyin; PostgreSQL answers a
 * `bigint` as text, so each is read through `Number` (bills stay far below 2^53 tiyin).
 */
import type { BillRow, OrderRow } from '../db';
import { chunks, type Dialect, type Q } from './query';

const asBill = (r: BillRow): BillRow => ({ ...r, amount: Number(r.amount) });

/**
 * How a bill is read: `lock` keeps its row until the transaction ends, so that whatever is decided
 * from it (no payment holds it, its amount) stays true until the commit: two payments beginning
 * on one bill at once take it one after the other, and the second sees the first's hold
 * (docs/PAYMENTS.md, "The bill"). PostgreSQL: `FOR NO KEY UPDATE`, which waits for another
 * holder and then reads the row as it was committed, yet lets the payments' rows that reference
 * the bill be inserted meanwhile (their key check takes a weaker lock). SQLite runs one write
 * transaction at a time anyway.
 */
export interface BillRead {
  lock?: boolean;
}

export function billsRepository(q: Q, dialect: Dialect) {
  const locking = (read: BillRead) => read.lock === true && dialect === 'postgres';
  return {
    async find(id: string, read: BillRead = {}): Promise<BillRow | undefined> {
      const r = await q
        .selectFrom('bills')
        .selectAll()
        .where('id', '=', id)
        .$if(locking(read), (qb) => qb.forNoKeyUpdate())
        .executeTakeFirst();
      return r && asBill(r);
    },

    /** The table's open bill, if any (at most one: a partial unique index). */
    async openOf(placementId: string, read: BillRead = {}): Promise<BillRow | undefined> {
      const r = await q
        .selectFrom('bills')
        .selectAll()
        .where('placement_id', '=', placementId)
        .where('status', '=', 'open')
        .$if(locking(read), (qb) => qb.forNoKeyUpdate())
        .executeTakeFirst();
      return r && asBill(r);
    },

    async insert(row: BillRow): Promise<void> {
      await q.insertInto('bills').values(row).execute();
    },

    /** A new amount while no payment holds the bill (the caller checked). */
    async setAmount(id: string, amount: number, at: string): Promise<void> {
      await q.updateTable('bills').set({ amount, updated_at: at }).where('id', '=', id).execute();
    },

    /** Moves a bill from `from` to `to` only if it is still `from` (two calls racing: one wins). */
    async move(
      id: string,
      from: string,
      to: string,
      paid: { method: string | null; at: string | null },
      at: string,
    ): Promise<boolean> {
      const res = await q
        .updateTable('bills')
        .set({ status: to, paid_method: paid.method, paid_at: paid.at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** The table's orders no bill covers yet, but rejected ones, oldest first. */
    unbilledOf: (placementId: string): Promise<OrderRow[]> =>
      q
        .selectFrom('orders')
        .selectAll()
        .where('placement_id', '=', placementId)
        .where('bill_id', 'is', null)
        .where('status', '!=', 'rejected')
        .orderBy('created_at')
        .execute(),

    /** The orders a bill covers, oldest first. */
    ordersOf: (billId: string): Promise<OrderRow[]> =>
      q.selectFrom('orders').selectAll().where('bill_id', '=', billId).orderBy('created_at').execute(),

    async attach(billId: string, orderIds: readonly string[]): Promise<void> {
      if (orderIds.length === 0) return;
      await q.updateTable('orders').set({ bill_id: billId }).where('id', 'in', orderIds).execute();
    },

    /** The bill's orders leave it (its payment was cancelled: the table's next bill takes them). */
    async detach(billId: string): Promise<void> {
      await q.updateTable('orders').set({ bill_id: null }).where('bill_id', '=', billId).execute();
    },

    /** Writes the bill's payment on its orders (null status: the copy is cleared). */
    async copyPayment(
      billId: string,
      payment: { status: string | null; method: string | null; amount: number | null; at: string | null },
      updatedAt: string,
    ): Promise<void> {
      await q
        .updateTable('orders')
        .set({
          payment_status: payment.status,
          payment_method: payment.method,
          payment_amount: payment.amount,
          payment_at: payment.at,
          updated_at: updatedAt,
        })
        .where('bill_id', '=', billId)
        .execute();
    },

    /** The bills of these ids (those that exist). */
    async findMany(ids: readonly string[]): Promise<BillRow[]> {
      if (ids.length === 0) return [];
      const out: BillRow[] = [];
      for (const part of chunks(ids)) {
        const rows = await q.selectFrom('bills').selectAll().where('id', 'in', part).execute();
        out.push(...rows.map(asBill));
      }
      return out;
    },

    /** A restaurant's bills paid (or refunded) in a period, by their payment's time. */
    async paidBetween(restaurantId: string, from: string, to: string): Promise<BillRow[]> {
      const rows = await q
        .selectFrom('bills')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('paid_at', '>=', from)
        .where('paid_at', '<', to)
        .orderBy('paid_at')
        .execute();
      return rows.map(asBill);
    },
  };
}
