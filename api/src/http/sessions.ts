/**
 * Sessions a server can end, on every server at once (the state is in the database, read by the
 * access check of each request; no per-process cache that could lag):
 * - a token carries its user's session epoch (`ep`): a password change, a reset by the admin or a
 *   deactivation raises the epoch, and every older token of that user is refused;
 * - a token carries its own id (`jti`): a logout records it in `revoked_tokens`, ending that one
 *   session only (the user's other devices stay logged in).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../db';

export interface TokenPayload {
  sub: string;
  /** The user's session epoch when the token was made (absent in tokens made before epochs: 0). */
  ep?: number;
  /** The token's own id (absent in tokens made before logout ended sessions). */
  jti?: string;
  /** Expiry, seconds since the epoch (set by @fastify/jwt). */
  exp?: number;
}

export async function sessionEpoch(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('session_epochs')
    .select('epoch')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.epoch ?? 0;
}

/** A new access token for the user, in the user's current epoch. */
export async function issueToken(app: FastifyInstance, userId: string): Promise<string> {
  const ep = await sessionEpoch(app.db, userId);
  return app.jwt.sign({ sub: userId, ep, jti: randomBytes(16).toString('base64url') });
}

/**
 * Ends every session of the user (one atomic upsert: two changes at once both count) and
 * answers the new epoch, for a token the caller may hand back to the user who asked.
 */
export async function endSessions(db: DB, userId: string): Promise<number> {
  const row = await db
    .insertInto('session_epochs')
    .values({ user_id: userId, epoch: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ epoch: sql<number>`session_epochs.epoch + 1` }))
    .returning('epoch')
    .executeTakeFirstOrThrow();
  return row.epoch;
}

/** Ends one session (a logout): its token id is refused until the token would have expired. */
export async function revokeToken(db: DB, payload: TokenPayload): Promise<void> {
  const now = new Date().toISOString();
  if (!payload.jti) {
    // a token from before token ids: only the user's epoch can end it (all their sessions)
    await endSessions(db, payload.sub);
    return;
  }
  const expiresAt = new Date((payload.exp ?? Date.now() / 1000 + 86_400) * 1000).toISOString();
  await db
    .insertInto('revoked_tokens')
    .values({ jti: payload.jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // the list stays as short as the tokens still alive
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
}
