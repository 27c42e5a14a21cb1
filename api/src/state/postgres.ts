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
import type { CacheBus, CacheScope, LoginAttempts, OrderNotices } from './types';

const knownKey = (address: string, login: string) => JSON.stringify([address, login]);

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
        // now and then, the rows no rule looks at any more
        if (Math.random() < 0.01) await r.throttle.prune(at - limits.windowMs - MAX_LOGIN_DELAY_MS, at);
        return 0;
      }),
    succeed: (ip, login) =>
      repos.transaction(async (r) => {
        const at = Date.now();
        const address = addressKey(ip);
        const a = `a:${address}`;
        const rows = await r.throttle.lock([a]);
        await r.throttle.save(a, addressTakenBack(rows.get(a) ?? NONE));
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
