/** Accounts the admin controls and passwords users change: the SQL of routes/accounts.ts. */
import { ROLES } from '@qrmenu/shared/schemas';
import { now } from '../db';
import type { Q } from './query';
import { hashPassword } from './users';

export function listManagerAccounts(db: Q) {
  return db
    .selectFrom('users')
    .select(['id', 'login', 'is_active'])
    .where('role', '=', ROLES.manager)
    .orderBy('login')
    .execute();
}

export function findManager(db: Q, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'login', 'is_active'])
    .where('id', '=', id)
    .where('role', '=', ROLES.manager)
    .executeTakeFirst();
}

export async function setPassword(db: Q, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now() })
    .where('id', '=', userId)
    .execute();
}

export async function setActive(db: Q, userId: string, active: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0, updated_at: now() })
    .where('id', '=', userId)
    .execute();
}
