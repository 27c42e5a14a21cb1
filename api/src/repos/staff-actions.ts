/**
 * Who did each move of an order or a call (docs/ORDERS.md, "Who did it"): one row per move, with
 * the account and the name it was shown by then (a name changed later does not rewrite history),
 * written in the move's own transaction.
 */
import type { StaffAction, StaffActionKind } from '@qrmenu/shared/schemas';
import type { StaffActionRow } from '../db';
import { chunks, type Q } from './query';

export const toStaffAction = (r: StaffActionRow): StaffAction => ({
  action: r.action as StaffActionKind,
  by: r.actor,
  by_id: r.user_id,
  via: r.via as StaffAction['via'],
  at: r.created_at,
});

export function staffActionsRepository(q: Q) {
  return {
    async add(row: StaffActionRow): Promise<void> {
      await q.insertInto('staff_actions').values(row).execute();
    },

    /** The moves of these orders or calls, oldest first, by their id. */
    async of(entityIds: readonly string[]): Promise<Map<string, StaffActionRow[]>> {
      const out = new Map<string, StaffActionRow[]>();
      for (const part of chunks([...new Set(entityIds)])) {
        const rows = await q
          .selectFrom('staff_actions')
          .selectAll()
          .where('entity_id', 'in', part)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        for (const r of rows) out.set(r.entity_id, [...(out.get(r.entity_id) ?? []), r]);
      }
      return out;
    },
  };
}
