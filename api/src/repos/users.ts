/** The users (admins and managers): reads by login and id, managers' lists, and the mappers. */
import type { Manager, Profile } from '@qrmenu/shared/schemas';
import { ROLES } from '@qrmenu/shared/schemas';
import { toBool, type UserRow } from '../db';
import type { Q } from './query';

export const toProfile = (row: Pick<UserRow, 'id' | 'login' | 'role' | 'is_active'>): Profile => ({
  _id: row.id,
  login: row.login,
  role: row.role,
  is_active: toBool(row.is_active),
});

export const toManager = (row: Pick<UserRow, 'id' | 'login'>): Manager => ({ _id: row.id, login: row.login });

export function usersRepository(q: Q) {
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

    async setActive(id: string, active: boolean, at: string): Promise<void> {
      await q
        .updateTable('users')
        .set({ is_active: active ? 1 : 0, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}
