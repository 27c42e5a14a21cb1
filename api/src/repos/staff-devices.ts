/**
 * The devices of a restaurant that stay signed in (a kitchen tablet): one row per device session,
 * its id the session token's, with the wrong PINs typed on it and its lock (services/staff/pin.ts).
 */
import { sql } from 'kysely';
import type { StaffDeviceRow } from '../db';
import type { Q } from './query';

export function staffDevicesRepository(q: Q) {
  return {
    async add(row: StaffDeviceRow): Promise<void> {
      await q.insertInto('staff_devices').values(row).execute();
    },

    find: (id: string) => q.selectFrom('staff_devices').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A restaurant's devices not expired, with their accounts, newest first. */
    ofRestaurant: (restaurantId: string, at: string) =>
      q
        .selectFrom('staff_devices')
        .innerJoin('users', 'users.id', 'staff_devices.user_id')
        .selectAll('staff_devices')
        .select(['users.login', 'users.name', 'users.role'])
        .where('staff_devices.restaurant_id', '=', restaurantId)
        .where('staff_devices.expires_at', '>', at)
        .where('users.is_active', '=', 1)
        .orderBy('staff_devices.created_at', 'desc')
        .orderBy('staff_devices.id')
        .execute(),

    async delete(id: string): Promise<boolean> {
      const res = await q.deleteFrom('staff_devices').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Forgets a user's devices (their sessions ended: a deactivation, a new password). */
    async deleteOfUser(userId: string): Promise<void> {
      await q.deleteFrom('staff_devices').where('user_id', '=', userId).execute();
    },

    /** A wrong PIN on the device: its count, and a lock from `lockedUntil` when the count reaches `tries`. */
    async failPin(id: string, tries: number, lockedUntil: string): Promise<{ failures: number }> {
      // counted in one statement: two wrong PINs at once both count
      const row = await q
        .updateTable('staff_devices')
        .set({ pin_failures: sql<number>`pin_failures + 1` })
        .where('id', '=', id)
        .returning('pin_failures')
        .executeTakeFirst();
      const failures = Number(row?.pin_failures ?? 0);
      if (failures >= tries) {
        await q
          .updateTable('staff_devices')
          .set({ pin_failures: 0, pin_locked_until: lockedUntil })
          .where('id', '=', id)
          .execute();
      }
      return { failures };
    },

    /** A right PIN: the count starts again. */
    async pinOk(id: string): Promise<void> {
      await q
        .updateTable('staff_devices')
        .set({ pin_failures: 0, pin_locked_until: null })
        .where('id', '=', id)
        .where('pin_failures', '>', 0)
        .execute();
    },
  };
}
