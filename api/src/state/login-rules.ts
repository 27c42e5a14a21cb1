/**
 * The failed-login rules, one pure function per decision, used by the in-process store
 * (memory.ts) and the PostgreSQL one (postgres.ts) alike: the same limits on every server.
 *
 * - Per client address (IPv4, or the /64 of an IPv6 address: one subscriber holds a whole /64),
 *   any login: `max` failures per fixed window (default 10 in 15 min), then 429 until the window
 *   ends. A success takes back only its own attempt (another account's success from the same
 *   address does not buy more guesses).
 * - Per login, any address: after `max` failures each further attempt waits a delay that doubles
 *   with every failure (1 s, 2 s, 4 s, ... at most 5 min), counted from the last failure, and
 *   the count is forgotten after a window without failures. A stranger can slow a login down, not
 *   lock it for a window; a success clears it; and it does not apply from an address that login
 *   succeeded from in the last 30 days.
 */
import { isIPv6 } from 'node:net';

export interface LoginLimits {
  max: number;
  windowMs: number;
}

/** One key's failures: per address a fixed window from `since`; per login the last failure. */
export interface Failures {
  count: number;
  /** ms: start of the address's window / time of the login's first counted failure */
  since: number;
  /** ms: the last failure */
  last: number;
}

export const NONE: Failures = { count: 0, since: 0, last: 0 };

/** The longest per-login delay (the doubling stops here). */
export const MAX_LOGIN_DELAY_MS = 5 * 60 * 1000;
/** How long an address stays "known" for a login after a successful login from it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** The key an address is counted under: IPv4 as it is, IPv6 by its /64 (`2001:db8:1:2::/64`). */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // an embedded IPv4 tail (::1.2.3.4) sits in the low 64 bits: not part of the prefix
  const missing = 8 - left.length - right.length;
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, missing)).fill('0'), ...right] : left;
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** The address's failures as of `at` (a window that ended counts as none). */
function addressNow(f: Failures, at: number, limits: LoginLimits): Failures {
  return f.count > 0 && f.since + limits.windowMs > at ? f : NONE;
}

/** The login's failures as of `at` (forgotten after a window without failures). */
function loginNow(f: Failures, at: number, limits: LoginLimits): Failures {
  return f.count > 0 && f.last + limits.windowMs > at ? f : NONE;
}

/** Seconds the address must wait, or 0. */
function addressWait(f: Failures, at: number, limits: LoginLimits): number {
  const now = addressNow(f, at, limits);
  return now.count >= limits.max ? Math.max(1, Math.ceil((now.since + limits.windowMs - at) / 1000)) : 0;
}

/** The per-login delay after `count` failures (0 below the limit). */
function loginDelayMs(count: number, limits: LoginLimits): number {
  if (count < limits.max) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, 1000 * 2 ** Math.min(20, count - limits.max));
}

/** Seconds the login must wait (from an address it has not succeeded from), or 0. */
function loginWait(f: Failures, at: number, limits: LoginLimits): number {
  const now = loginNow(f, at, limits);
  const until = now.last + loginDelayMs(now.count, limits);
  return until > at ? Math.max(1, Math.ceil((until - at) / 1000)) : 0;
}

/** The address's failures after one more at `at`. */
function addressFailed(f: Failures, at: number, limits: LoginLimits): Failures {
  const now = addressNow(f, at, limits);
  return now.count === 0 ? { count: 1, since: at, last: at } : { ...now, count: now.count + 1, last: at };
}

/** The login's failures after one more at `at`. */
function loginFailed(f: Failures, at: number, limits: LoginLimits): Failures {
  const now = loginNow(f, at, limits);
  return now.count === 0 ? { count: 1, since: at, last: at } : { ...now, count: now.count + 1, last: at };
}

/** The address's failures once a success takes back the attempt counted up front. */
export function addressTakenBack(f: Failures): Failures {
  return f.count > 0 ? { ...f, count: f.count - 1 } : f;
}

/**
 * The decision for one attempt: the wait (nothing counted), or the counts after counting it as
 * failed up front (a success then calls succeed).
 */
export function decide(
  state: { address: Failures; login: Failures; known: boolean },
  at: number,
  limits: LoginLimits,
): { wait: number } | { wait: 0; address: Failures; login: Failures } {
  const wait = Math.max(
    addressWait(state.address, at, limits),
    state.known ? 0 : loginWait(state.login, at, limits),
  );
  if (wait > 0) return { wait };
  return {
    wait: 0,
    address: addressFailed(state.address, at, limits),
    login: loginFailed(state.login, at, limits),
  };
}
