/**
 * Counts guests' views of `/m/<slug>` in memory and writes them in batches.
 *
 * Who: a visitor is its address (IPv6 by its /64: a home, phone or office network gets a whole
 * /64 and may pick any address in it; the key the failed-login limit uses too), never the
 * browser's name, which the client chooses (a new one per request made a new visitor of each). Unique visitors of a restaurant's day are a HyperLogLog sketch
 * (sketch.ts): at most 16 KiB whatever their number, merged by every server into one row of the
 * day, so no visitor adds a row and a flood of new ones costs what a returning guest does.
 * A view is counted at most `VIEWS_PER_VISITOR_MINUTE` times a minute per address and
 * restaurant (more are served, not counted); the page's own placements are checked by the route
 * before a `?p=` reaches here (anything else counts as no placement).
 *
 * Privacy: no cookie, no script, no address stored. The sketch holds bits of
 * sha256(day's salt, address); the salt is random per day, shared by the servers through the
 * database and deleted when the day is folded into a count (with the day's sketches), so after
 * the day nobody, us included, can tell whether an address was among the visitors. In memory an
 * address lives for the minute of its views' cap (or, in the first seconds of a day before its
 * salt is loaded, until the next batch).
 *
 * Memory: every map here is capped (the views' keys, the sketches, the addresses of the minute,
 * the views held for a salt); past a cap a view is served and not counted, and the drops are
 * logged once a batch. A batch is written every `flushMs` (5 s) and when the server closes; a
 * crash loses at most the views of the last batch interval. A failed write keeps the batch for
 * the next one (within the same caps).
 */
