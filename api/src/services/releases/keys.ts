/**
 * Deploy keys: one per module, for its team's pipeline. A key is 32 random bytes (base64url)
 * behind a `qrd_` prefix (secret scanners find it in a leaked log); only its SHA-256 is stored (a
 * random 256-bit key needs no slow hash) and a presented key is compared with each stored hash in
 * constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEPLOY_KEY_PREFIX = 'qrd_';

export const newDeployKey = (): string => `${DEPLOY_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export const keyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Whether `key` hashes to `storedHash` (hex), compared in constant time. */
export function matchesHash(key: string, storedHash: string): boolean {
  const presented = createHash('sha256').update(key, 'utf8').digest();
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
