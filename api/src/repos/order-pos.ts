/**
 * Orders on their way into the POS (docs/ORDERS.md, "Into the POS"): one row per order, queued
 * in `seq` order. A restaurant's queue is its rows still on their way (`waiting`, `sending`,
 * `pending`, `failed` with a next try), sent oldest first; a state moves only from the state the
 * caller read (a conditional UPDATE), so two writers never both move one row.
 */
import type { OrderPosRow, OrderPosTable } from '../db';
import { chunks, type Q } from './query';

/** States still on their way (a `failed` row without a next try waits for the staff). */
const OPEN_STATES = ['waiting', 'sending', 'pending', 'failed'] as const;

type Selected = Omit<OrderPosTable, 'seq'> & { seq: number | bigint; next_at: number | bigint | null };

const asRow = (r: Selected): OrderPosRow => ({
  ...r,
  seq: Number(r.seq),
  next_at: r.next_at === null ? null : Number(r.next_at),
  pos_total: r.pos_total === null ? null : Number(r.pos_total),
});

export type OrderPosChange = Partial<
  Pick<
    OrderPosTable,
    | 'state'
    | 'ticket'
    | 'pos_order_id'
    | 'pos_number'
    | 'pos_total'
    | 'reason'
    | 'refused_lines'
    | 'attempts'
    | 'next_at'
    | 'received'
  >
> & { updated_at: string };

export function orderPosRepository(q: Q) {
  return {
    /** Queues an order and answers its row (once: a second call for it changes nothing, no row). */
    async enqueue(orderId: string, restaurantId: string, at: string): Promise<OrderPosRow | undefined> {
      const added = await q
        .insertInto('order_pos')
        .values({
          order_id: orderId,
          restaurant_id: restaurantId,
          state: 'waiting',
          refused_lines: '[]',
          attempts: 0,
          next_at: 0,
          received: 0,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      return added ? asRow(added) : undefined;
    },

    async find(orderId: string): Promise<OrderPosRow | undefined> {
      const row = await q
        .selectFrom('order_pos')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row ? asRow(row) : undefined;
    },

    async byOrders(orderIds: readonly string[]): Promise<OrderPosRow[]> {
      const out: OrderPosRow[] = [];
      for (const part of chunks(orderIds)) {
        const rows = await q.selectFrom('order_pos').selectAll().where('order_id', 'in', part).execute();
        out.push(...rows.map(asRow));
      }
      return out;
    },

    /** The restaurants with an order on its way. */
    async restaurantsOpen(): Promise<string[]> {
      const rows = await q
        .selectFrom('order_pos')
        .select('restaurant_id')
        .distinct()
        .where('state', 'in', OPEN_STATES)
        .where('next_at', 'is not', null)
        .execute();
      return rows.map((r) => r.restaurant_id);
    },

    /**
     * A restaurant's next order to send: the oldest on its way (it holds those after it), leaving
     * out those the POS already holds (`received`: only its decision is awaited; `receivedDue`).
     */
    async head(restaurantId: string): Promise<OrderPosRow | undefined> {
      const row = await q
        .selectFrom('order_pos')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('state', 'in', OPEN_STATES)
        .where('next_at', 'is not', null)
        .where((eb) => eb.or([eb('received', '=', 0), eb('state', '!=', 'pending')]))
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
      return row ? asRow(row) : undefined;
    },

    /** The restaurant's orders the POS holds whose decision is due to be asked for, oldest first. */
    async receivedDue(restaurantId: string, at: number, limit: number): Promise<OrderPosRow[]> {
      const rows = await q
        .selectFrom('order_pos')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('state', '=', 'pending')
        .where('received', '=', 1)
        .where('next_at', '<=', at)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(asRow);
    },

    /** Makes the restaurant's pending send with `ticket` due at `at` (false: none pending with it). */
    async dueNow(restaurantId: string, ticket: string, at: number): Promise<boolean> {
      const res = await q
        .updateTable('order_pos')
        .set({ next_at: at })
        .where('restaurant_id', '=', restaurantId)
        .where('state', '=', 'pending')
        .where('ticket', '=', ticket)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Moves a row on only if it is still in `from` (false: someone moved it first). */
    async move(orderId: string, from: string, change: OrderPosChange): Promise<boolean> {
      const res = await q
        .updateTable('order_pos')
        .set(change)
        .where('order_id', '=', orderId)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
