/**
 * Visit counts nobody can inflate: random browser names from one address are one visitor, the
 * database grows by a bounded amount and the counter's memory stays flat; a thousand addresses
 * are counted within 3 %; a `?p=` of no placement of this restaurant is none before it is held.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_CAPS, createVisitCounter, VIEWS_PER_VISITOR_MINUTE } from '../src/visits/counter';
import { dayOf } from '../src/visits/day';
import {
  apiCall,
  createRestaurant,
  createTestApp,
  createUser,
  ownTables,
  type TestCtx,
  type TestUser,
} from './helpers';

let ctx: TestCtx;
let owner: TestUser;
let slug: string;

beforeAll(async () => {
  // the page from the answer cache, as deployed: thousands of views measure the counter, not the renderer
  ctx = await createTestApp({ answerCacheTtlMs: 600_000 });
  owner = await createUser(ctx, 'manager');
  slug = (await createRestaurant(ctx, { manager_id: owner.id, slug: 'inflated-cafe' })).slug;
});
afterAll(async () => {
  await ctx?.close();
});

const randomBrowser = () =>
  `Mozilla/5.0 (Linux; Android 14; Pixel ${Math.random().toString().slice(2)}) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36`;

const view = (ip: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/m/${slug}${query}`,
    remoteAddress: ip,
    headers: { 'user-agent': randomBrowser() },
  });

const today = async () => {
  const res = await apiCall(ctx, 'GET', '/manager/visits', owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.totals.today as { visits: number; unique: number };
};

/** Rows and stored characters of every visit table. */
async function visitStorage(): Promise<{ rows: number; chars: number }> {
  let rows = 0;
  let chars = 0;
  const tables = await ownTables(ctx.db);
  for (const t of tables.filter((x) => x.name.startsWith('visit_'))) {
    const columns = t.columns.map((c) => `coalesce(length(cast(${c.name} as text)), 0)`).join(' + ');
    const r = await sql<{
      n: number;
      c: number;
    }>`select count(*) as n, coalesce(sum(${sql.raw(columns)}), 0) as c from ${sql.table(t.name)}`.execute(
      ctx.db,
    );
    rows += Number(r.rows[0]!.n);
    chars += Number(r.rows[0]!.c);
  }
  return { rows, chars };
}

describe('visits nobody can inflate', () => {
  // 2,000 views in ten batches: a counter that kept a trace of each view (a browser name, a row)
  // would hold 200 more after every batch; this one holds the same few entries throughout
  it('2,000 views with random browser names from one address: one visitor, bounded storage and memory', async () => {
    const before = await visitStorage();
    const startedMinute = Math.floor(Date.now() / 60_000);
    const held: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      const res = await view('203.0.113.9');
      expect(res.statusCode).toBe(200);
      if (i % 200 === 199) {
        // what the counter holds (its memory) is the same after 200 views as after 2,000
        const h = ctx.app.visits.held();
        held.push(h.views + h.sketches + h.visitors + h.raw);
        await ctx.app.visits.flush();
      }
    }
    expect(Math.max(...held)).toBeLessThanOrEqual(3);
    // the minutes the views spanned (a loaded machine takes more than one)
    const minutes = Math.floor(Date.now() / 60_000) - startedMinute + 1;
    const s = await today();
    const after = await visitStorage();
    console.log(
      `2,000 views from one address: ${s.unique} unique, ${s.visits} views counted; visit tables +${after.rows - before.rows} rows, +${after.chars - before.chars} characters`,
    );
    expect(s.unique).toBe(1);
    // counted at most 20 a minute for one address (the rest served, not counted)
    expect(s.visits).toBeGreaterThanOrEqual(1);
    expect(s.visits).toBeLessThanOrEqual(VIEWS_PER_VISITOR_MINUTE * minutes);
    // a views row and the day's sketch: a few rows, a few hundred characters, not 2,000 rows
    expect(after.rows - before.rows).toBeLessThanOrEqual(3);
    expect(after.chars - before.chars).toBeLessThan(2_000);
    expect(ctx.app.visits.pending()).toBe(0);
  }, 120_000);

  it('1,000 addresses (IPv4 and IPv6 /64s) count within 3 % of 1,000', async () => {
    const other = await createUser(ctx, 'manager');
    slug = (await createRestaurant(ctx, { manager_id: other.id, slug: 'thousand-cafe' })).slug;
    owner = other;
    for (let i = 0; i < 1000; i++) {
      // half IPv4, half IPv6: two addresses of one /64 are one network (one visitor)
      const ip = i % 2 ? `198.18.${i >> 8}.${i & 255}` : `2001:db8:${i.toString(16)}:1::${(i % 7) + 1}`;
      expect((await view(ip)).statusCode).toBe(200);
      if (i % 2 === 0) await view(`2001:db8:${i.toString(16)}:1:abcd::99`);
    }
    await ctx.app.visits.flush();
    const s = await today();
    console.log(`1,000 addresses: ${s.unique} unique visitors counted, ${s.visits} views`);
    expect(s.visits).toBe(1500);
    expect(Math.abs(s.unique - 1000)).toBeLessThanOrEqual(30);
  }, 120_000);

  it('a ?p= of no placement of this restaurant is counted as none before it is held', async () => {
    await ctx.app.visits.flush();
    for (let i = 0; i < 500; i++) {
      const res = await view(`192.0.2.${i % 250}`, `?p=typed-${i}`);
      expect(res.statusCode).toBe(200);
    }
    // one key of views (no placement, Uzbek), not one per typed value
    expect(ctx.app.visits.held().views).toBe(1);
    await ctx.app.visits.flush();
    const rows = await ctx.db
      .selectFrom('visit_counts')
      .select('placement_id')
      .where('day', '=', dayOf())
      .execute();
    expect(rows.map((r) => r.placement_id).filter((p) => p.startsWith('typed-'))).toEqual([]);
  });
});

describe('the counter under floods (its caps)', () => {
  it('holds no more than its caps whatever comes in one batch', async () => {
    const quiet = { warn() {}, error() {} } as never;
    // a clock that stands still: the loops take seconds on a loaded machine, and a new minute
    // empties the map of the minute's addresses (a run that crossed one held 8,141, not 50,000)
    const at = Date.now();
    const clock = () => at;
    const counter = createVisitCounter(ctx.app.repos, quiet, clock);
    await counter.flush(); // the day's salt loaded
    const restaurant = (await ctx.db.selectFrom('restaurants').select('id').executeTakeFirstOrThrow()).id;
    const request = (ip: string) =>
      ({ method: 'GET', ip, headers: { 'user-agent': randomBrowser() } }) as never;
    for (let i = 0; i < COUNTER_CAPS.visitors + 5_000; i++) {
      counter.count(request(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`), restaurant, 'uz', '');
    }
    // another: views of many restaurants (the views' and the sketches' caps)
    const other = createVisitCounter(ctx.app.repos, quiet, clock);
    await other.flush();
    for (let i = 0; i < COUNTER_CAPS.views + 5_000; i++) {
      other.count(request(`10.9.${(i >> 8) & 255}.${i & 255}`), `r${i}`, 'uz', '');
    }
    for (const held of [counter.held(), other.held()]) {
      for (const [name, cap] of Object.entries(COUNTER_CAPS)) {
        expect(held[name as keyof typeof COUNTER_CAPS], name).toBeLessThanOrEqual(cap);
      }
    }
    expect(counter.held().visitors).toBe(COUNTER_CAPS.visitors);
    expect(other.held()).toMatchObject({ views: COUNTER_CAPS.views, sketches: COUNTER_CAPS.sketches });
  });
});
