/**
 * Payme's transactions (docs/PAYMENTS.md): Payme's id is the key, so a repeated CreateTransaction
 * cannot make a second row; every state change is conditional on the state it leaves (a repeat
 * racing the first call changes nothing twice). `bigint` columns are read through `Number`.
 */
import type { PaymeTransactionRow } from '../db';
import { providerTransactions } from './provider-transactions';
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
  const shared = providerTransactions(q, {
    table: 'payme_transactions',
    id: 'id',
    state: 'state',
    // created (1) or performed (2)
    holding: [1, 2],
    time: 'time',
    asRow,
  });
  return {
    find: shared.find,
    activeOfBill: shared.activeOfBill,

    /** Inserts a new transaction; false when the restaurant has Payme's id already (a racing repeat). */
    async insert(row: PaymeTransactionRow): Promise<boolean> {
      const res = await q
        .insertInto('payme_transactions')
        .values(row)
        .onConflict((oc) => oc.columns(['restaurant_id', 'id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    move: (
      restaurantId: string,
      id: string,
      from: number,
      change: { state: number; perform_time?: number; cancel_time?: number; reason?: number | null },
    ) => shared.moveFrom(restaurantId, id, from, change),

    /** A restaurant's transactions Payme created in `from`..`to` (ms, both included), by that time. */
    statement: (restaurantId: string, from: number, to: number) => shared.over(restaurantId, from, to, true),
  };
}
