/**
 * A staff member's PIN (docs/PRODUCT.md, "Signing in on the floor"): on a device of the restaurant
 * that stays signed in (a kitchen tablet), the person who acts types it with every action, and the
 * action is recorded under them.
 *
 * - The server makes each PIN (`STAFF_LIMITS.pinDigits` random digits), shows it once, and keeps
 *   only a keyed hash: HMAC-SHA256 under a key derived from JWT_SECRET, of the restaurant and the
 *   PIN. A PIN is unique in its restaurant (a unique index on the hashes), so it names its person
 *   alone; four digits are few, so the key (not in the database) is what keeps a copy of the
 *   database from giving the PINs away by trying all ten thousand.
 * - A device that takes `pinTries` wrong PINs in a row is locked `pinLockMinutes` (its row), so
 *   PINs are not guessed on it; a right PIN starts the count again.
 */
import { createHmac, randomInt } from 'node:crypto';
import { STAFF_LIMITS } from '@qrmenu/shared/schemas';

/** The key of the PINs' hashes, from the deployment's JWT secret (a label keeps it apart). */
export const pinKeyFrom = (secret: string): Buffer =>
  createHmac('sha256', secret).update('qrmenu staff pins v1').digest();

export const hashPin = (key: Buffer, restaurantId: string, pin: string): string =>
  createHmac('sha256', key).update(`${restaurantId}:${pin}`).digest('base64url');

/** A new PIN: `pinDigits` random digits (leading zeros kept). */
export const randomPin = (): string =>
  String(randomInt(0, 10 ** STAFF_LIMITS.pinDigits)).padStart(STAFF_LIMITS.pinDigits, '0');
