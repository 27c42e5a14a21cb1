/**
 * Two syncs of one restaurant at the same time (on PostgreSQL when TEST_DATABASE_URL is set, else
 * SQLite): never a duplicate category, product, option or row. The feed server holds its answers
 * until both syncs have asked, so both transactions start on the same stored state.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, migrateToLatest, newId, now } from '../src/db';
import {
  adminUser,
  createTestApp,
  createUser,
  expectError,
  ownMigrator,
  type TestCtx,
  type TestUser,
} from './helpers';

interface FeedProduct {
  id: string;
  name: string;
  price: number;
  options: { id: string; name: string; rows: { id: string; name: string; price: number }[] }[];
}

/** A menu of `n` categories of 3 products, each with an option of 2 rows; ids depend on `round`. */
function menu(round: number) {
  const categories = [];
  for (let c = 0; c <= round; c++) {
    const products: FeedProduct[] = [];
    for (let p = 0; p < 3; p++) {
      products.push({
        id: `p-${c}-${p}`,
        name: `Taom ${c}-${p}`,
        price: 1000 * (p + 1) + round,
        options: [
          {
            id: `o-${c}-${p}-${round % 2}`,
            name: 'Hajm',
            rows: [
              { id: `r-${c}-${p}-a`, name: 'Kichik', price: 0 },
              { id: `r-${c}-${p}-${round}`, name: 'Katta', price: 500 },
            ],
          },
        ],
      });
    }
    categories.push({ id: `c-${c}`, title: `Bo'lim ${c}`, products });
  }
  return { provider: 'feed', restaurants: [{ id: 'ext-race', name: 'Poyga kafe', categories }] };
}

let round = 0;
let waiting: (() => void)[] = [];
let holdFor = 0;
let server: Server;
let ctx: TestCtx;
let admin: TestUser;
let restaurantId: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    const answer = () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(menu(round)));
    if (holdFor <= 1) {
      answer();
      return;
    }
    waiting.push(answer);
    if (waiting.length >= holdFor) {
      for (const release of waiting) release();
      waiting = [];
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx = await createTestApp({
    integrationFeedUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.json`,
  });
  admin = await adminUser(ctx);
  const manager = await createUser(ctx, 'manager');
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/integration/restaurants/create',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { id: 'ext-race', manager_id: manager.id },
  });
  expect(created.statusCode).toBe(201);
  restaurantId = created.json().data._id;
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** [table, parent column] of every imported item kind. */
const KINDS = [
  ['categories', 'restaurant_id'],
  ['products', 'restaurant_id'],
  ['product_options', 'product_id'],
  ['option_rows', 'product_option_id'],
] as const;

async function duplicates(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, parent] of KINDS) {
    const rows = await sql<{ n: number }>`select count(*) as n from (
        select ${sql.ref(parent)}, external_id from ${sql.table(table)}
        where external_id is not null group by ${sql.ref(parent)}, external_id having count(*) > 1) d`.execute(
      ctx.db,
    );
    out[table] = Number(rows.rows[0]?.n ?? 0);
  }
  return out;
}

async function counts() {
  const of = async (table: 'categories' | 'products') =>
    (await ctx.db.selectFrom(table).select('id').where('restaurant_id', '=', restaurantId).execute()).length;
  const options = await ctx.db
    .selectFrom('product_options as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select('o.id')
    .where('p.restaurant_id', '=', restaurantId)
    .execute();
  const rows = await ctx.db
    .selectFrom('option_rows as r')
    .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select('r.id')
    .where('p.restaurant_id', '=', restaurantId)
    .execute();
  return {
    categories: await of('categories'),
    products: await of('products'),
    options: options.length,
    rows: rows.length,
  };
}

describe(`two syncs at once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('never duplicate an item: both 200 (or one 409), and the menu is the feed once', async () => {
    for (round = 1; round <= 4; round++) {
      holdFor = 2;
      const sync = () =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/integration/restaurants/${restaurantId}/sync`,
          headers: { authorization: `Bearer ${admin.token}` },
        });
      const results = await Promise.all([sync(), sync()]);
      holdFor = 0;
      const statuses = results.map((r) => r.statusCode).sort();
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(statuses);
      for (const r of results) if (r.statusCode === 409) expectError(r, 409, 'conflict');
      expect(await duplicates(), `round ${round}`).toEqual({
        categories: 0,
        products: 0,
        product_options: 0,
        option_rows: 0,
      });
      // exactly the feed: round + 1 categories of 3 products, one option of 2 rows each
      const n = round + 1;
      expect(await counts(), `round ${round}`).toEqual({
        categories: n,
        products: 3 * n,
        options: 3 * n,
        rows: 6 * n,
      });
      const ok = results.find((r) => r.statusCode === 200)!;
      expect(ok.json().data).toMatchObject({ categories: n, products: 3 * n });
    }
  });

  it('the unique keys refuse a second copy of an imported item; local items (no external id) may repeat', async () => {
    const category = await ctx.db
      .selectFrom('categories')
      .selectAll()
      .where('restaurant_id', '=', restaurantId)
      .where('external_id', '=', 'c-0')
      .executeTakeFirstOrThrow();
    const copy = { ...category, id: newId(), created_at: now() };
    const err = await ctx.db
      .insertInto('categories')
      .values(copy)
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    await ctx.db
      .insertInto('categories')
      .values([
        { ...copy, id: newId(), external_id: null },
        { ...copy, id: newId(), external_id: null },
      ])
      .execute();
  });

  it('migration 0003 detaches copies a race stored before it, keeping the oldest linked', async () => {
    const { migrator, schema } = await ownMigrator(ctx.db, ctx.app.dbDialect);
    const down = await migrator.migrateTo('0002_restaurants_type_external_id_unique');
    expect(down.error).toBeUndefined();
    const original = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('restaurant_id', '=', restaurantId)
      .where('external_id', '=', 'p-0-0')
      .executeTakeFirstOrThrow();
    const later = { ...original, id: newId(), created_at: '2999-01-01T00:00:00.000Z' };
    await ctx.db.insertInto('products').values(later).execute();
    await migrateToLatest(ctx.db, schema);
    const rows = await ctx.db
      .selectFrom('products')
      .select(['id', 'external_id'])
      .where('id', 'in', [original.id, later.id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.external_id]))).toEqual({
      [original.id]: 'p-0-0',
      [later.id]: null,
    });
    expect(await duplicates()).toEqual({ categories: 0, products: 0, product_options: 0, option_rows: 0 });
  });
});
