/** The failed-login rules (login-rules.ts) over in-process maps: right for one API process. */
import {
  addressKey,
  addressTakenBack,
  decide,
  type Failures,
  KNOWN_ADDRESS_MS,
  type LoginLimits,
  NONE,
} from './login-rules';

/** Entries a map holds at most (memory bound): past it, the least recently used go. */
const CAP = 100_000;

/**
 * A map in the order of last use: every read or write moves its key to the end, so the first
 * keys are the least recently used, the ones to evict at the cap. An attacked login, looked up
 * at each guess, stays however many other keys pass through. Expired entries are swept once
 * per `CAP / 10` writes (amortised: no attempt pays for a scan of the whole map).
 */
class RecentMap<V> {
  private readonly map = new Map<string, V>();
  private writes = 0;

  /** `expired(v, at)`: whether an entry means nothing any more at time `at`. */
  constructor(private readonly expired: (v: V, at: number) => boolean) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, v: V, at: number): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (++this.writes >= CAP / 10) {
      this.writes = 0;
      for (const [k, old] of this.map) if (this.expired(old, at)) this.map.delete(k);
    }
    for (const k of this.map.keys()) {
      if (this.map.size <= CAP) break;
      this.map.delete(k);
    }
  }

  delete(key: string): void {
    this.map.delete(key);
  }
}

/** In memory, per process: a restart forgets the counts. */
export class LoginLimiter {
  private readonly limits: LoginLimits;
  private readonly byAddress: RecentMap<Failures>;
  private readonly byLogin: RecentMap<Failures>;
  private readonly knownAddresses = new RecentMap<number>((until, at) => until <= at);

  constructor(max: number, windowMs: number) {
    this.limits = { max, windowMs };
    const old = (f: Failures, at: number) => f.last + windowMs <= at;
    this.byAddress = new RecentMap(old);
    this.byLogin = new RecentMap(old);
  }

  /**
   * Counts this attempt as failed before the password is checked and answers 0, or the seconds
   * to wait (nothing counted). Counting first means that parallel requests cannot all pass the
   * check before any failure is recorded; a successful login then calls succeed().
   */
  attempt(ip: string, login: string, at = Date.now()): number {
    const address = addressKey(ip);
    const result = decide(
      {
        address: this.byAddress.get(address) ?? NONE,
        login: this.byLogin.get(login) ?? NONE,
        known: (this.knownAddresses.get(knownKey(address, login)) ?? 0) > at,
      },
      at,
      this.limits,
    );
    if (!('address' in result)) return result.wait;
    this.byAddress.set(address, result.address, at);
    this.byLogin.set(login, result.login, at);
    return 0;
  }

  /** The password was right: this login's failures are forgiven, the up-front count taken back. */
  succeed(ip: string, login: string, at = Date.now()): void {
    const address = addressKey(ip);
    this.byLogin.delete(login);
    const f = this.byAddress.get(address);
    if (f) this.byAddress.set(address, addressTakenBack(f), at);
    this.knownAddresses.set(knownKey(address, login), at + KNOWN_ADDRESS_MS, at);
  }
}

const knownKey = (address: string, login: string) => `${address}\u0000${login}`;
