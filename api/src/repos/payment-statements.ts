/**
 * The payments' daily statements (docs/PAYMENTS.md, "Reconciliation"): one row per restaurant,
 * day and method, written whole by `put` (a rebuild replaces it: the same day built twice is one
 * row); the staff's chat is told once per row (`markNotified` moves `notified_at` from null only).
 */
import type { PaymentStatementRow, PaymentStatementsTable } from '../db';
import type { Q } from './query';

type Selected = Omit<PaymentStatementsTable, 'total' | 'refunds_total'> & {
  total: number | bigint | string;
  refunds_total: number | bigint | string;
};

const asRow = (r: Selected): PaymentStatementRow => ({
  ...r,
  total: Number(r.total),
  refunds_total: Number(r.refunds_total),
});

/** What a build writes: everything but when the chat was told. */
export type StatementWrite = Omit<PaymentStatementRow, 'notified_at'>;

export function paymentStatementsRepository(q: Q) {
  return {
    async find(restaurantId: string, day: string, method: string): Promise<PaymentStatementRow | undefined> {
      const row = await q
        .selectFrom('payment_statements')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .where('method', '=', method)
        .executeTakeFirst();
      return row && asRow(row);
    },

    async ofDay(restaurantId: string, day: string): Promise<PaymentStatementRow[]> {
      const rows = await q
        .selectFrom('payment_statements')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .orderBy('method')
        .execute();
      return rows.map(asRow);
    },

    /** A page of a restaurant's statements, newest day first, without their differences. */
    async page(
      restaurantId: string,
      offset: number,
      limit: number,
    ): Promise<{ rows: Omit<PaymentStatementRow, 'differences'>[]; count: number }> {
      const [rows, counted] = await Promise.all([
        q
          .selectFrom('payment_statements')
          .select([
            'restaurant_id',
            'day',
            'method',
            'count',
            'total',
            'refunds',
            'refunds_total',
            'difference_count',
            'provider',
            'provider_at',
            'built_at',
            'notified_at',
          ])
          .where('restaurant_id', '=', restaurantId)
          .orderBy('day', 'desc')
          .orderBy('method')
          .offset(offset)
          .limit(limit)
          .execute(),
        q
          .selectFrom('payment_statements')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('restaurant_id', '=', restaurantId)
          .executeTakeFirst(),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, total: Number(r.total), refunds_total: Number(r.refunds_total) })),
        count: Number(counted?.n ?? 0),
      };
    },

    /**
     * Writes a day's statement, replacing the one built before (its `notified_at` kept);
     * `keepProvider`: the provider's list stored is left as it is (a rebuild racing an upload
     * does not drop the list just added).
     */
    async put(row: StatementWrite, keepProvider = false): Promise<void> {
      const { restaurant_id: _r, day: _d, method: _m, provider, provider_at, ...rest } = row;
      const changed = keepProvider ? rest : { ...rest, provider, provider_at };
      await q
        .insertInto('payment_statements')
        .values({ ...row, notified_at: null })
        .onConflict((oc) => oc.columns(['restaurant_id', 'day', 'method']).doUpdateSet(changed))
        .execute();
    },

    /** Marks the row's differences told; false when they were told before (or by another server). */
    async markNotified(restaurantId: string, day: string, method: string, at: string): Promise<boolean> {
      const res = await q
        .updateTable('payment_statements')
        .set({ notified_at: at })
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .where('method', '=', method)
        .where('notified_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}
