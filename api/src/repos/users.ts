/**
 * The users (admins, managers and the restaurants' staff): reads by login and id, managers' and a
 * restaurant's staff lists, a staff member's PIN and linked Telegram, and the mappers.
 */
import type { Manager, Profile, StaffMember, StaffRole } from '@qrmenu/shared/schemas';
import { isStaffRole, ROLES, STAFF_ROLES } from '@qrmenu/shared/schemas';
import { toBool, type UserRow } from '../db';
import type { Q } from './query';

export const toProfile = (
  row: Pick<UserRow, 'id' | 'login' | 'role' | 'is_active' | 'restaurant_id' | 'name' | 'telegram_user_id'>,
): Profile => ({
  _id: row.id,
  login: row.login,
  role: row.role,
  is_active: toBool(row.is_active),
  ...(isStaffRole(row.role)
    ? {
        restaurant_id: row.restaurant_id ?? null,
        name: row.name ?? null,
        telegram_linked: !!row.telegram_user_id,
      }
    : {}),
});

/** A staff account as its manager sees it, with the count of its tables. */
export const toStaffMember = (row: UserRow & { tables?: number | bigint | string | null }): StaffMember => ({
  _id: row.id,
  login: row.login,
  name: row.name ?? null,
  role: row.role as StaffRole,
  restaurant_id: row.restaurant_id ?? '',
  is_active: toBool(row.is_active),
  has_pin: !!row.pin_hash,
  telegram_linked: !!row.telegram_user_id,
  tables: Number(row.tables ?? 0),
  createdAt: row.created_at,
});

/** The name a staff member is shown by: their name, else their login. */
export const staffName = (row: Pick<UserRow, 'login' | 'name'>): string => row.name?.trim() || row.login;

export const toManager = (row: Pick<UserRow, 'id' | 'login'>): Manager => ({ _id: row.id, login: row.login });

export function usersRepository(q: Q) {
  /** The restaurant's active staff member whose `column` is `value` (a PIN's hash, a Telegram). */
  const activeMemberBy = (restaurantId: string, column: 'pin_hash' | 'telegram_user_id', value: string) =>
    q
      .selectFrom('users')
      .selectAll()
      .where('restaurant_id', '=', restaurantId)
      .where(column, '=', value)
      .where('is_active', '=', 1)
      .executeTakeFirst();

  return {
    /**
     * The user of a login with its session epoch, read together: a token made from this read
     * carries the epoch the password was checked in, so a reset or a deactivation that lands
     * while the (slow) password check runs ends that token too.
     */
    async findByLogin(login: string): Promise<(UserRow & { epoch: number }) | undefined> {
      const row = await q
        .selectFrom('users')
        .leftJoin('session_epochs', 'session_epochs.user_id', 'users.id')
        .selectAll('users')
        .select('session_epochs.epoch')
        .where('users.login', '=', login)
        .executeTakeFirst();
      return row ? { ...row, epoch: row.epoch ?? 0 } : undefined;
    },

    findById: (id: string) => q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    /** True when there is no user at all (a new database: the first admin is made). */
    async none(): Promise<boolean> {
      return !(await q.selectFrom('users').select('id').limit(1).executeTakeFirst());
    },

    /** Active managers, by login. */
    listManagers: () =>
      q
        .selectFrom('users')
        .select(['id', 'login'])
        .where('role', '=', ROLES.manager)
        .where('is_active', '=', 1)
        .orderBy('login')
        .execute(),

    /** Every manager account, deactivated ones too, by login. */
    listAccounts: () =>
      q
        .selectFrom('users')
        .select(['id', 'login', 'is_active'])
        .where('role', '=', ROLES.manager)
        .orderBy('login')
        .execute(),

    findManager: (id: string) =>
      q
        .selectFrom('users')
        .select(['id', 'login', 'is_active'])
        .where('id', '=', id)
        .where('role', '=', ROLES.manager)
        .executeTakeFirst(),

    /** Inserts a user; throws the driver's unique violation for a duplicate login. */
    async create(row: UserRow): Promise<void> {
      await q.insertInto('users').values(row).execute();
    },

    async setPasswordHash(id: string, passwordHash: string, at: string): Promise<void> {
      await q
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    // ---------- a restaurant's staff ----------

    /** A restaurant's staff accounts, deactivated ones too, by login, with their tables' count. */
    listStaff: (restaurantId: string) =>
      q
        .selectFrom('users')
        .selectAll('users')
        .select((eb) =>
          eb
            .selectFrom('placements')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('placements.waiter_id', '=', 'users.id')
            .as('tables'),
        )
        .where('users.restaurant_id', '=', restaurantId)
        .where('users.role', 'in', [...STAFF_ROLES])
        .orderBy('users.login')
        .execute(),

    /** A staff account (any restaurant's: the caller's check names whose), or undefined. */
    findStaff: (id: string) =>
      q
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('role', 'in', [...STAFF_ROLES])
        .where('restaurant_id', 'is not', null)
        .executeTakeFirst(),

    /** The restaurant's active staff member of that PIN's hash. */
    findByPin: (restaurantId: string, pinHash: string) => activeMemberBy(restaurantId, 'pin_hash', pinHash),

    /** The restaurant's active staff member whose Telegram is that one. */
    findByTelegram: (restaurantId: string, telegramUserId: string) =>
      activeMemberBy(restaurantId, 'telegram_user_id', telegramUserId),

    /** The restaurant's active waiters with a linked Telegram (who get their tables' orders privately). */
    linkedWaiters: (restaurantId: string) =>
      q
        .selectFrom('users')
        .select(['id', 'login', 'name', 'telegram_user_id'])
        .where('restaurant_id', '=', restaurantId)
        .where('role', '=', ROLES.waiter)
        .where('is_active', '=', 1)
        .where('telegram_user_id', 'is not', null)
        .orderBy('id')
        .execute(),

    /** Which of `ids` are active waiters of the restaurant. */
    async activeWaiters(restaurantId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await q
        .selectFrom('users')
        .select('id')
        .where('restaurant_id', '=', restaurantId)
        .where('role', '=', ROLES.waiter)
        .where('is_active', '=', 1)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async setStaffFields(
      id: string,
      fields: { name?: string | null; role?: StaffRole },
      at: string,
    ): Promise<void> {
      await q
        .updateTable('users')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Sets (or clears) a staff member's PIN hash; throws the unique violation when the restaurant has it. */
    async setPinHash(id: string, pinHash: string | null, at: string): Promise<void> {
      await q.updateTable('users').set({ pin_hash: pinHash, updated_at: at }).where('id', '=', id).execute();
    },

    /** Links a Telegram account to a staff member (the restaurant's other holder of it loses it first). */
    async linkTelegram(restaurantId: string, id: string, telegramUserId: string | null, at: string) {
      if (telegramUserId !== null) {
        await q
          .updateTable('users')
          .set({ telegram_user_id: null, updated_at: at })
          .where('restaurant_id', '=', restaurantId)
          .where('telegram_user_id', '=', telegramUserId)
          .where('id', '!=', id)
          .execute();
      }
      await q
        .updateTable('users')
        .set({ telegram_user_id: telegramUserId, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes a restaurant's staff accounts (the restaurant is being deleted). */
    async deleteStaffOf(restaurantId: string): Promise<void> {
      await q.deleteFrom('users').where('restaurant_id', '=', restaurantId).execute();
    },

    async setActive(id: string, active: boolean, at: string): Promise<void> {
      await q
        .updateTable('users')
        .set({ is_active: active ? 1 : 0, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}
