/**
 * Payme's transactions (docs/PAYMENTS.md): Payme's id is the key, so a repeated CreateTransaction
 * cannot make a second row; every state change is conditional on the state it leaves (a repeat
 * racing the first call changes nothing twice). `bigint` columns are read through `Number`.
 */
import type { PaymeTransactionRow } from '../db';
import type { Q } from './query';

const asRow = (r: PaymeTransactionRow): PaymeTransactionRow => ({
  ...r,
  time: Number(r.time),
  amount: Number(r.amount),
  create_time: Number(r.create_time),
  perform_time: Number(r.perform_time),
  cancel_time: Number(r.cancel_time),
  state: Number(r.state),
  reason: r.reason === null ? null : Number(r.reason),
});

export function paymeTransactionsRepository(q: Q) {
  return {
    async find(restaurantId: string, id: string): Promise<PaymeTransactionRow | undefined> {
      const r = await q
        .selectFrom('payme_transactions')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r && asRow(r);
    },

    /** A bill's transactions that hold it: created (1) or performed (2). */
    async activeOfBill(restaurantId: string, billId: string): Promise<PaymeTransactionRow[]> {
      const rows = await q
        .selectFrom('payme_transactions')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('bill_id', '=', billId)
        .where('state', 'in', [1, 2])
        .execute();
      return rows.map(asRow);
    },

    /** Inserts a new transaction; false when the restaurant has Payme's id already (a racing repeat). */
    async insert(row: PaymeTransactionRow): Promise<boolean> {
      const res = await q
        .insertInto('payme_transactions')
        .values(row)
        .onConflict((oc) => oc.columns(['restaurant_id', 'id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Moves a transaction from state `from` only (the first call wins, a repeat finds it moved). */
    async move(
      restaurantId: string,
      id: string,
      from: number,
      change: { state: number; perform_time?: number; cancel_time?: number; reason?: number | null },
    ): Promise<boolean> {
      const res = await q
        .updateTable('payme_transactions')
        .set(change)
        .where('restaurant_id', '=', restaurantId)
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A restaurant's transactions Payme created in `from`..`to` (ms, both included), by that time. */
    async statement(restaurantId: string, from: number, to: number): Promise<PaymeTransactionRow[]> {
      const rows = await q
        .selectFrom('payme_transactions')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('time', '>=', from)
        .where('time', '<=', to)
        .orderBy('time')
        .execute();
      return rows.map(asRow);
    },
  };
}
