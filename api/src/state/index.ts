/**
 * The shared-state seam: `app.loginAttempts` (failed-login counts) and `app.cacheBus` (stale
 * answer-cache notices), in-process today. The answer cache of this app listens on the bus.
 */
import fp from 'fastify-plugin';
import { answerCache } from '../http/answer-cache';
import { memoryCacheBus, memoryLoginAttempts } from './memory';

export type { CacheBus, CacheScope, LoginAttempts } from './types';

export interface StateOptions {
  /** Failed logins allowed per address and window (default 10 per 15 min). */
  loginRateLimit?: { max: number; windowMs: number } | undefined;
}

export const statePlugin = fp<StateOptions>(
  async (app, options) => {
    const limit = options.loginRateLimit ?? { max: 10, windowMs: 15 * 60 * 1000 };
    app.decorate('loginAttempts', memoryLoginAttempts(limit.max, limit.windowMs));
    const bus = memoryCacheBus();
    app.decorate('cacheBus', bus);
    const cache = answerCache(app.db);
    const unsubscribe = bus.subscribe(() => cache.clear());
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'state' },
);
