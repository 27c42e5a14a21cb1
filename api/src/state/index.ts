/**
 * The shared-state seam: `app.loginAttempts` (failed-login counts), `app.cacheBus` (stale
 * answer-cache notices), `app.orderNotices` (new order events: the streams' wake-ups),
 * `app.rateCounter` (the upload limit's counts) and `app.leases` (work one server does at a
 * time). On PostgreSQL (any number of API processes on one database) they live
 * in the database (postgres.ts); on SQLite (one process) in memory (memory.ts). The answer cache
 * of this app listens on the bus.
 */
import fp from 'fastify-plugin';
import type { PubSub } from '../db/notify';
import { answerCache } from '../http/answer-cache';
import {
  memoryCacheBus,
  memoryLeases,
  memoryLoginAttempts,
  memoryOrderNotices,
  memoryRateCounter,
} from './memory';
import {
  pgCacheBus,
  pgLeases,
  pgLoginAttempts,
  pgOrderNotices,
  pgRateCounter,
  pruneLoginRows,
} from './postgres';

export type { CacheBus, CacheScope, Leases, LoginAttempts, OrderNotices, RateCounter } from './types';

export interface StateOptions {
  /**
   * Failed logins allowed per address and window (default 10 per 15 min); on PostgreSQL, how
   * often the rows no rule looks at any more are deleted (default every 5 min).
   */
  loginRateLimit?: { max: number; windowMs: number; pruneEveryMs?: number } | undefined;
  /** PostgreSQL's LISTEN/NOTIFY: given, the state is shared through the database. */
  pubsub?: PubSub | undefined;
}

export const statePlugin = fp<StateOptions>(
  async (app, options) => {
    const limit = options.loginRateLimit ?? { max: 10, windowMs: 15 * 60 * 1000 };
    const cache = answerCache(app.db);
    if (options.pubsub) {
      app.decorate('loginAttempts', pgLoginAttempts(app.repos, limit));
      app.decorate('rateCounter', pgRateCounter(app.repos));
      const leases = pgLeases(app.repos);
      app.decorate('leases', leases);
      const stopPruning = pruneLoginRows(app.repos, limit, limit.pruneEveryMs ?? 5 * 60_000);
      const { bus, close } = await pgCacheBus(options.pubsub);
      app.decorate('cacheBus', bus);
      const unsubscribe = bus.subscribe((scope) => cache.clear(scope));
      // the listening connection is its own (not the pool's): closed here whatever the order
      const orders = await pgOrderNotices(options.pubsub);
      app.decorate('orderNotices', orders.notices);
      app.addHook('onClose', async () => {
        stopPruning();
        unsubscribe();
        // the scheduled work this server held goes to another at once, not at the lease's expiry
        await leases.releaseAll().catch(() => undefined);
        await close();
        await orders.close();
      });
      return;
    }
    app.decorate('loginAttempts', memoryLoginAttempts(limit.max, limit.windowMs));
    app.decorate('rateCounter', memoryRateCounter());
    app.decorate('leases', memoryLeases());
    const bus = memoryCacheBus();
    app.decorate('cacheBus', bus);
    app.decorate('orderNotices', memoryOrderNotices());
    const unsubscribe = bus.subscribe((scope) => cache.clear(scope));
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'state', dependencies: ['repositories'] },
);
