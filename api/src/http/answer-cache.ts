import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerCacheTtlMs } from '../config/settings';
import type { CacheScope } from '../state/types';

/** The tag of answers every write may change (the admin's lists): cleared by any clear. */
export const EVERY_WRITE = '';

/**
 * A short-lived cache of the public catalog answers (JSON bytes by request) for callers without an
 * owner/admin token: a QR menu is read far more often than it changes. The admin's list of all
 * restaurants (the same for every admin) and the guests' menu pages (`/m/<slug>`, HTML with its
 * compressed forms) are kept here too. Each entry is tagged with its restaurant; a write clears
 * what it made stale: the services tell app.cacheBus (services/effects.ts), so every API process
 * clears its restaurant's answers and the admin's lists, or everything; a change made behind the
 * API's back shows within the TTL.
 * A read that began before a clear is not stored.
 * TTL: `PUBLIC_CACHE_TTL_MS` (default 1000; 0 turns it off; off by default under NODE_ENV=test).
 */
export class AnswerCache {
  private readonly entries = new Map<
    string,
    { value: unknown; size: number; expires: number; tag: string }
  >();
  private bytes = 0;
  private version = 0;
  /** Computations in flight, by version and key: callers that miss together share one. */
  private readonly inflight = new Map<string, Promise<unknown>>();
  /**
   * @param ttlMs how long an answer is served (0: off)
   * @param maxBytes bound on the bytes held; past it, it starts over
   */
  constructor(
    public ttlMs: number,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}
  get enabled(): boolean {
    return this.ttlMs > 0;
  }
  /** The version to hand back to `set`, taken before reading the database. */
  get stamp(): number {
    return this.version;
  }
  get(key: string): Buffer | undefined {
    return this.lookup(key) as Buffer | undefined;
  }
  /** Keeps UTF-8 bytes, not text: a hit is written out without encoding it again. */
  set(key: string, text: string | Buffer, stamp: number, tag: string = EVERY_WRITE): void {
    const body = typeof text === 'string' ? Buffer.from(text) : text;
    this.store(key, body, body.length, stamp, tag);
  }
  /**
   * Forgets what a write made stale: everything (`'answers'`), or the answers tagged with the
   * written restaurants plus those of every write (the admin's lists); other restaurants' answers
   * stay. A read that began before any clear is not stored (one global version: simple, and at
   * worst one more miss).
   */
  clear(scope: CacheScope = 'answers'): void {
    if (scope === 'releases') return; // not an answer of this cache
    this.version++;
    if (scope === 'answers') {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    const stale = new Set<string>(scope.restaurants);
    stale.add(EVERY_WRITE);
    for (const [key, entry] of this.entries) {
      if (stale.has(entry.tag)) {
        this.entries.delete(key);
        this.bytes -= entry.size;
      }
    }
  }

  /** Whether `key` holds a live entry (tests). */
  has(key: string): boolean {
    return this.lookup(key) !== undefined;
  }

  /** Entries held now (tests and the bench). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer of `key` as JSON bytes: cached, or computed once, stored and shared. `tag`: the
   * restaurant the answer belongs to, known after computing it (default: every write clears it).
   */
  json(key: string, compute: () => Promise<unknown>, tag: () => string = () => EVERY_WRITE): Promise<Buffer> {
    return this.remember(
      key,
      async () => Buffer.from(JSON.stringify(await compute())),
      (body) => body.length,
      tag,
    );
  }

  /**
   * Any value under `key` (keys of different kinds of value must not collide): cached, or
   * computed once and shared with concurrent misses; kept when `sizeOf` gives its bytes
   * (undefined: an answer not worth keeping, such as a 404 for any slug one can type).
   * `compute` gets the value that just expired by age (never one from before a clear), so an
   * expensive answer whose data did not change can be handed back instead of being rebuilt.
   */
  remember<T>(
    key: string,
    compute: (expired: T | undefined) => Promise<T>,
    sizeOf: (value: T) => number | undefined,
    tagOf: (value: T) => string = () => EVERY_WRITE,
  ): Promise<T> {
    const entry = this.entries.get(key);
    const hit = this.lookup(key);
    if (hit !== undefined) return Promise.resolve(hit as T);
    const expired = entry?.value as T | undefined;
    const stamp = this.version;
    const flightKey = `${stamp}\u0000${key}`;
    let pending = this.inflight.get(flightKey) as Promise<T> | undefined;
    if (!pending) {
      pending = compute(expired)
        .then((value) => {
          const size = sizeOf(value);
          if (size !== undefined) this.store(key, value, size, stamp, tagOf(value));
          return value;
        })
        .finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, pending);
    }
    return pending;
  }

  private lookup(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      this.bytes -= entry.size;
      return undefined;
    }
    return entry.value;
  }

  private store(key: string, value: unknown, size: number, stamp: number, tag: string): void {
    if (!this.enabled || stamp !== this.version || size > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.size;
    if (this.bytes + size > this.maxBytes) {
      this.entries.clear();
      this.bytes = 0;
    }
    this.entries.set(key, { value, size, expires: Date.now() + this.ttlMs, tag });
    this.bytes += size;
  }
}

const caches = new WeakMap<object, AnswerCache>();

/**
 * The cache of one app (keyed by its database handle), made on the first call with `ttlMs`
 * (default PUBLIC_CACHE_TTL_MS): the app makes it as it starts, with its own option.
 */
export function answerCache(db: object, ttlMs?: number): AnswerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnswerCache(ttlMs ?? answerCacheTtlMs());
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Answers from the cache (computed once on a miss) as JSON bytes, sent as they are, skipping the
 * route's serializer. With the cache off, the computed answer goes the usual way.
 */
export async function sendCached<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<T>,
  tag?: () => string,
): Promise<T> {
  const cache = answerCache(app.db);
  if (!cache.enabled) return compute();
  // returning the reply tells Fastify the answer is sent; typed as T for the route's signature
  return reply.type('application/json; charset=utf-8').send(await cache.json(key, compute, tag)) as never;
}
