/** The in-process implementations of the shared state: right for one API process. */
import { LoginLimiter } from './login-limiter';
import type { CacheBus, CacheScope, Leases, LoginAttempts, OrderNotices, RateCounter } from './types';

export function memoryLoginAttempts(max: number, windowMs: number): LoginAttempts {
  const limiter = new LoginLimiter(max, windowMs);
  return {
    attempt: async (address, login) => limiter.attempt(address, login),
    succeed: async (address, login) => limiter.succeed(address, login),
  };
}

export function memoryCacheBus(): CacheBus {
  const listeners = new Set<(scope: CacheScope) => void>();
  return {
    async publish(scope) {
      for (const listener of listeners) listener(scope);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function memoryOrderNotices(): OrderNotices {
  const listeners = new Set<() => void>();
  return {
    async publish() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One process: it always holds every lease. */
export const memoryLeases = (): Leases => ({ hold: async () => true, releaseAll: async () => {} });

/** Keys counted at most (memory bound): past it, the window that began first goes. */
const RATE_KEYS = 10_000;

/** Requests per key and window in this process. */
export function memoryRateCounter(now = () => Date.now()): RateCounter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      let w = windows.get(key);
      if (!w || w.startedAt + windowMs <= at) {
        windows.delete(key);
        w = { startedAt: at, count: 0 };
        windows.set(key, w);
        for (const k of windows.keys()) {
          if (windows.size <= RATE_KEYS) break;
          windows.delete(k);
        }
      }
      w.count += 1;
      return { current: w.count, ttl: w.startedAt + windowMs - at };
    },
  };
}
