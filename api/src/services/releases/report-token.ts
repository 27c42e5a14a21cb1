/**
 * The report token (docs/OPERATIONS.md, "Failures"): what a shell was given, signed. It comes with
 * the caller's assignment (`/config.json`, `GET /api/releases/assignment`) and names whom the split
 * was made for (`user:<account>` or `visitor:<browser's random id>`) and each module's releases it
 * was given (the version and, for a canary, its stable fallback). The shell sends it back with its
 * reports: a report counts only for a release the token names, and once per subject (reports.ts).
 *
 * `<payload>.<mac>`, both base64url: the payload is JSON with sorted keys, so the same assignment
 * makes the same token (the assignment's ETag holds); the mac is HMAC-SHA256 under a key derived
 * from JWT_SECRET, the same on every server of a deployment and used for nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ReportGrant {
  /** Whom the split was made for: `user:<id>` or `visitor:<id>`. */
  subject: string;
  /** Module -> the versions given (the release, then a canary's stable fallback). */
  releases: Record<string, string[]>;
}

/** The key report tokens are signed with, from the deployment's JWT secret (a label keeps it apart). */
export const reportKeyFrom = (secret: string): Buffer =>
  createHmac('sha256', secret).update('qrmenu release report tokens v1').digest();

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signReportToken(key: Buffer, grant: ReportGrant): string {
  const releases = Object.fromEntries(
    Object.keys(grant.releases)
      .sort()
      .map((m) => [m, grant.releases[m]]),
  );
  const payload = Buffer.from(JSON.stringify({ s: grant.subject, r: releases })).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The grant a token carries, or null when it is not one this deployment signed. */
export function readReportToken(key: Buffer, token: string): ReportGrant | null {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = mac(key, payload);
  const got = Buffer.from(given, 'base64url');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      s?: unknown;
      r?: unknown;
    };
    if (typeof parsed.s !== 'string' || !parsed.r || typeof parsed.r !== 'object') return null;
    const releases: Record<string, string[]> = {};
    for (const [module, versions] of Object.entries(parsed.r as Record<string, unknown>)) {
      if (Array.isArray(versions))
        releases[module] = versions.filter((v): v is string => typeof v === 'string');
    }
    return { subject: parsed.s, releases };
  } catch {
    return null;
  }
}
