/**
 * The shared state in PostgreSQL, for several API processes on one database: the failed-login
 * counts in tables (the same rules as in process, login-rules.ts; one attempt's rows locked in a
 * transaction) and the answer cache's stale notices over LISTEN/NOTIFY.
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
import type { CacheBus, CacheScope, LoginAttempts } from './types';

const knownKey = (address: string, login: string) => JSON.stringify([address, login]);

/**
 * Forgets the rows no rule looks at any more, every `everyMs` (a timer, not the logins: a quiet
 * server prunes too, and no login pays for it). Answers the timer's stop.
 */
export function pruneLoginRows(repos: Repositories, limits: LoginLimits, everyMs: number): () => void {
  const timer = setInterval(() => {
    const at = Date.now();
    repos.throttle.prune(at - limits.windowMs - MAX_LOGIN_DELAY_MS, at).catch(() => {
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
  if (v === 'answers') return true;
  const r = (v as { restaurants?: unknown } | null)?.restaurants;
  return Array.isArray(r) && r.every((id) => typeof id === 'string');
}
