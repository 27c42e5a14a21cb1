/**
 * Who is in a canary: a hash of the module, the canary's version and the caller (an account id,
 * or a signed-out browser's random visitor id) gives a bucket 0..99; the caller is in when it is
 * below the share. The same person gets the same answer on every load and every server; a larger
 * share keeps everyone who was in; each new canary draws its own group, so a module's canaries
 * do not always land on the same people.
 */
import { createHash } from 'node:crypto';

/** The caller a split is made for: `user:<id>` or `visitor:<id>`; null: nobody known (stable). */
export type Subject = string | null;

export function bucketOf(module: string, version: string, subject: string): number {
  const digest = createHash('sha256').update(`${module}\n${version}\n${subject}`).digest();
  return digest.readUInt32BE(0) % 100;
}

export function inCanary(module: string, version: string, subject: Subject, share: number): boolean {
  return subject !== null && share > 0 && bucketOf(module, version, subject) < share;
}
