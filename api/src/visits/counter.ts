/**
 * Counts guests' views of `/m/<slug>` in memory and writes them in batches (issue 22).
 *
 * Privacy: no cookie, no script, no address stored. A unique visitor of a day is
 * sha256(day's salt, address, user agent, slug): the salt is random per day, shared by the
 * servers through the database and deleted when the day is folded, so after the day nobody,
 * us included, can tell which address a hash came from; the hashes themselves are deleted at
 * the fold too (only the count stays). In memory an address lives only as long as it takes to
 * hash it (or, in the first seconds of a day before its salt is loaded, until the next batch).
 *
 * Speed: `count` is a map increment and one hash; nothing waits on the database. A batch is
 * written every `flushMs` (5 s) and when the server closes; a crash loses at most the views of
 * the last batch interval. A failed write keeps the batch for the next one.
 */
import { hash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Repositories } from '../repos';
import { isNotAGuest } from './bots';
import { DAY_MS, dayOf, nextDayStart } from './day';

/** A placement id as the server makes them (or an old client's): refused otherwise, counted as none. */
const PLACEMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Views held for an unknown salt (first seconds of a day) are capped: memory stays bounded. */
const MAX_RAW = 20_000;

const SEP = '\u0000';

export interface VisitCounter {
  /** Counts one view of a page served (200 or 304) unless it is a bot, preview or prefetch. */
  count(request: FastifyRequest, slug: string, language: string, placement: unknown): void;
  /** Writes what was counted since the last batch (concurrent calls share one write). */
  flush(): Promise<void>;
  /** Views counted and not yet written (tests, health). */
  pending(): number;
}

