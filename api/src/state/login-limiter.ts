interface Window {
  count: number;
  resetAt: number;
}

/** Failures of one kind of key (addresses, or logins) in fixed windows. */
class FailureCounter {
  private readonly entries = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until `key` may try again, or 0. */
  wait(key: string, at: number): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    if (entry.resetAt <= at) {
      this.entries.delete(key);
      return 0;
    }
    return entry.count >= this.max ? Math.ceil((entry.resetAt - at) / 1000) : 0;
  }

  fail(key: string, at: number): void {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > at) {
      entry.count += 1;
      return;
    }
    this.entries.set(key, { count: 1, resetAt: at + this.windowMs });
    prune(this.entries, at, (e) => e.resetAt);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  /** Takes back one failure counted up front for an attempt that turned out right. */
  takeBack(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }
}

const PRUNE_AT = 10_000;
const HARD_CAP = 100_000;

/** Drops expired entries once the map is large; past a hard cap, the oldest go too (memory bound). */
function prune<V>(map: Map<string, V>, at: number, expiry: (v: V) => number): void {
  if (map.size < PRUNE_AT) return;
  for (const [k, v] of map) if (expiry(v) <= at) map.delete(k);
  for (const k of map.keys()) {
    if (map.size <= HARD_CAP) break;
    map.delete(k); // insertion order: the oldest first
  }
}

/** How long an address stays "known" for a login after a successful login from it. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Failed logins are counted per address (any login) and per login (any address), each capped at
 * `max` per window; a blocked address or login gets 429 until its window ends.
 * - A success clears only that login's count: another account's success from the same address
 *   does not reset the address (an attacker with one valid account cannot buy more guesses).
 * - The per-login count stops distributed guessing of one account. So that a stranger cannot
 *   lock a user out, it does not apply from an address that login succeeded from in the last
 *   30 days (that address is still held by its own per-address count).
 * In memory, per process: a restart forgets the counts.
 */
export class LoginLimiter {
  private readonly byAddress: FailureCounter;
  private readonly byLogin: FailureCounter;
  private readonly knownAddresses = new Map<string, number>();

  constructor(max: number, windowMs: number) {
    this.byAddress = new FailureCounter(max, windowMs);
    this.byLogin = new FailureCounter(max, windowMs);
  }

  /**
   * Counts this attempt as failed before the password is checked and answers 0, or the seconds
   * to wait when the address or the login is blocked (nothing counted). Counting first means
   * that parallel requests cannot all pass the check before any failure is recorded; a
   * successful login then calls succeed().
   */
  attempt(address: string, login: string, at = Date.now()): number {
    const wait = Math.max(
      this.byAddress.wait(address, at),
      this.isKnown(address, login, at) ? 0 : this.byLogin.wait(login, at),
    );
    if (wait > 0) return wait;
    this.byAddress.fail(address, at);
    this.byLogin.fail(login, at);
    return 0;
  }

  /**
   * The password was right: this login's failures are forgiven; the address keeps its earlier
   * failures (only this attempt, counted up front, is taken back).
   */
  succeed(address: string, login: string, at = Date.now()): void {
    this.byLogin.clear(login);
    this.byAddress.takeBack(address);
    this.knownAddresses.set(knownKey(address, login), at + KNOWN_ADDRESS_MS);
    prune(this.knownAddresses, at, (until) => until);
  }

  private isKnown(address: string, login: string, at: number): boolean {
    const until = this.knownAddresses.get(knownKey(address, login));
    return until !== undefined && until > at;
  }
}

const knownKey = (address: string, login: string) => `${address}\u0000${login}`;
