/** The in-process implementations of the shared state: right for one API process. */
import { LoginLimiter } from './login-limiter';
import type { CacheBus, CacheScope, LoginAttempts, OrderNotices } from './types';

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
