/**
 * Guests' visits of `/m/<slug>` counted privately (bots, previews and prefetches
 * not), placements (a code each), the stats answer, the CSV, the admin list's "30 kun", and
 * counts adding up across two app instances on one database.
 */
import { join } from 'node:path';
import { answers } from '@qrmenu/shared/schemas';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/visits/day';
import { Sketch } from '../src/visits/sketch';
import {
  adminUser,
  apiCall,
  bearer,
  createSecondApp,
  createTestApp,
  expectError,
  expectShape,
  ownedRestaurant,
  snapshot,
  type TestCtx,
  type TestUser,
} from './helpers';
import { fileWorld } from './world';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NOT_GUESTS: Record<string, string>[] = [
  { 'user-agent': 'TelegramBot (like TwitterBot)' },
  { 'user-agent': 'WhatsApp/2.23.20.0 A' },
  { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
  { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
  { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' },
  { 'user-agent': 'Twitterbot/1.0' },
  { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  { 'user-agent': 'curl/8.5.0' },
  { 'user-agent': 'Wget/1.21.4' },
  { 'user-agent': PHONE, 'sec-purpose': 'prefetch;prerender' },
  { 'user-agent': PHONE, purpose: 'prefetch' },
  {},
];

let manager: TestUser;
let restaurant: { id: string; slug: string };

const { ctx, world: admin } = fileWorld({}, adminUser);

beforeAll(async () => {
  ({ manager, restaurant } = await ownedRestaurant(ctx, { slug: 'visits-cafe' }));
});

const view = (
  app: TestCtx['app'],
  slug: string,
  opts: { ua?: string; ip?: string; query?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: 'GET',
    url: `/m/${slug}${opts.query ?? ''}`,
    remoteAddress: opts.ip ?? '203.0.113.7',
    headers: {
      ...(opts.ua === undefined ? { 'user-agent': PHONE } : { 'user-agent': opts.ua }),
      ...opts.headers,
    },
  });

const stats = async (token = manager.token, app = ctx.app, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/manager/visits${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return expectShape(answers.visitStats, res.json()).data;
};

const createPlacements = (names: string[], token = manager.token, restaurantId = restaurant.id) =>
  apiCall(ctx, 'POST', '/manager/placements', token, { restaurant_id: restaurantId, names });

describe('placements', () => {
  it('creates a range in order, lists, renames and deletes; names are unique per restaurant', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `Stol ${i + 1}`);
    const created = await createPlacements([...names, 'Eshik']);
    expect(created.statusCode, created.body).toBe(201);
    const list = await apiCall(ctx, 'GET', '/manager/placements', manager.token);
    expect(list.statusCode).toBe(200);
    const rows = expectShape(answers.placements, list.json()).data;
    expect(rows.map((p) => p.name)).toEqual([...names, 'Eshik']);

    expectError(await createPlacements(['Eshik']), 409, 'conflict');
    expectError(await createPlacements(['Bar', 'Bar']), 400, 'validation');
    expectError(await createPlacements([' ']), 400);

    const eshik = rows.at(-1)!;
    const renamed = await apiCall(ctx, 'PUT', `/manager/placements/${eshik._id}`, manager.token, {
      name: 'Kirish eshigi',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Kirish eshigi');

    const gone = await apiCall(ctx, 'DELETE', `/manager/placements/${rows[19]!._id}`, manager.token);
    expect(gone.statusCode, gone.body).toBe(200);
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/api/manager/placements', headers: bearer(manager.token) })
    ).json().data;
    expect(after).toHaveLength(20);
  });

  it('is owner-scoped: another manager gets 404, an admin names the restaurant', async () => {
    const other = (await ownedRestaurant(ctx)).manager;
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/manager/placements', headers: bearer(manager.token) })
    ).json().data;
    expectError(await createPlacements(['Stol 99'], other.token), 404, 'not_found');
    expectError(
      await apiCall(ctx, 'DELETE', `/manager/placements/${mine[0]._id}`, other.token),
      404,
      'not_found',
    );
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/manager/placements', headers: bearer(admin.token) }),
      400,
    );
    const byAdmin = await apiCall(
      ctx,
      'GET',
      `/manager/placements?restaurant_id=${restaurant.id}`,
      admin.token,
    );
    expect(byAdmin.json().data).toHaveLength(mine.length);
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/manager/placements' }), 401);
  });
});

describe('counting', () => {
  let slug: string;
  let restaurantId: string;
  let owner: TestUser;
  beforeAll(async () => {
    const own = await ownedRestaurant(ctx, { slug: 'counted-cafe' });
    owner = own.manager;
    ({ slug, id: restaurantId } = own.restaurant);
  });

  it('counts views and daily unique visitors by placement; not bots, previews, prefetches, 404s, language switches', async () => {
    const made = await createPlacements(['Stol 1', 'Instagram'], owner.token, restaurantId);
    const [stol1, instagram] = made.json().data as { _id: string }[];
    // guest A twice through Stol 1 (the second a 304 revalidation), B through Instagram, C's old code
    const first = await view(ctx.app, slug, { ip: '198.51.100.1', query: `?p=${stol1!._id}` });
    expect(first.statusCode).toBe(200);
    const again = await view(ctx.app, slug, {
      ip: '198.51.100.1',
      query: `?p=${stol1!._id}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    await view(ctx.app, slug, { ip: '198.51.100.2', ua: IPHONE, query: `?p=${instagram!._id}` });
    // B then switches to Russian: the same guest on the same menu, not another visit
    const switched = await view(ctx.app, slug, {
      ip: '198.51.100.2',
      ua: IPHONE,
      query: '?lang=ru&switch=1',
    });
    expect(switched.statusCode).toBe(200);
    await view(ctx.app, slug, { ip: '198.51.100.3' });
    // a typed or another restaurant's placement counts as a code without one
    await view(ctx.app, slug, { ip: '198.51.100.3', query: '?p=not-a-placement' });
    for (const headers of NOT_GUESTS) {
      const { 'user-agent': ua, ...rest } = headers;
      const res = await view(ctx.app, slug, { ua: ua ?? '', ip: '198.51.100.9', headers: rest });
      expect(res.statusCode).toBe(200);
    }
    await ctx.app.inject({ method: 'HEAD', url: `/m/${slug}`, headers: { 'user-agent': PHONE } });
    await view(ctx.app, 'no-such-cafe');

    const s = await stats(owner.token);
    const today = dayOf();
    expect(s.days).toHaveLength(30);
    expect(s.days.at(-1)).toEqual({ day: today, visits: 5, unique: 3 });
    expect(s.days.slice(0, -1).every((d) => d.visits === 0 && d.unique === 0)).toBe(true);
    expect(s.totals).toEqual({
      today: { visits: 5, unique: 3 },
      week: { visits: 5, unique: 3 },
      month: { visits: 5, unique: 3 },
    });
    expect(s.placements).toEqual(
      [
        { placement_id: null, name: null, visits: 2 },
        { placement_id: stol1!._id, name: 'Stol 1', visits: 2 },
        { placement_id: instagram!._id, name: 'Instagram', visits: 1 },
      ].sort((a, b) => b.visits - a.visits || 0),
    );
    expect(s.languages).toEqual([{ language: 'uz', visits: 5 }]);
  });

  it('exports the daily counts as CSV', async () => {
    const res = await apiCall(ctx, 'GET', '/manager/visits/csv', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toBe(`day,visits,unique\r\n${dayOf()},5,3\r\n`);
  });

  it("gives the admin each restaurant's 30-day visits in the list (one answer)", async () => {
    const res = await apiCall(ctx, 'GET', '/admin/restaurants', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = expectShape(answers.adminRestaurants, res.json());
    expect(body.visits_30d?.[restaurantId]).toBe(5);
    expect(body.visits_30d?.[restaurant.id]).toBe(0);
    // by visits, a page at a time: the most visited first (or last), the list's order among equals
    for (const [sort, sign] of [
      ['visits_desc', -1],
      ['visits_asc', 1],
    ] as const) {
      const expected = [...body.restaurants]
        .map((r) => r._id)
        .sort((a, b) => sign * ((body.visits_30d?.[a] ?? 0) - (body.visits_30d?.[b] ?? 0)));
      const paged = [];
      for (let page = 1; paged.length < expected.length; page++) {
        const part = await apiCall(
          ctx,
          'GET',
          `/admin/restaurants?sort=${sort}&limit=1&page=${page}`,
          admin.token,
        );
        expect(part.statusCode, part.body).toBe(200);
        const ids = expectShape(answers.adminRestaurants, part.json()).restaurants.map((r) => r._id);
        expect(ids.length).toBe(1);
        paged.push(...ids);
      }
      expect(paged).toEqual(expected);
    }
    const forAdmin = await stats(admin.token, ctx.app, `?restaurant_id=${restaurantId}`);
    expect(forAdmin.totals.month.visits).toBe(5);
    expectError(
      await apiCall(ctx, 'GET', `/manager/visits?restaurant_id=${restaurantId}`, manager.token),
      404,
      'not_found',
    );
  });
});

describe('two servers on one database', () => {
  const pgUrl = process.env.TEST_DATABASE_URL?.trim();

  // several servers share PostgreSQL (SQLite is one process's database)
  it.skipIf(!pgUrl)('add up their counts and count a guest served by both once (PostgreSQL)', async () => {
    const second = await createSecondApp(ctx, pgUrl!);
    try {
      const { manager: owner, restaurant: r } = await ownedRestaurant(ctx, { slug: 'two-servers' });
      // the same guest on both servers, two more guests one on each (one of them with two
      // browsers: one address, one visitor); 3 views a server
      for (const app of [ctx.app, second.app]) await view(app, r.slug, { ip: '203.0.113.50' });
      await view(ctx.app, r.slug, { ip: '203.0.113.51' });
      await view(ctx.app, r.slug, { ip: '203.0.113.51' });
      await view(second.app, r.slug, { ip: '203.0.113.52' });
      await view(second.app, r.slug, { ip: '203.0.113.52', ua: IPHONE });
      await Promise.all([ctx.app.visits.flush(), second.app.visits.flush()]);
      const s = await stats(owner.token, second.app);
      expect(s.totals.today).toEqual({ visits: 6, unique: 3 });
      // the last counts of a closing server are written before its database closes
      await view(second.app, r.slug, { ip: '203.0.113.53' });
      await second.app.close();
      const s2 = await stats(owner.token);
      expect(s2.totals.today).toEqual({ visits: 7, unique: 4 });
    } finally {
      await second.close();
    }
  });

  it.skipIf(!!pgUrl)(
    'a closing server writes its last counts before its database closes (SQLite)',
    async () => {
      const first = await createTestApp();
      const { manager: owner, restaurant: r } = await ownedRestaurant(first, { slug: 'closing-cafe' });
      await view(first.app, r.slug, { ip: '203.0.113.60' });
      await view(first.app, r.slug, { ip: '203.0.113.61' });
      expect(first.app.visits.pending()).toBe(2);
      await first.app.close();
      const reopened = await createTestApp({ databaseUrl: join(first.dataDir, 'qrmenu.sqlite') });
      try {
        const s = await stats(reopened.app.jwt.sign({ sub: owner.id }), reopened.app);
        expect(s.totals.today).toEqual({ visits: 2, unique: 2 });
      } finally {
        await reopened.close();
        await first.close();
      }
    },
  );
});

// last: folding "today" deletes its salt, which the servers above still hold in memory
describe('privacy', () => {
  let counted: TestUser;
  beforeAll(async () => {
    const row = await ctx.db
      .selectFrom('restaurants')
      .select('manager_id')
      .where('slug', '=', 'counted-cafe')
      .executeTakeFirstOrThrow();
    const id = row.manager_id!;
    counted = { id, login: '', role: 'manager', token: ctx.app.jwt.sign({ sub: id }) };
  });

  it('stores no address or browser: only counts, and a salted sketch until the day is folded', async () => {
    await view(ctx.app, 'counted-cafe', { ip: '192.0.2.77' });
    await ctx.app.visits.flush();
    const dump = await snapshot(ctx.db);
    for (const secret of ['192.0.2.77', '198.51.100.1', 'Pixel 8', 'iPhone'])
      expect(dump).not.toContain(secret);
    const before = await stats(counted.token);
    // the three guests counted above and this one (visits: the six views of the four)
    expect(before.totals.today).toEqual({ visits: 6, unique: 4 });

    // the day is over: sketches and salts go, the count stays
    await ctx.app.repos.visits.foldDays('9999-12-31', (registers) => Sketch.decode(registers).estimate());
    const sketches = await ctx.db
      .selectFrom('visit_sketches')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const salts = await ctx.db
      .selectFrom('visit_salts')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sketches.n)).toBe(0);
    expect(Number(salts.n)).toBe(0);
    const after = await stats(counted.token);
    expect(after.totals).toEqual(before.totals);
    expect(after.totals.today.unique).toBe(before.totals.today.unique);
    expect(after.totals.today.unique).toBe(4);
  });
});
