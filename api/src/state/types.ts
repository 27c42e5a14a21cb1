/**
 * State that several API processes would have to share. Today one process holds it
 * (`memory.ts`); a cluster puts it in PostgreSQL or Redis behind the same interfaces.
 */

/** Failed logins per client address and per login (see LoginLimiter for the rules). */
export interface LoginAttempts {
  /**
   * Counts this attempt as failed before the password is checked and answers 0, or the seconds
   * to wait when the address or the login is blocked (nothing counted then).
   */
  attempt(address: string, login: string): Promise<number>;
  /** The password was right: this login's failures are forgiven, the up-front count taken back. */
  succeed(address: string, login: string): Promise<void>;
}

/** Tells every process that cached answers of a scope are stale (after a successful write). */
export interface CacheBus {
  publish(scope: CacheScope): Promise<void>;
  /** Calls `listener` on every publish (this process's and, in a cluster, the others'); answers the unsubscribe. */
  subscribe(listener: (scope: CacheScope) => void): () => void;
}

/**
 * What a write made stale in the answer cache (public catalog answers, the admin's list, the
 * guests' menu pages): `answers`, all of it; or the answers of some restaurants (and the
 * admin's lists, which every write may change).
 */
export type CacheScope = 'answers' | { restaurants: readonly string[] };

/**
 * "New order events were committed": wakes every process's stream hub, which then reads the new
 * events from `order_events` (the notice carries nothing the table does not hold). In process on
 * SQLite; LISTEN/NOTIFY on PostgreSQL. A listener is also called when notices may have been
 * missed (the listening connection was lost and made again).
 */
export interface OrderNotices {
  publish(): Promise<void>;
  subscribe(listener: () => void): () => void;
}
