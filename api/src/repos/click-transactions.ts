/**
 * Click's transactions (docs/PAYMENTS.md): (restaurant, `click_trans_id`) unique, so a repeated
 * Prepare cannot make a second row and no restaurant's ids touch another's; every read and move
 * names the restaurant. `prepare_id` (the database's sequence) is what Click gets back as
 * `merchant_prepare_id`. Moves are conditional on the status they leave.
 */
import type { ClickTransactionRow } from '../db';
import type { Q } from './query';

const asRow = (r: ClickTransactionRow): ClickTransactionRow => ({
  ...r,
  prepare_id: Number(r.prepare_id),
  amount: Number(r.amount),
});

export function clickTransactionsRepository(q: Q) {
  return {
    async find(restaurantId: string, clickTransId: string): Promise<ClickTransactionRow | undefined> {
      const r = await q
        .selectFrom('click_transactions')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('click_trans_id', '=', clickTransId)
        .executeTakeFirst();
      return r && asRow(r);
    },

    /** A bill's transactions that hold it: prepared or completed. */
    async activeOfBill(restaurantId: string, billId: string): Promise<ClickTransactionRow[]> {
      const rows = await q
        .selectFrom('click_transactions')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('bill_id', '=', billId)
        .where('status', 'in', ['prepared', 'completed'])
        .execute();
      return rows.map(asRow);
    },

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

    async move(
      restaurantId: string,
      clickTransId: string,
      from: string,
      to: string,
      at: string,
    ): Promise<boolean> {
      const res = await q
        .updateTable('click_transactions')
        .set(to === 'completed' ? { status: to, completed_at: at } : { status: to, cancelled_at: at })
        .where('restaurant_id', '=', restaurantId)
        .where('click_trans_id', '=', clickTransId)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A restaurant's transactions made in a period (ISO times, `to` excluded). */
    async between(restaurantId: string, from: string, to: string): Promise<ClickTransactionRow[]> {
      const rows = await q
        .selectFrom('click_transactions')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .orderBy('created_at')
        .execute();
      return rows.map(asRow);
    },
  };
}
