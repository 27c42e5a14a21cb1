/**
 * Click's transactions (docs/PAYMENTS.md): (restaurant, `click_trans_id`) unique, so a repeated
 * Prepare cannot make a second row and no restaurant's ids touch another's; every read and move
 * names the restaurant. `prepare_id` (the database's sequence) is what Click gets back as
 * `merchant_prepare_id`. Moves are conditional on the status they leave.
 */
import type { ClickTransactionRow } from '../db';
import { providerTransactions } from './provider-transactions';
import type { Q } from './query';

const asRow = (r: ClickTransactionRow): ClickTransactionRow => ({
  ...r,
  prepare_id: Number(r.prepare_id),
  amount: Number(r.amount),
});

export function clickTransactionsRepository(q: Q) {
  const shared = providerTransactions(q, {
    table: 'click_transactions',
    id: 'click_trans_id',
    state: 'status',
    // prepared or completed
    holding: ['prepared', 'completed'],
    time: 'created_at',
    asRow,
  });
  return {
    find: shared.find,
    activeOfBill: shared.activeOfBill,

    /** Inserts a prepared transaction and answers its number; undefined when the restaurant has the id. */
    async insert(row: Omit<ClickTransactionRow, 'prepare_id'>): Promise<number | undefined> {
      const res = await q
        .insertInto('click_transactions')
        .values(row)
        .onConflict((oc) => oc.columns(['restaurant_id', 'click_trans_id']).doNothing())
        .returning('prepare_id')
        .executeTakeFirst();
      return res ? Number(res.prepare_id) : undefined;
    },

    move: (restaurantId: string, clickTransId: string, from: string, to: string, at: string) =>
      shared.moveFrom(
        restaurantId,
        clickTransId,
        from,
        to === 'completed' ? { status: to, completed_at: at } : { status: to, cancelled_at: at },
      ),

    /** A restaurant's transactions made in a period (ISO times, `to` excluded). */
    between: (restaurantId: string, from: string, to: string) => shared.over(restaurantId, from, to, false),
  };
}