import { hash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { VisitCountsTable } from '../db';
import type { Repositories } from '../repos';
import { addressKey } from '../state/login-rules';
import { isNotAGuest } from './bots';
import { DAY_MS, dayOf, nextDayStart } from './day';
import { Sketch } from './sketch';

/** Views an address counts per restaurant and minute (a reload or two; a table of guests on one Wi-Fi). */
export const VIEWS_PER_VISITOR_MINUTE = 20;
/** The caps of what is held between two batches (each far above a busy server's 5 seconds). */
export const COUNTER_CAPS = {
  /** distinct (restaurant, day, placement, language) of views */
  views: 20_000,
  /** distinct (restaurant, day) sketches: each at most 16 KiB */
  sketches: 5_000,
  /** distinct (restaurant, address) of the current minute */
  visitors: 50_000,
  /** views of a day whose salt is not loaded yet */
  raw: 20_000,
} as const;

const SEP = '\u0000';
const MINUTE_MS = 60_000;

export interface VisitCounter {
  /**
   * Counts one view of a page served (200 or 304) unless it is a bot, preview or prefetch.
   * `placement`: the id of one of this restaurant's placements, or '' (the route checks it).
   */
  count(request: FastifyRequest, restaurantId: string, language: string, placement: string): void;
  /** Writes what was counted since the last batch (concurrent calls share one write). */
  flush(): Promise<void>;
  /** Views counted and not yet written (tests, health). */
  pending(): number;
  /** How many entries each of its maps holds now (tests: each stays under its cap). */
  held(): Record<keyof typeof COUNTER_CAPS, number>;
  /** The days before today folded into counts (the scheduled job calls it: visits/index.ts). */
  fold(): Promise<void>;
}

export function createVisitCounter(
  repos: Repositories,
  log: FastifyBaseLogger,
  now = () => Date.now(),
): VisitCounter {
  /** `restaurant \0 day \0 placement \0 language` -> views */
  let views = new Map<string, number>();
  /** `restaurant \0 day` -> the day's visitors seen since the last batch */
  let sketches = new Map<string, Sketch>();
  /** views of a day whose salt is not loaded yet: hashed at the next batch */
  let raw: { key: string; who: string }[] = [];
  /** `restaurant \0 address` -> views this minute */
  const visitors = new Map<string, number>();
  let visitorsMinute = -1;
  let dropped = 0;
  const salts = new Map<string, string>();
  let running: Promise<void> | null = null;

  const hashOf = (salt: string, who: string) => hash('sha256', `${salt}${SEP}${who}`, 'buffer');

  // the day is worked out once per day boundary, not per view
  let day = '';
  let dayEndsAt = 0;
  const currentDay = (t: number): string => {
    if (t >= dayEndsAt || t < dayEndsAt - DAY_MS) {
      day = dayOf(t);
      dayEndsAt = nextDayStart(t);
    }
    return day;
  };

  /** The sketch of `key` in `into`, unless the cap leaves no room for a new one. */
  const sketchOf = (into: Map<string, Sketch>, key: string): Sketch | undefined => {
    let sketch = into.get(key);
    if (!sketch && into.size < COUNTER_CAPS.sketches) {
      sketch = new Sketch();
      into.set(key, sketch);
    }
    return sketch;
  };

  const addViews = (key: string, n: number): boolean => {
    const had = views.get(key);
    if (had === undefined && views.size >= COUNTER_CAPS.views) return false;
    views.set(key, (had ?? 0) + n);
    return true;
  };

  function count(request: FastifyRequest, restaurantId: string, language: string, placement: string): void {
    if (request.method !== 'GET' || isNotAGuest(request.headers)) return;
    const t = now();
    const minute = Math.floor(t / MINUTE_MS);
    if (minute !== visitorsMinute) {
      visitors.clear();
      visitorsMinute = minute;
    }
    const who = addressKey(request.ip);
    const visitor = restaurantId + SEP + who;
    const seen = visitors.get(visitor) ?? 0;
    if (seen >= VIEWS_PER_VISITOR_MINUTE) return;
    if (seen === 0 && visitors.size >= COUNTER_CAPS.visitors) {
      dropped++;
      return;
    }
    visitors.set(visitor, seen + 1);
    const d = currentDay(t);
    const dayKey = restaurantId + SEP + d;
    if (!addViews(dayKey + SEP + placement + SEP + language, 1)) {
      dropped++;
      return;
    }
    // the address is already in the day's sketch from its first view this minute
    if (seen > 0) return;
    const salt = salts.get(d);
    if (salt) sketchOf(sketches, dayKey)?.addHash(hashOf(salt, who));
    else if (raw.length < COUNTER_CAPS.raw) raw.push({ key: dayKey, who });
  }

  async function saltOf(d: string): Promise<string> {
    let salt = salts.get(d);
    if (!salt) {
      salt = await repos.visits.daySalt(d, randomBytes(32).toString('base64url'));
      salts.set(d, salt);
    }
    return salt;
  }

  async function write(): Promise<void> {
    const today = dayOf(now());
    await saltOf(today);
    for (const d of salts.keys()) if (d < today) salts.delete(d); // the day is over: forgotten
    if (dropped > 0) {
      log.warn({ dropped }, 'visit counter: views past its caps were served and not counted');
      dropped = 0;
    }
    const batch = { views, sketches, raw };
    views = new Map();
    sketches = new Map();
    raw = [];
    try {
      for (const r of batch.raw) {
        const d = r.key.split(SEP)[1]!;
        // a view counted just before midnight whose salt is already gone is not a visitor to add
        if (d < today) continue;
        sketchOf(batch.sketches, r.key)?.addHash(hashOf(await saltOf(d), r.who));
      }
      batch.raw = [];
      await store(batch.views, batch.sketches);
    } catch (err) {
      // kept for the next batch (added to what came meanwhile, within the caps)
      for (const [k, n] of batch.views) addViews(k, n);
      for (const [k, s] of batch.sketches) sketchOf(sketches, k)?.merge(s);
      raw.push(...batch.raw.slice(0, COUNTER_CAPS.raw - raw.length));
      throw err;
    }
  }

  async function store(batchViews: Map<string, number>, batchSketches: Map<string, Sketch>): Promise<void> {
    if (batchViews.size === 0 && batchSketches.size === 0) return;
    const ids = new Set<string>();
    for (const key of batchViews.keys()) ids.add(key.slice(0, key.indexOf(SEP)));
    for (const key of batchSketches.keys()) ids.add(key.slice(0, key.indexOf(SEP)));
    // a restaurant deleted within the batch: its views go with it (its rows would be refused)
    const existing = await repos.visits.existingRestaurants([...ids]);
    const rows: VisitCountsTable[] = [];
    for (const [key, n] of batchViews) {
      const [restaurantId, d, placementId, language] = key.split(SEP) as [string, string, string, string];
      if (existing.has(restaurantId))
        rows.push({ restaurant_id: restaurantId, day: d, placement_id: placementId, language, views: n });
    }
    const merges = [...batchSketches]
      .map(([key, sketch]) => ({ key: key.split(SEP) as [string, string], sketch }))
      .filter(({ key }) => existing.has(key[0]));
    await repos.transaction(async (trx) => {
      await trx.visits.addViews(rows);
      for (const { key, sketch } of merges) {
        const [restaurantId, d] = key;
        // the stored row is locked (PostgreSQL) while it is merged: two servers' merges add up
        const stored = await trx.visits.lockSketch(restaurantId, d);
        const merged = stored === undefined ? sketch : Sketch.decode(stored).merge(sketch);
        await trx.visits.putSketch(restaurantId, d, merged.encode());
      }
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
    let n = 0;
    for (const v of views.values()) n += v;
    return n;
  };

  const fold = () => repos.visits.foldDays(dayOf(now()), (registers) => Sketch.decode(registers).estimate());

  // loads today's salt early so that the first views are hashed at once
  saltOf(dayOf(now())).catch((err) => log.warn({ err }, 'visit counter: salt not loaded yet'));

  const held = () => ({
    views: views.size,
    sketches: sketches.size,
    visitors: visitors.size,
    raw: raw.length,
  });

  return { count, flush, pending, held, fold };
}
