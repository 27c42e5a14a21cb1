import { randomBytes } from 'node:crypto';

/** A random opaque id (24 hex characters, like the ObjectIds the spec's front end was built for). */
export function newId(): string {
  return randomBytes(12).toString('hex');
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

/** 0/1 <-> boolean, for the integer boolean columns. */
export const toBool = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
export const fromBool = (v: boolean): number => (v ? 1 : 0);
