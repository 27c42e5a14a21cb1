import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Manager, Profile } from '@qrmenu/shared/schemas';
import { ROLES } from '@qrmenu/shared/schemas';
import { newId, now, toBool, type UserRow } from '../db';
import type { Q } from './query';

// argon2id (the library's default algorithm), OWASP-style parameters.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON);

/** A fixed hash to verify against when the login is unknown (same timing either way). */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const toProfile = (row: Pick<UserRow, 'id' | 'login' | 'role' | 'is_active'>): Profile => ({
  _id: row.id,
  login: row.login,
  role: row.role,
  is_active: toBool(row.is_active),
});

export const toManager = (row: Pick<UserRow, 'id' | 'login'>): Manager => ({ _id: row.id, login: row.login });

export function findUserByLogin(db: Q, login: string) {
  return db.selectFrom('users').selectAll().where('login', '=', login).executeTakeFirst();
}

export function findUserById(db: Q, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An active user (the one a token names), or undefined. */
export function findActiveUser(db: Q, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'login', 'role'])
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export function listManagers(db: Q) {
  return db
    .selectFrom('users')
    .select(['id', 'login'])
    .where('role', '=', ROLES.manager)
    .where('is_active', '=', 1)
    .orderBy('login')
    .execute();
}

/** Inserts a user; throws the driver's unique violation for a duplicate login. */
export async function createUser(
  db: Q,
  input: { login: string; password: string; role: string; is_active?: boolean },
): Promise<UserRow> {
  const t = now();
  const row: UserRow = {
    id: newId(),
    login: input.login,
    password_hash: await hashPassword(input.password),
    role: input.role,
    is_active: input.is_active === false ? 0 : 1,
    created_at: t,
    updated_at: t,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

/** On an empty users table, creates the admin (generating a password when none is given). */
export async function ensureAdmin(
  db: Q,
  opts: {
    login?: string | undefined;
    password?: string | undefined;
    onCreated?: ((login: string, password: string, generated: boolean) => void) | undefined;
  },
): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const login = opts.login?.trim() || 'admin';
  const generated = !opts.password;
  const password = opts.password || randomBytes(12).toString('base64url');
  await createUser(db, { login, password, role: ROLES.admin });
  opts.onCreated?.(login, password, generated);
  return true;
}
