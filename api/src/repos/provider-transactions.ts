/**
 * What Payme's and Click's transaction tables share (docs/PAYMENTS.md): a transaction is named by
 * the restaurant and the provider's id (no restaurant's ids touch another's); a bill is held by
 * its transactions in the states that hold it; a move is conditional on the state it leaves (a
 * repeat racing the first call changes nothing twice); a restaurant's transactions are read over
 * a period of their time, `to` included or not as the provider's statement counts it.
 */
import type { Q } from './query';

/** One provider's table, as its repository names it. */
export interface ProviderTable<Row> {
  table: 'payme_transactions' | 'click_transactions';
  /** The provider's id of a transaction: Payme's `id`, Click's `click_trans_id`. */
  id: 'id' | 'click_trans_id';
  /** Where its state is: Payme's `state` (a number), Click's `status`. */
  state: 'state' | 'status';
  /** The states that hold a bill. */
  holding: readonly (string | number)[];
  /** The time a period is read over: Payme's `time` (ms), Click's `created_at` (ISO). */
  time: 'time' | 'created_at';
  /** A row as read (`bigint` columns through `Number`). */
  asRow(r: Row): Row;
}

export function providerTransactions<Row>(q: Q, p: ProviderTable<Row>) {
  return {
    async find(restaurantId: string, providerId: string): Promise<Row | undefined> {
      const r = await q
        .selectFrom(p.table)
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where(p.id, '=', providerId)
        .executeTakeFirst();
      return r && p.asRow(r as Row);
    },

    /** A bill's transactions that hold it. */
    async activeOfBill(restaurantId: string, billId: string): Promise<Row[]> {
      const rows = await q
        .selectFrom(p.table)
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('bill_id', '=', billId)
        .where(p.state, 'in', p.holding)
        .execute();
      return rows.map((r) => p.asRow(r as Row));
    },

    /** Moves a transaction from state `from` only (the first call wins, a repeat finds it moved). */
    async moveFrom(
      restaurantId: string,
      providerId: string,
      from: string | number,
      change: Record<string, string | number | null>,
    ): Promise<boolean> {
      const res = await q
        .updateTable(p.table)
        .set(change)
        .where('restaurant_id', '=', restaurantId)
        .where(p.id, '=', providerId)
        .where(p.state, '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A restaurant's transactions whose time is in `from`..`to` (`to` too when `upTo`), by that time. */
    async over<T extends string | number>(
      restaurantId: string,
      from: T,
      to: T,
      upTo: boolean,
    ): Promise<Row[]> {
      const rows = await q
        .selectFrom(p.table)
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where(p.time, '>=', from)
        .where(p.time, upTo ? '<=' : '<', to)
        .orderBy(p.time)
        .execute();
      return rows.map((r) => p.asRow(r as Row));
    },
  };
}
