/**
 * Payments on their way into the POS (docs/PAYMENTS.md, "Into the POS"): one row per payment and
 * POS order; a state moves only from the state the caller read (a conditional UPDATE), so two
 * writers never both move one row.
 */
import type { PaymentPosRow, PaymentPosTable } from '../db';
import type { Q } from './query';

type Selected = Omit<PaymentPosTable, 'amount' | 'next_at'> & {
  amount: number | bigint | string;
  next_at: number | bigint | string | null;
};

const asRow = (r: Selected): PaymentPosRow => ({
  ...r,
  amount: Number(r.amount),
  next_at: r.next_at === null ? null : Number(r.next_at),
});

export type PaymentPosChange = Partial<
  Pick<PaymentPosTable, 'state' | 'ticket' | 'reason' | 'attempts' | 'next_at'>
> & { updated_at: string };

export function paymentPosRepository(q: Q) {
  return {
    /** Queues a payment into a POS order (once: the same id again changes nothing). */
    async enqueue(row: Omit<PaymentPosRow, 'state' | 'ticket' | 'reason' | 'attempts' | 'next_at'>) {
      await q
        .insertInto('payment_pos')
        .values({ ...row, state: 'waiting', ticket: null, reason: null, attempts: 0, next_at: 0 })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async find(id: string): Promise<PaymentPosRow | undefined> {
      const row = await q.selectFrom('payment_pos').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? asRow(row) : undefined;
    },

    async ofBills(billIds: readonly string[]): Promise<PaymentPosRow[]> {
      if (billIds.length === 0) return [];
      const rows = await q
        .selectFrom('payment_pos')
        .selectAll()
        .where('bill_id', 'in', billIds)
        .orderBy('created_at')
        .execute();
      return rows.map(asRow);
    },

    /** A restaurant's rows due to be tried (waiting, pending or failed with a next try at or before `at`). */
    async due(restaurantId: string, at: number, limit: number): Promise<PaymentPosRow[]> {
      const rows = await q
        .selectFrom('payment_pos')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('state', 'in', ['waiting', 'pending', 'failed'])
        .where('next_at', 'is not', null)
        .where('next_at', '<=', at)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(asRow);
    },

    /** The restaurants with a row due to be tried at or before `at`. */
    async restaurantsDue(at: number): Promise<string[]> {
      const rows = await q
        .selectFrom('payment_pos')
        .select('restaurant_id')
        .distinct()
        .where('state', 'in', ['waiting', 'pending', 'failed'])
        .where('next_at', 'is not', null)
        .where('next_at', '<=', at)
        .execute();
      return rows.map((r) => r.restaurant_id);
    },

    /** Moves a row on only if it is still in `from` (false: someone moved it first). */
    async move(id: string, from: string, change: PaymentPosChange): Promise<boolean> {
      const res = await q
        .updateTable('payment_pos')
        .set(change)
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
