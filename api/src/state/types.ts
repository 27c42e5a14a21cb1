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
 * What a write made stale: in the answer cache (public catalog answers, the admin's list, the
 * guests' menu pages) `answers`, all of it, or the answers of some restaurants (and the admin's
 * lists, which every write may change); `releases`, the modules' releases every server keeps in
 * memory (services/releases/). A lost listening connection makes everything stale.
 */
export type CacheScope = 'answers' | 'releases' | { restaurants: readonly string[] };

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

/** Requests counted per key and window (the upload limit): by every server on PostgreSQL. */
export interface RateCounter {
  /** Counts one request of `key`: its count in the window, and ms until the window ends. */
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

/**
 * Work only one server does at a time (the POS's schedule, the visits' fold): a lease held and
 * renewed in the database; one process (SQLite) always holds it.
 */
export interface Leases {
  /** Takes or renews the lease `name` for `ttlMs`: true when this server holds it now. */
  hold(name: string, ttlMs: number): Promise<boolean>;
  /** Gives back every lease this server holds (it is closing): another takes them at once. */
  releaseAll(): Promise<void>;
}
