/**
 * The shared state in PostgreSQL, for several API processes on one database: the failed-login
 * counts in tables (the same rules as in process, login-rules.ts; one attempt's rows locked in a
 * transaction), the answer cache's stale notices and the order streams' wake-ups over LISTEN/NOTIFY.
 */
import { randomBytes } from 'node:crypto';
import type { PubSub } from '../db/notify';
import type { Repositories } from '../repos';
import {
  addressKey,
  addressTakenBack,
  decide,
  KNOWN_ADDRESS_MS,
  type LoginLimits,
  MAX_LOGIN_DELAY_MS,
  NONE,
} from './login-rules';
import type { CacheBus, CacheScope, Leases, LoginAttempts, OrderNotices, RateCounter } from './types';

const knownKey = (address: string, login: string) => JSON.stringify([address, login]);

/** The longest window a rate count lives (the upload limit's: 10 minutes), with room to spare. */
const RATE_WINDOW_MAX_MS = 60 * 60_000;

/**
 * Forgets the failed-login and rate rows no rule looks at any more, every `everyMs` (a timer,
 * not the logins: a quiet server prunes too, and no login pays for it). Answers its stop.
 */
export function pruneLoginRows(repos: Repositories, limits: LoginLimits, everyMs: number): () => void {
  const timer = setInterval(() => {
    const at = Date.now();
    Promise.all([
      repos.throttle.prune(at - limits.windowMs - MAX_LOGIN_DELAY_MS, at),
      repos.rateCounts.prune(at - RATE_WINDOW_MAX_MS),
    ]).catch(() => {
      // the next beat tries again
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function pgLoginAttempts(repos: Repositories, limits: LoginLimits): LoginAttempts {
  return {
    attempt: (ip, login) =>
      repos.transaction(async (r) => {
        const at = Date.now();
        const address = addressKey(ip);
        const a = `a:${address}`;
        const l = `l:${login}`;
        const rows = await r.throttle.lock([a, l]);
        const known = (await r.throttle.knownUntil(knownKey(address, login))) > at;
        const result = decide(
          { address: rows.get(a) ?? NONE, login: rows.get(l) ?? NONE, known },
          at,
          limits,
        );
        if (!('address' in result)) return result.wait;
        await r.throttle.save(a, result.address);
        await r.throttle.save(l, result.login);
        return 0;
      }),
    succeed: (ip, login) =>
      repos.transaction(async (r) => {
        const at = Date.now();
        const address = addressKey(ip);
        const a = `a:${address}`;
        const rows = await r.throttle.lock([a]);
        const counted = rows.get(a);
        if (counted) await r.throttle.save(a, addressTakenBack(counted));
        await r.throttle.clear(`l:${login}`);
        await r.throttle.setKnown(knownKey(address, login), at + KNOWN_ADDRESS_MS);
      }),
  };
}

/** Requests per key and window counted in the database: every server adds into one row. */
export function pgRateCounter(repos: Repositories): RateCounter {
  return {
    async hit(key, windowMs) {
      const at = Date.now();
      const { count, startedAt } = await repos.rateCounts.hit(key, windowMs, at);
      return { current: count, ttl: startedAt + windowMs - at };
    },
  };
}

/** Leases in the database, held by this server (a random id) until it closes or stops renewing. */
export function pgLeases(repos: Repositories): Leases {
  const holder = randomBytes(12).toString('base64url');
  const held = new Set<string>();
  return {
    async hold(name, ttlMs) {
      const mine = await repos.leases.hold(name, holder, Date.now(), ttlMs);
      if (mine) held.add(name);
      else held.delete(name);
      return mine;
    },
    async releaseAll() {
      for (const name of held) await repos.leases.release(name, holder);
      held.clear();
    },
  };
}

const TOPIC = 'cache';

/**
 * Stale notices to every process on the database. This process's listeners hear a publish at
 * once (a write's own server must not serve the old answer for a round trip); the others through
 * NOTIFY, typically within a few ms. When the listening connection was lost, everything is
 * cleared once it is back (notices sent in between were missed).
 */
export async function pgCacheBus(pubsub: PubSub): Promise<{ bus: CacheBus; close: () => Promise<void> }> {
  const self = randomBytes(8).toString('hex');
  const listeners = new Set<(scope: CacheScope) => void>();
  const tell = (scope: CacheScope) => {
    for (const listener of listeners) listener(scope);
  };
  const close = await pubsub.subscribe(
    TOPIC,
    (payload) => {
      let message: { from?: string; scope?: CacheScope };
      try {
        message = JSON.parse(payload);
      } catch {
        return;
      }
      if (message.from === self) return;
      tell(isScope(message.scope) ? message.scope : 'answers');
    },
    () => tell('answers'),
  );
  return {
    bus: {
      async publish(scope) {
        tell(scope);
        await pubsub.publish(TOPIC, JSON.stringify({ from: self, scope }));
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    close,
  };
}

function isScope(v: unknown): v is CacheScope {
  if (v === 'answers' || v === 'releases') return true;
  const r = (v as { restaurants?: unknown } | null)?.restaurants;
  return Array.isArray(r) && r.every((id) => typeof id === 'string');
}

const ORDERS_TOPIC = 'orders';

/**
 * The order streams' wake-ups over LISTEN/NOTIFY: this process's listeners are told at once, the
 * other servers through the database (also after the listening connection came back: they may
 * have missed some).
 */
export async function pgOrderNotices(
  pubsub: PubSub,
): Promise<{ notices: OrderNotices; close: () => Promise<void> }> {
  const self = randomBytes(8).toString('hex');
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  const close = await pubsub.subscribe(ORDERS_TOPIC, (payload) => payload !== self && tell(), tell);
  return {
    notices: {
      async publish() {
        tell();
        await pubsub.publish(ORDERS_TOPIC, self);
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    close,
  };
}
