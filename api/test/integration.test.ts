/**
 * Integration: list, create (import) and sync against a JSON feed served by a throw-away HTTP
 * server on 127.0.0.1 whose content changes between calls; failing feeds answer 502 and change nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { answers } from '@qrmenu/shared/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedProvider, IntegrationUnavailableError, loadFeed, slugify } from '../src/integration';
import {
  adminUser,
  apiCall,
  createRestaurant,
  createTestApp,
  createUser,
  expectError,
  expectShape,
  type Method,
  rawCall,
  snapshot,
  type TestCtx,
  type TestUser,
} from './helpers';

type Feed = {
  provider: string;
  restaurants: {
    id: string;
    name: string;
    address?: string;
    phone_number?: string;
    work_time?: string;
    categories: {
      id: string;
      title: string;
      products: {
        id: string;
        name: string;
        description?: string;
        price: number;
        options?: { id: string; name: string; rows: { id: string; name: string; price: number }[] }[];
      }[];
    }[];
  }[];
};

function baseFeed(): Feed {
  return {
    provider: 'feed',
    restaurants: [
      {
        id: 'ext-1',
        name: 'Milliy Taomlar',
        address: 'Toshkent, Navoiy 5',
        phone_number: '+998711234567',
        work_time: '10:00-23:00',
        categories: [
          {
            id: 'c-1',
            title: 'Issiq taomlar',
            products: [
              {
                id: 'p-1',
                name: 'Osh',
                description: 'Toshkent oshi',
                price: 35000,
                options: [
                  {
                    id: 'o-1',
                    name: 'Porsiya',
                    rows: [
                      { id: 'r-1', name: 'Yarim', price: 0 },
                      { id: 'r-2', name: "To'liq", price: 15000 },
                    ],
                  },
                ],
              },
              { id: 'p-2', name: 'Lagmon', description: '', price: 30000 },
            ],
          },
          {
            id: 'c-2',
            title: 'Ichimliklar',
            products: [
              { id: 'p-3', name: 'Choy', price: 5000 },
              { id: 'p-4', name: 'Kompot', price: 8000 },
            ],
          },
        ],
      },
      { id: 'ext-2', name: 'Kafe Bahor', categories: [] },
      { id: 'ext-3', name: 'Milliy Taomlar', categories: [{ id: 'c-1', title: 'Bitta', products: [] }] },
    ],
  };
}

let mode: 'ok' | '500' | 'badjson' | 'badshape' = 'ok';
let feed: Feed = baseFeed();
let server: Server;
let feedUrl: string;
let ctx: TestCtx;
let admin: TestUser;

const call = (method: Method, url: string, token?: string | null, payload?: unknown) =>
  apiCall(ctx, method, url, token, payload);

beforeAll(async () => {
  server = createServer((_req, res) => {
    if (mode === '500') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
    } else if (mode === 'badjson') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"provider": "feed", "restaurants": [');
    } else if (mode === 'badshape') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ restaurants: [{ id: 1 }] }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(feed));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.json`;
  ctx = await createTestApp({ integrationFeedUrl: feedUrl });
  admin = await adminUser(ctx);
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const menuOf = async (restaurantId: string) => {
  const db = ctx.db;
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'title', 'is_active', 'external_id'])
    .where('restaurant_id', '=', restaurantId)
    .orderBy('external_id')
    .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'description', 'price', 'is_active', 'external_id', 'category_id'])
    .where('restaurant_id', '=', restaurantId)
    .orderBy('external_id')
    .execute();
  const options = await db
    .selectFrom('product_options as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['o.id', 'o.name', 'o.external_id', 'o.product_id'])
    .where('p.restaurant_id', '=', restaurantId)
    .orderBy('o.external_id')
    .execute();
  const rows = await db
    .selectFrom('option_rows as r')
    .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['r.id', 'r.name', 'r.price', 'r.external_id', 'r.product_option_id'])
    .where('p.restaurant_id', '=', restaurantId)
    .orderBy('r.external_id')
    .execute();
  // by external id, local items (null) first, the same on SQLite and PostgreSQL
  const byExt = (a: { external_id: string | null }, b: { external_id: string | null }) =>
    (a.external_id ?? '').localeCompare(b.external_id ?? '');
  return {
    categories: categories.sort(byExt),
    products: products.sort(byExt),
    options: options.sort(byExt),
    rows: rows.sort(byExt),
  };
};

describe('slugify', () => {
  it('makes URL slugs of Uzbek names', () => {
    expect(slugify('Milliy Taomlar')).toBe('milliy-taomlar');
    expect(slugify("Sho'rva & Non!")).toBe('shorva-non');
    expect(slugify('Ош маркази')).toBe('osh-markazi');
    expect(slugify('Café  Déjà-vu')).toBe('cafe-deja-vu');
    expect(slugify('!!!')).toBe('restaurant');
  });
});

describe('integration', () => {
  let manager: TestUser;
  let restaurantId: string;

  it('lists the restaurants of the feed (admins only)', async () => {
    const res = await call('GET', '/admin/integration/restaurants', admin.token);
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.integrationRestaurants, res.json()).data).toEqual([
      { id: 'ext-1', name: 'Milliy Taomlar' },
      { id: 'ext-2', name: 'Kafe Bahor' },
      { id: 'ext-3', name: 'Milliy Taomlar' },
    ]);
    const m = await createUser(ctx, 'manager');
    expectError(await call('GET', '/admin/integration/restaurants', m.token), 403, 'forbidden');
    expectError(await call('GET', '/admin/integration/restaurants'), 401, 'unauthorized');
  });

  it('imports a restaurant with its whole menu (201), external ids kept', async () => {
    manager = await createUser(ctx, 'manager');
    await createRestaurant(ctx, { slug: 'milliy-taomlar' }); // the slug is taken already
    const res = await call('POST', '/admin/integration/restaurants/create', admin.token, {
      id: 'ext-1',
      manager_id: manager.id,
    });
    expect(res.statusCode).toBe(201);
    const r = expectShape(answers.restaurant, res.json()).data;
    expect(r).toMatchObject({
      name: 'Milliy Taomlar',
      slug: 'milliy-taomlar-2',
      address: 'Toshkent, Navoiy 5',
      phone_number: '+998711234567',
      work_time: '10:00-23:00',
      manager_id: manager.id,
      type: 'feed',
      is_active: true,
      bot_token: null,
      channel_id: null,
      image: null,
      logotype: null,
    });
    restaurantId = r._id;
    const stored = await ctx.db
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', r._id)
      .executeTakeFirstOrThrow();
    expect(stored.external_id).toBe('ext-1');
    const menu = await menuOf(r._id);
    expect(menu.categories.map((c) => [c.external_id, c.title, c.is_active])).toEqual([
      ['c-1', 'Issiq taomlar', 1],
      ['c-2', 'Ichimliklar', 1],
    ]);
    expect(menu.products.map((p) => [p.external_id, p.name, Number(p.price)])).toEqual([
      ['p-1', 'Osh', 35000],
      ['p-2', 'Lagmon', 30000],
      ['p-3', 'Choy', 5000],
      ['p-4', 'Kompot', 8000],
    ]);
    expect(menu.options.map((o) => [o.external_id, o.name])).toEqual([['o-1', 'Porsiya']]);
    expect(menu.rows.map((x) => [x.external_id, x.name, Number(x.price)])).toEqual([
      ['r-1', 'Yarim', 0],
      ['r-2', "To'liq", 15000],
    ]);

    // the public sees the imported menu through the catalog routes
    const osh = menu.products[0]!;
    const detail = expectShape(
      answers.productDetail,
      (await call('GET', `/user/products/${osh.id}`)).json(),
    ).data;
    expect(detail.category.name).toBe('Issiq taomlar');
    expect(detail.options[0]?.rows.map((x) => x.name)).toEqual(['Yarim', "To'liq"]);
  });

  it('refuses a second import, a manager with a restaurant, unknown ids and bad input', async () => {
    const before = await snapshot(ctx.db);
    const fresh = await createUser(ctx, 'manager');
    const afterUser = await snapshot(ctx.db);
    expect(afterUser).not.toBe(before);
    const create = (payload: unknown) =>
      call('POST', '/admin/integration/restaurants/create', admin.token, payload);
    expectError(await create({ id: 'ext-1', manager_id: fresh.id }), 409, 'conflict');
    expectError(await create({ id: 'ext-2', manager_id: manager.id }), 409, 'conflict');
    expectError(await create({ id: 'ext-404', manager_id: fresh.id }), 404, 'not_found');
    expectError(await create({ id: 'ext-2', manager_id: 'nope' }), 400, 'validation');
    expectError(await create({ id: 'ext-2', manager_id: admin.id }), 400, 'validation');
    for (const payload of [
      {},
      { id: 'ext-2' },
      { manager_id: fresh.id },
      { id: '', manager_id: fresh.id },
      { id: 2, manager_id: fresh.id },
      { id: 'ext-2', manager_id: fresh.id, x: 1 },
    ]) {
      expectError(await create(payload), 400, 'validation');
    }
    expectError(
      await call('POST', '/admin/integration/restaurants/create', fresh.token, {
        id: 'ext-2',
        manager_id: fresh.id,
      }),
      403,
      'forbidden',
    );
    expect(await snapshot(ctx.db)).toBe(afterUser);

    // same name as ext-1: gets the next free slug
    const res = await create({ id: 'ext-3', manager_id: fresh.id });
    expect(res.statusCode).toBe(201);
    expect(expectShape(answers.restaurant, res.json()).data.slug).toBe('milliy-taomlar-3');
  });

  it('sync: feed changes are followed, local active states kept', async () => {
    const menu0 = await menuOf(restaurantId);
    const byExt = (ext: string) => menu0.products.find((p) => p.external_id === ext)!.id;
    const osh = byExt('p-1');
    const choy = byExt('p-3');
    const drinks = menu0.categories.find((c) => c.external_id === 'c-2')!.id;
    // local changes: Osh and the drinks category put on the stop-list, a local-only product added
    await ctx.db.updateTable('products').set({ is_active: 0 }).where('id', '=', osh).execute();
    await ctx.db.updateTable('categories').set({ is_active: 0 }).where('id', '=', drinks).execute();
    const localOnly = await call('POST', '/manager/products', manager.token, {
      name: 'Mahalliy',
      category_id: drinks,
      price: 1,
    });
    expect(localOnly.statusCode).toBe(201);

    // the feed changes: prices, names, a product removed, one added, a new category, option rows changed
    feed = baseFeed();
    const r = feed.restaurants[0]!;
    r.name = 'Milliy Taomlar Markazi';
    const hot = r.categories[0]!;
    hot.products[0]!.price = 38000; // Osh price
    hot.products[0]!.options![0]!.rows = [
      { id: 'r-2', name: "To'liq porsiya", price: 16000 },
      { id: 'r-3', name: 'Katta', price: 25000 },
    ];
    hot.products.splice(1, 1); // Lagmon removed
    r.categories[1]!.title = 'Salqin ichimliklar';
    r.categories[1]!.products.push({ id: 'p-5', name: 'Sharbat', price: 12000 });
    r.categories[1]!.products[0]!.description = 'Ko`k choy';
    r.categories.push({
      id: 'c-3',
      title: 'Shirinliklar',
      products: [{ id: 'p-6', name: 'Halva', price: 9000 }],
    });

    const res = await call('PUT', `/admin/integration/restaurants/${restaurantId}/sync`, admin.token);
    expect(res.statusCode).toBe(200);
    const result = expectShape(answers.sync, res.json()).data;
    expect(result.restaurant).toMatchObject({
      _id: restaurantId,
      name: 'Milliy Taomlar Markazi',
      slug: 'milliy-taomlar-2',
    });
    expect(result.categories).toBe(3);
    expect(result.products).toBe(6); // Osh, Choy, Kompot, Sharbat, Halva + the local one

    const menu = await menuOf(restaurantId);
    expect(menu.categories.map((c) => [c.external_id, c.title, c.is_active])).toEqual([
      ['c-1', 'Issiq taomlar', 1],
      ['c-2', 'Salqin ichimliklar', 0], // local inactive state kept
      ['c-3', 'Shirinliklar', 1],
    ]);
    expect(menu.categories.find((c) => c.external_id === 'c-2')?.id).toBe(drinks);
    expect(menu.products.map((p) => [p.external_id, p.name, Number(p.price), p.is_active])).toEqual([
      [null, 'Mahalliy', 1, 1],
      ['p-1', 'Osh', 38000, 0], // price followed, stop-list state kept
      ['p-3', 'Choy', 5000, 1],
      ['p-4', 'Kompot', 8000, 1],
      ['p-5', 'Sharbat', 12000, 1],
      ['p-6', 'Halva', 9000, 1],
    ]);
    expect(menu.products.find((p) => p.external_id === 'p-1')?.id).toBe(osh);
    expect(menu.products.find((p) => p.external_id === 'p-3')).toMatchObject({
      id: choy,
      description: 'Ko`k choy',
    });
    expect(menu.rows.map((x) => [x.external_id, x.name, Number(x.price)])).toEqual([
      ['r-2', "To'liq porsiya", 16000],
      ['r-3', 'Katta', 25000],
    ]);
    const removed = menu0.products.find((p) => p.external_id === 'p-2')!.id;
    expect(await ctx.db.selectFrom('products').select('id').where('id', '=', removed).execute()).toEqual([]);

    // a category vanishing takes its products (and local ones in it) along; sync twice is stable
    feed.restaurants[0]!.categories.splice(1, 1);
    const res2 = expectShape(
      answers.sync,
      (await call('PUT', `/admin/integration/restaurants/${restaurantId}/sync`, admin.token)).json(),
    ).data;
    expect([res2.categories, res2.products]).toEqual([2, 2]);
    // an empty body labelled JSON is accepted (the sync call sends none); a malformed one is 400
    const labelled = await rawCall(ctx, 'PUT', `/admin/integration/restaurants/${restaurantId}/sync`, '', {
      token: admin.token,
    });
    expect(labelled.statusCode).toBe(200);
    const malformed = await rawCall(ctx, 'POST', '/admin/integration/restaurants/create', '{"id": ', {
      token: admin.token,
    });
    expectError(malformed, 400, 'validation');
    const s1 = await snapshot(ctx.db);
    const res3 = await call('PUT', `/admin/integration/restaurants/${restaurantId}/sync`, admin.token);
    expect(res3.statusCode).toBe(200);
    expect(await snapshot(ctx.db)).toBe(s1);
  });

  it('sync refuses manual and unknown restaurants and other roles', async () => {
    const manual = await createRestaurant(ctx);
    expectError(
      await call('PUT', `/admin/integration/restaurants/${manual.id}/sync`, admin.token),
      400,
      'validation',
    );
    expectError(await call('PUT', '/admin/integration/restaurants/nope/sync', admin.token), 404, 'not_found');
    expectError(
      await call('PUT', `/admin/integration/restaurants/${restaurantId}/sync`, manager.token),
      403,
      'forbidden',
    );
  });

  it('sync of a restaurant gone from the feed is 404 and changes nothing', async () => {
    feed.restaurants[0]!.id = 'ext-renamed';
    const before = await snapshot(ctx.db);
    expectError(
      await call('PUT', `/admin/integration/restaurants/${restaurantId}/sync`, admin.token),
      404,
      'not_found',
    );
    expect(await snapshot(ctx.db)).toBe(before);
    feed.restaurants[0]!.id = 'ext-1';
  });

  /**
   * Each of the admin's feed calls named (list, import ext-2 for a fresh manager, sync the
   * imported restaurant) answers 502 bad_gateway, and the database is as it was.
   */
  async function expectBadGatewayUnchanged(calls: ('list' | 'create' | 'sync')[]) {
    const fresh = calls.includes('create') ? await createUser(ctx, 'manager') : undefined;
    const before = await snapshot(ctx.db);
    const answers = {
      list: () => call('GET', '/admin/integration/restaurants', admin.token),
      create: () =>
        call('POST', '/admin/integration/restaurants/create', admin.token, {
          id: 'ext-2',
          manager_id: fresh!.id,
        }),
      sync: () => call('PUT', `/admin/integration/restaurants/${restaurantId}/sync`, admin.token),
    };
    for (const name of calls) expectError(await answers[name](), 502, 'bad_gateway');
    expect(await snapshot(ctx.db)).toBe(before);
  }

  it.each(['500', 'badjson', 'badshape'] as const)(
    'a feed answering %s gives 502 bad_gateway and changes nothing',
    async (failing) => {
      feed = baseFeed();
      mode = failing;
      try {
        await expectBadGatewayUnchanged(['list', 'create', 'sync']);
      } finally {
        mode = 'ok';
      }
    },
  );

  it.each([
    {
      what: 'a duplicate id',
      feedWith: (f: Feed) =>
        f.restaurants[0]!.categories[1]!.products.push({ id: 'p-1', name: 'Ikki', price: 1 }),
      calls: ['sync'] as const,
    },
    {
      what: 'a NUL character',
      feedWith: (f: Feed) => (f.restaurants[1]!.address = 'Toshkent\u0000'),
      calls: ['create'] as const,
    },
  ])('$what in the feed is refused as malformed (502), not stored', async ({ feedWith, calls }) => {
    feed = baseFeed();
    feedWith(feed);
    await expectBadGatewayUnchanged([...calls]);
    feed = baseFeed();
  });

  it('two concurrent imports of one external restaurant: one 201, the other 409', async () => {
    feed = baseFeed();
    const [a, b] = [await createUser(ctx, 'manager'), await createUser(ctx, 'manager')];
    const countOf = async () => (await ctx.db.selectFrom('restaurants').select('id').execute()).length;
    const before = await countOf();
    const results = await Promise.all(
      [a, b].map((m) =>
        call('POST', '/admin/integration/restaurants/create', admin.token, { id: 'ext-2', manager_id: m.id }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expectError(results.find((r) => r.statusCode === 409)!, 409, 'conflict');
    expect(await countOf()).toBe(before + 1);
    const imported = await ctx.db
      .selectFrom('restaurants')
      .select('id')
      .where('type', '=', 'feed')
      .where('external_id', '=', 'ext-2')
      .execute();
    expect(imported).toHaveLength(1);
  });
});

describe('feed sources', () => {
  it('an unreachable feed gives 502 and changes nothing', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
    const other = await createTestApp({ integrationFeedUrl: `http://127.0.0.1:${port}/feed.json` });
    try {
      const a = await adminUser(other);
      const m = await createUser(other, 'manager');
      const before = await snapshot(other.db);
      const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
        other.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${a.token}` },
          ...(payload ? { payload } : {}),
        });
      expectError(await inject('GET', '/api/admin/integration/restaurants'), 502, 'bad_gateway');
      expectError(
        await inject('POST', '/api/admin/integration/restaurants/create', { id: 'ext-1', manager_id: m.id }),
        502,
        'bad_gateway',
      );
      expect(await snapshot(other.db)).toBe(before);
      // sync of an imported restaurant while the source is down
      const imported = await createRestaurant(other, { type: 'feed' });
      await other.db
        .updateTable('restaurants')
        .set({ external_id: 'ext-1' })
        .where('id', '=', imported.id)
        .execute();
      const beforeSync = await snapshot(other.db);
      expectError(
        await other.app.inject({
          method: 'PUT',
          url: `/api/admin/integration/restaurants/${imported.id}/sync`,
          headers: { authorization: `Bearer ${a.token}` },
        }),
        502,
        'bad_gateway',
      );
      expect(await snapshot(other.db)).toBe(beforeSync);
    } finally {
      await other.close();
    }
  });

  it('a feed that does not answer in time is unavailable', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer(() => {
      // never answers
    });
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/feed.json`;
      const started = Date.now();
      await expect(createFeedProvider({ url, timeoutMs: 300 }).listRestaurants()).rejects.toBeInstanceOf(
        IntegrationUnavailableError,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(loadFeed({ url: 'ftp://example.com/feed.json' })).rejects.toBeInstanceOf(
        IntegrationUnavailableError,
      );
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reads a file:// feed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrmenu-feed-'));
    const file = join(dir, 'feed.json');
    writeFileSync(file, JSON.stringify(baseFeed()));
    const other = await createTestApp({ integrationFeedUrl: pathToFileURL(file).href });
    try {
      const a = await adminUser(other);
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/admin/integration/restaurants',
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(expectShape(answers.integrationRestaurants, res.json()).data).toHaveLength(3);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no feed configured: 502', async () => {
    const other = await createTestApp({ integrationFeedUrl: undefined });
    try {
      const a = await adminUser(other);
      const res: LightMyRequestResponse = await other.app.inject({
        method: 'GET',
        url: '/api/admin/integration/restaurants',
        headers: { authorization: `Bearer ${a.token}` },
      });
      expectError(res, 502, 'bad_gateway');
    } finally {
      await other.close();
    }
  });
});
