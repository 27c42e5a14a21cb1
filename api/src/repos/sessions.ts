/**
 * Sessions the server can end (http/sessions.ts says how they are used): the user's session
 * epoch, the logged-out token ids, and the user a token names with both checked in one read.
 */
import { sql } from 'kysely';
import { prepared } from './prepared';
import type { Q } from './query';

/**
 * Every authenticated request runs it: prepared (built once), one statement with or without a
 * token id. The epoch is a subquery, not a left join: SQLite planned the join as a scan of every
 * user (about 4x the time of the user's read by its key alone); the subquery keeps the key lookup.
 */
const userOfToken = prepared<
  { id: string; login: string; role: string; restaurant_id: string | null; epoch: number | null },
  'userId' | 'jti'
>((db, p) =>
  db
    .selectFrom('users')
    .select(['users.id', 'users.login', 'users.role', 'users.restaurant_id'])
    .select((eb) =>
      eb
        .selectFrom('session_epochs')
        .select('session_epochs.epoch')
        .whereRef('session_epochs.user_id', '=', 'users.id')
        .as('epoch'),
    )
    .where('users.id', '=', p('userId'))
    .where('users.is_active', '=', sql.lit(1))
    // a token without an id (older ones) matches no logged-out id: null equals nothing
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('revoked_tokens')
            .select('revoked_tokens.jti')
            .where('revoked_tokens.jti', '=', p('jti')),
        ),
      ),
    ),
);

export function sessionsRepository(db: Q) {
  return {
    async epoch(userId: string): Promise<number> {
      const row = await db
        .selectFrom('session_epochs')
        .select('epoch')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.epoch ?? 0;
    },

    /** Raises the user's epoch (one atomic upsert: two changes at once both count); answers it. */
    async raiseEpoch(userId: string): Promise<number> {
      const row = await db
        .insertInto('session_epochs')
        .values({ user_id: userId, epoch: 1 })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ epoch: sql<number>`session_epochs.epoch + 1` }),
        )
        .returning('epoch')
        .executeTakeFirstOrThrow();
      return row.epoch;
    },

    /** Records a logged-out token id until `expiresAt`; forgets the ones past their expiry. */
    async revoke(jti: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('revoked_tokens')
        .values({ jti, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
      await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date().toISOString()).execute();
    },

    /**
     * The active user a token names, with the user's epoch (0 when never raised) and a staff
     * account's restaurant, unless the token id was logged out: one indexed read per
     * authenticated request.
     */
    async findUser(userId: string, jti: string | undefined) {
      const row = (await userOfToken(db, { userId, jti: jti ?? null }))[0];
      return row
        ? {
            id: row.id,
            login: row.login,
            role: row.role,
            restaurantId: row.restaurant_id ?? null,
            epoch: row.epoch ?? 0,
          }
        : undefined;
    },
  };
}
