import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A short-lived cache of the public catalog answers (JSON bytes by request) for callers without an
 * owner/admin token: a QR menu is read far more often than it changes. The admin's list of all
 * restaurants (the same for every admin) and the guests' menu pages (`/m/<slug>`, HTML with its
 * compressed forms) are kept here too. Every successful write
 * of the catalog, restaurant, upload, integration and stop-list routes clears it (`clearAnswerCacheOnWrites`); a
 * change made behind the API's back shows within the TTL. A read that began before a clear is
 * not stored. One process's memory: with several API processes, each clears only its own.
 * TTL: `PUBLIC_CACHE_TTL_MS` (default 1000; 0 turns it off; off by default under NODE_ENV=test).
 */
export class AnswerCache {
  private readonly entries = new Map<string, { value: unknown; size: number; expires: number }>();
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
  set(key: string, text: string | Buffer, stamp: number): void {
    const body = typeof text === 'string' ? Buffer.from(text) : text;
    this.store(key, body, body.length, stamp);
  }
  clear(): void {
    this.version++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** The answer of `key` as JSON bytes: cached, or computed once, stored and shared. */
  json(key: string, compute: () => Promise<unknown>): Promise<Buffer> {
    return this.remember(
      key,
      async () => Buffer.from(JSON.stringify(await compute())),
      (body) => body.length,
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
          if (size !== undefined) this.store(key, value, size, stamp);
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

  private store(key: string, value: unknown, size: number, stamp: number): void {
    if (!this.enabled || stamp !== this.version || size > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.size;
    if (this.bytes + size > this.maxBytes) {
      this.entries.clear();
      this.bytes = 0;
    }
    this.entries.set(key, { value, size, expires: Date.now() + this.ttlMs });
    this.bytes += size;
  }
}

function cacheTtlFromEnv(): number {
  const v = process.env.PUBLIC_CACHE_TTL_MS?.trim();
  if (v) {
    const n = Number(v);
    return Number.isFinite(n) && n > 0 ? n : 0;
  }
  return process.env.NODE_ENV === 'test' ? 0 : 1000;
}

const caches = new WeakMap<object, AnswerCache>();

/** The cache of one app (keyed by its database handle). */
export function answerCache(db: object): AnswerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnswerCache(cacheTtlFromEnv());
    caches.set(db, cache);
  }
  return cache;
}

/**
 * In a route plugin: every successful write of its routes tells the cache bus (app.cacheBus),
 * which clears the answer cache of every process listening.
 */
export function clearAnswerCacheOnWrites(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      await app.cacheBus.publish('answers');
    }
  });
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
): Promise<T> {
  const cache = answerCache(app.db);
  if (!cache.enabled) return compute();
  // returning the reply tells Fastify the answer is sent; typed as T for the route's signature
  return reply.type('application/json; charset=utf-8').send(await cache.json(key, compute)) as never;
}
