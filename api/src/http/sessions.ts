/**
 * Sessions a server can end, on every server at once (the state is in the database, read by the
 * access check of each request; no per-process cache that could lag):
 * - a token carries its user's session epoch (`ep`): a password change, a reset by the admin or a
 *   deactivation raises the epoch, and every older token of that user is refused;
 * - a token carries its own id (`jti`): a logout records it (repos/sessions.ts), ending that one
 *   session only (the user's other devices stay logged in).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface TokenPayload {
  sub: string;
  /** The user's session epoch when the token was made (absent in tokens made before epochs: 0). */
  ep?: number;
  /** The token's own id (absent in tokens made before logout ended sessions). */
  jti?: string;
  /** Expiry, seconds since the epoch (set by @fastify/jwt). */
  exp?: number;
  /**
   * 1: a device of the restaurant (a kitchen tablet) that stays signed in; every action on it
   * names its person by PIN (services/staff/devices.ts). Its `jti` is the device's id.
   */
  dv?: number;
}

/**
 * A new access token for the user, in `epoch` (a login's: the one read with the user before the
 * password was checked), else in the user's current epoch.
 */
export async function issueToken(app: FastifyInstance, userId: string, epoch?: number): Promise<string> {
  const ep = epoch ?? (await app.repos.sessions.epoch(userId));
  return app.jwt.sign({ sub: userId, ep, jti: newTokenId() });
}

/** A token's own id (its `jti`): random, so that a logout names one session only. */
export const newTokenId = (): string => randomBytes(16).toString('base64url');

/**
 * A device session's token (docs/PRODUCT.md, "Signing in on the floor"): `jti` is the device's
 * id (its row, which its manager sees and may end), valid `days` days.
 */
export function issueDeviceToken(
  app: FastifyInstance,
  userId: string,
  epoch: number,
  jti: string,
  days: number,
): string {
  return app.jwt.sign({ sub: userId, ep: epoch, jti, dv: 1 }, { expiresIn: `${days}d` });
}

/** Ends every session of the user, on every server. */
export async function endSessions(app: FastifyInstance, userId: string): Promise<void> {
  await app.repos.sessions.raiseEpoch(userId);
}

/** Ends one session (a logout): its token id is refused until the token would have expired. */
export async function endSession(app: FastifyInstance, payload: TokenPayload): Promise<void> {
  if (!payload.jti) {
    // a token from before token ids: only the user's epoch can end it (all their sessions)
    await endSessions(app, payload.sub);
    return;
  }
  const expiresAt = new Date((payload.exp ?? Date.now() / 1000 + 86_400) * 1000).toISOString();
  await app.repos.sessions.revoke(payload.jti, expiresAt);
}