export function createVisitCounter(
  repos: Repositories,
  log: FastifyBaseLogger,
  now = () => Date.now(),
): VisitCounter {
  /** `slug \0 day \0 placement \0 language` -> views */
  let views = new Map<string, number>();
  /** `slug \0 day` -> hashes */
  let hashes = new Map<string, Set<string>>();
  /** views of a day whose salt is not loaded yet: hashed at the next batch */
  let raw: { slug: string; day: string; who: string }[] = [];
  const salts = new Map<string, string>();
  let foldedDay = '';
  let running: Promise<void> | null = null;

  // one-shot hashing: cheaper than a createHash object per view
  const hashOf = (salt: string, who: string, slug: string) =>
    hash('sha256', `${salt}${SEP}${who}${SEP}${slug}`, 'base64url').slice(0, 22);

  // the day is worked out once per day boundary, not per view
  let day = '';
  let dayEndsAt = 0;
  const currentDay = (): string => {
    const t = now();
    if (t >= dayEndsAt || t < dayEndsAt - DAY_MS) {
      day = dayOf(t);
      dayEndsAt = nextDayStart(t);
    }
    return day;
  };

  const addHash = (into: Map<string, Set<string>>, slug: string, day: string, digest: string) => {
    const key = slug + SEP + day;
    const set = into.get(key);
    if (set) set.add(digest);
    else into.set(key, new Set([digest]));
  };

  function count(request: FastifyRequest, slug: string, language: string, placement: unknown): void {
    if (request.method !== 'GET' || isNotAGuest(request.headers)) return;
    const day = currentDay();
    const p = typeof placement === 'string' && PLACEMENT_ID.test(placement) ? placement : '';
    const key = slug + SEP + day + SEP + p + SEP + language;
    views.set(key, (views.get(key) ?? 0) + 1);
    const who = `${request.ip}${SEP}${request.headers['user-agent'] ?? ''}`;
    const salt = salts.get(day);
    if (salt) addHash(hashes, slug, day, hashOf(salt, who, slug));
    else if (raw.length < MAX_RAW) raw.push({ slug, day, who });
  }

  async function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      salt = await repos.visits.daySalt(day, randomBytes(32).toString('base64url'));
      salts.set(day, salt);
    }
    return salt;
  }

  async function write(): Promise<void> {
    const today = dayOf(now());
    await saltOf(today);
    for (const day of salts.keys()) if (day < today) salts.delete(day); // the day is over: forgotten
    const batch = { views, hashes, raw };
    views = new Map();
    hashes = new Map();
    raw = [];
    try {
      for (const r of batch.raw) {
        // a view counted just before midnight whose salt is already gone is not a visitor to add
        if (r.day < today) continue;
        const salt = await saltOf(r.day);
        addHash(batch.hashes, r.slug, r.day, hashOf(salt, r.who, r.slug));
      }
      batch.raw = [];
      await store(batch.views, batch.hashes);
    } catch (err) {
      // kept for the next batch (added to what came meanwhile)
      for (const [k, n] of batch.views) views.set(k, (views.get(k) ?? 0) + n);
      for (const [k, set] of batch.hashes) {
        const [slug, day] = k.split(SEP) as [string, string];
        for (const h of set) addHash(hashes, slug, day, h);
      }
      raw.push(...batch.raw.slice(0, MAX_RAW - raw.length));
      throw err;
    }
    if (foldedDay !== today) {
      await repos.visits.foldDays(today);
      foldedDay = today;
    }
  }

  async function store(
    batchViews: Map<string, number>,
    batchHashes: Map<string, Set<string>>,
  ): Promise<void> {
    if (batchViews.size === 0 && batchHashes.size === 0) return;
    const slugs = new Set<string>();
    const placements = new Set<string>();
    for (const key of batchViews.keys()) {
      const [slug, , p] = key.split(SEP) as [string, string, string];
      slugs.add(slug);
      if (p) placements.add(p);
    }
    for (const key of batchHashes.keys()) slugs.add(key.split(SEP)[0]!);
    const ids = await repos.visits.idsOfSlugs([...slugs]);
    const owners = placements.size
      ? await repos.placements.owners([...placements])
      : new Map<string, string>();
    // a `?p=` of no placement of this restaurant (deleted, or typed) counts as a code without one
    const rows = new Map<
      string,
      { restaurant_id: string; day: string; placement_id: string; language: string; views: number }
    >();
    for (const [key, n] of batchViews) {
      const [slug, day, p, language] = key.split(SEP) as [string, string, string, string];
      const restaurantId = ids.get(slug);
      if (!restaurantId) continue; // renamed or deleted within the batch: lost, like a crash
      const placementId = p && owners.get(p) === restaurantId ? p : '';
      const rowKey = restaurantId + SEP + day + SEP + placementId + SEP + language;
      const row = rows.get(rowKey);
      if (row) row.views += n;
      else
        rows.set(rowKey, { restaurant_id: restaurantId, day, placement_id: placementId, language, views: n });
    }
    const hashRows: { restaurant_id: string; day: string; hash: string }[] = [];
    for (const [key, set] of batchHashes) {
      const [slug, day] = key.split(SEP) as [string, string];
      const restaurantId = ids.get(slug);
      if (restaurantId) for (const hash of set) hashRows.push({ restaurant_id: restaurantId, day, hash });
    }
    await repos.transaction(async (trx) => {
      await trx.visits.addViews([...rows.values()]);
      await trx.visits.addHashes(hashRows);
    });
  }

  function flush(): Promise<void> {
    // one write at a time; a flush asked for during one waits for it and then writes again
    const next = (running ?? Promise.resolve()).catch(() => {}).then(write);
    const mine = next.finally(() => {
      if (running === mine) running = null;
    });
    running = mine;
    return mine;
  }

  const pending = () => {
    let n = raw.length;
    for (const v of views.values()) n += v;
    return n;
  };

  // loads today's salt early so that the first views are hashed at once
  saltOf(dayOf(now())).catch((err) => log.warn({ err }, 'visit counter: salt not loaded yet'));

  return { count, flush, pending };
}
