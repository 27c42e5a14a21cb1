/**
 * `app.accounts`: users and their passwords. Owns: a password is stored only as its argon2id
 * hash (passwords.ts); only an active user logs in; a manager's login is unique (409); a password
 * change, an admin's reset or a deactivation ends every session of that user at once, on every
 * server (the session epoch: http/sessions.ts). Tokens and failed-login limits stay with the
 * routes (they are the HTTP side of a login).
 */
import { randomBytes } from 'node:crypto';
import { type Manager, type ManagerAccount, type Profile, ROLES } from '@qrmenu/shared/schemas';
import { isUniqueViolation, newId, now, type UserRow } from '../db';
import { conflict, notFound } from '../domain/errors';
import type { Repositories } from '../repos';
import { toManager, toProfile } from '../repos/users';
import type { ServiceContext } from './context';
import { hashPassword, verifyPassword } from './passwords';

const toAccount = (row: { id: string; login: string; is_active: number }): ManagerAccount => ({
  _id: row.id,
  login: row.login,
  is_active: row.is_active === 1,
});

async function newUser(
  input: { login: string; password: string; role: string },
  at = now(),
): Promise<UserRow> {
  return {
    id: newId(),
    login: input.login,
    password_hash: await hashPassword(input.password),
    role: input.role,
    is_active: 1,
    created_at: at,
    updated_at: at,
  };
}

/**
 * On an empty users table, creates the admin (generating a password when none is given): the
 * first start of a new database (under the migrations' start-up lock, db/connect.ts).
 */
export async function ensureAdmin(
  repos: Pick<Repositories, 'users'>,
  opts: {
    login?: string | undefined;
    password?: string | undefined;
    onCreated?: ((login: string, password: string, generated: boolean) => void) | undefined;
  },
): Promise<boolean> {
  if (!(await repos.users.none())) return false;
  const login = opts.login?.trim() || 'admin';
  const generated = !opts.password;
  const password = opts.password || randomBytes(12).toString('base64url');
  await repos.users.create(await newUser({ login, password, role: ROLES.admin }));
  opts.onCreated?.(login, password, generated);
  return true;
}

export function accountsService({ repos }: ServiceContext) {
  /** Sets a user's password; every session of the user ends. */
  async function setPassword(userId: string, password: string): Promise<void> {
    await repos.users.setPasswordHash(userId, await hashPassword(password), now());
    await repos.sessions.raiseEpoch(userId);
  }

  return {
    find: (userId: string) => repos.users.findById(userId),

    /**
     * The user a login and password name, if the password is right and the user active, with
     * the session epoch read with it (its token is of that epoch: http/sessions.ts).
     */
    async authenticate(login: string, password: string): Promise<(UserRow & { epoch: number }) | undefined> {
      const user = await repos.users.findByLogin(login);
      const ok = await verifyPassword(user?.password_hash, password);
      return user && ok && user.is_active === 1 ? user : undefined;
    },

    async profile(userId: string): Promise<Profile | undefined> {
      const user = await repos.users.findById(userId);
      return user ? toProfile(user) : undefined;
    },

    /**
     * A user's own password change: false (nothing changed) when `current` is wrong. Every
     * session of the user ends; the caller issues the token that keeps this one going.
     */
    async changePassword(user: UserRow, current: string, password: string): Promise<boolean> {
      if (!(await verifyPassword(user.password_hash, current))) return false;
      await setPassword(user.id, password);
      return true;
    },

    /** Active managers. */
    listManagers: async (): Promise<Manager[]> => (await repos.users.listManagers()).map(toManager),

    /** Every manager account, deactivated ones too. */
    managerAccounts: async (): Promise<ManagerAccount[]> => (await repos.users.listAccounts()).map(toAccount),

    /** A new manager (409: the login is taken). */
    async createManager(login: string, password: string): Promise<Manager> {
      if (await repos.users.findByLogin(login)) throw conflict('Login already taken');
      try {
        const row = await newUser({ login, password, role: ROLES.manager });
        await repos.users.create(row);
        return toManager(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('Login already taken');
        throw err;
      }
    },

    /** An admin's reset of a manager's password: the manager's sessions end at once. */
    async resetPassword(managerId: string, password: string): Promise<ManagerAccount> {
      const manager = await repos.users.findManager(managerId);
      if (!manager) throw notFound('Manager not found');
      await setPassword(manager.id, password);
      return toAccount(manager);
    },

    /** Deactivates (no login, sessions end at once) or reactivates a manager. */
    async setActive(managerId: string, active: boolean): Promise<ManagerAccount> {
      const manager = await repos.users.findManager(managerId);
      if (!manager) throw notFound('Manager not found');
      await repos.users.setActive(manager.id, active, now());
      if (!active) await repos.sessions.raiseEpoch(manager.id);
      return toAccount({ ...manager, is_active: active ? 1 : 0 });
    },
  };
}
