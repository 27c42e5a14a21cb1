import { randomBytes, randomFillSync } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * An opaque id of 24 hex characters (like the ObjectIds the spec's front end was built for):
 * 12 of milliseconds that never go back, 6 of a sequence, 6 random. Lists sort by
 * (position, id): the id only breaks ties of rows stored without a position (test fixtures),
 * which then keep the order they were made in.
 */
export function newId(): string {
  return orderedPrefix() + randomHex6();
}

/** 12 hex digits of milliseconds that never go back and 6 of a sequence: ids sort as made. */
function orderedPrefix(): string {
  lastMs = Math.max(lastMs, Date.now());
  sequence = (sequence + 1) % 0x1000000;
  return lastMs.toString(16).padStart(12, '0') + sequence.toString(16).padStart(6, '0');
}

/**
 * An id that is also a code printed for anyone to read and nobody to guess (a table's QR code,
 * `?p=<id>`): newId's 18 ordered hex digits, then 128 random bits in 22 base64url characters
 * (40 characters). newId's 24 random bits are few for a code: the time and sequence of one
 * table's code tell its neighbours' (a range "Stol 1-20" is made in one millisecond).
 */
export function newCodeId(): string {
  return orderedPrefix() + randomBytes(16).toString('base64url');
}

// random bytes drawn a page at a time: one call into the system's generator per 1,365 ids, not one each
const pool = Buffer.alloc(4095);
let used = pool.length;
function randomHex6(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 3;
  return pool.toString('hex', used - 3, used);
}

/** The current time as an ISO-8601 string (what every timestamp column stores). */
export function now(): string {
  return new Date().toISOString();
}

/** True for a unique-constraint violation on PostgreSQL (23505) or SQLite. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True for a foreign-key violation: PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY. Seen
 * when a write races a delete (a product created in a category deleted in the same moment).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * True when PostgreSQL aborted a transaction because of a concurrent one (serialization failure
 * 40001, deadlock 40P01): running it again is the cure.
 */
export function isConcurrencyFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '40001' || code === '40P01';
}

/** 0/1 <-> boolean, for the integer boolean columns. */
export const toBool = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
export const fromBool = (v: boolean): number => (v ? 1 : 0);
