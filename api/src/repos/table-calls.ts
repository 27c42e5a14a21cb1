/**
 * Guests' waiter calls and bill requests: one pending per table and kind (the partial unique
 * index `table_calls_pending_uq`), marked done by the staff.
 */
import type { CallKind, TableCall } from '@qrmenu/shared/schemas';
import type { TableCallRow } from '../db';
import { chunks, madeAtTable, type Q } from './query';

export const toTableCall = (r: TableCallRow): TableCall => ({
  _id: r.id,
  restaurant_id: r.restaurant_id,
  placement_id: r.placement_id,
  table: r.table_name,
  kind: r.kind as CallKind,
  status: r.status as TableCall['status'],
  createdAt: r.created_at,
  doneAt: r.done_at,
});

export function tableCallsRepository(q: Q) {
  return {
    find: (id: string) => q.selectFrom('table_calls').selectAll().where('id', '=', id).executeTakeFirst(),

    async byIds(ids: readonly string[]): Promise<TableCallRow[]> {
      const out: TableCallRow[] = [];
      for (const part of chunks(ids)) {
        out.push(...(await q.selectFrom('table_calls').selectAll().where('id', 'in', part).execute()));
      }
      return out;
    },

    /** The pending call of a table and kind, if any. */
    findPending: (placementId: string, kind: string) =>
      q
        .selectFrom('table_calls')
        .selectAll()
        .where('placement_id', '=', placementId)
        .where('kind', '=', kind)
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    /** The kinds with a call pending at a table. */
    pendingKinds: async (placementId: string): Promise<string[]> =>
      (
        await q
          .selectFrom('table_calls')
          .select('kind')
          .where('placement_id', '=', placementId)
          .where('status', '=', 'pending')
          .orderBy('kind')
          .execute()
      ).map((r) => r.kind),

    /** A restaurant's pending calls, oldest first. */
    pendingOf: (restaurantId: string) =>
      q
        .selectFrom('table_calls')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    async insert(row: TableCallRow): Promise<void> {
      await q.insertInto('table_calls').values(row).execute();
    },

    /** When the calls of a table since `since` were made, newest first, at most `limit`. */
    recentOfPlacement: (placementId: string, since: string, limit: number): Promise<string[]> =>
      madeAtTable(q, 'table_calls', placementId, since, limit),

    /** Marks a pending call done; false when it was not pending (already done). */
    async markDone(id: string, at: string): Promise<boolean> {
      const res = await q
        .updateTable('table_calls')
        .set({ status: 'done', done_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A waiter took the call over from another waiter's table. */
    async takeOver(id: string, waiterId: string): Promise<void> {
      await q.updateTable('table_calls').set({ taken_by: waiterId }).where('id', '=', id).execute();
    },

    /** Whether the waiter took over a call of that table since `since` (its bill is theirs to close then). */
    async tookOverAt(placementId: string, waiterId: string, since: string): Promise<boolean> {
      const row = await q
        .selectFrom('table_calls')
        .select('id')
        .where('placement_id', '=', placementId)
        .where('taken_by', '=', waiterId)
        .where('created_at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
