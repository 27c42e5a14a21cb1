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

const PRUNE_AT = 10_000;
const HARD_CAP = 100_000;

/** Drops expired entries once the map is large; past a hard cap, the oldest go too (memory bound). */
function prune<V>(map: Map<string, V>, expired: (v: V) => boolean): void {
  if (map.size < PRUNE_AT) return;
  for (const [k, v] of map) if (expired(v)) map.delete(k);
  for (const k of map.keys()) {
    if (map.size <= HARD_CAP) break;
    map.delete(k); // insertion order: the oldest first
  }
}

/** In memory, per process: a restart forgets the counts. */
export class LoginLimiter {
  private readonly limits: LoginLimits;
  private readonly byAddress = new Map<string, Failures>();
  private readonly byLogin = new Map<string, Failures>();
  private readonly knownAddresses = new Map<string, number>();

  constructor(max: number, windowMs: number) {
    this.limits = { max, windowMs };
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
    this.byAddress.set(address, result.address);
    this.byLogin.set(login, result.login);
    const old = (f: Failures) => f.last + this.limits.windowMs <= at;
    prune(this.byAddress, old);
    prune(this.byLogin, old);
    return 0;
  }

  /** The password was right: this login's failures are forgiven, the up-front count taken back. */
  succeed(ip: string, login: string, at = Date.now()): void {
    const address = addressKey(ip);
    this.byLogin.delete(login);
    const f = this.byAddress.get(address);
    if (f) this.byAddress.set(address, addressTakenBack(f));
    this.knownAddresses.set(knownKey(address, login), at + KNOWN_ADDRESS_MS);
    prune(this.knownAddresses, (until) => until <= at);
  }
}

const knownKey = (address: string, login: string) => `${address}\u0000${login}`;
