/**
 * The bench's server process (forked by bench.ts so that the load generator does not share its
 * event loop): builds the app on a fresh database, seeds it, listens on 127.0.0.1 beside a bare
 * Fastify route, and reports ports, ids and tokens over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { type Insertable, sql } from 'kysely';
import { buildApp } from '../src/app';
import { type Database, type DB, newId } from '../src/db';
import { answerCache } from '../src/http/answer-cache';
import { newRestaurantRow } from '../src/repos/restaurants';
import { BIG_MENU, insertBigMenu } from './big-menu';

export const RESTAURANTS = 1000;
export const PRODUCTS = 20_000;
export const PER_CATEGORY = 20;
/** Restaurant 0 gets this many categories (so that a 200-product stop-list is one restaurant's). */
export const FIRST_CATEGORIES = 10;

export interface Ready {
  kind: 'ready';
  appUrl: string;
  bareUrl: string;
  seedMs: number;
  dialect: string;
  restaurantId: string;
  categoryId: string;
  productId: string;
  stopListIds: string[];
  /** a category of the manager's restaurant (where the write bench inserts products) */
  stopListCategoryId: string;
  adminToken: string;
  managerToken: string;
  /** The restaurant with the big public menu (BIG_MENU). */
  menuSlug: string;
}

async function insertBatched<T extends keyof Database>(db: DB, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}

export async function seed(db: DB): Promise<
  Omit<
    Ready,
    'kind' | 'appUrl' | 'bareUrl' | 'seedMs' | 'dialect' | 'adminToken' | 'managerToken' | 'menuSlug'
  > & {
    managerId: string;
  }
> {
  const base = Date.now();
  const at = (i: number) => new Date(base + i).toISOString();
  const managerId = newId();
  const users: Insertable<Database['users']>[] = [
    {
      id: managerId,
      login: `bench-manager-${managerId.slice(0, 6)}`,
      password_hash: 'not-a-hash',
      role: 'manager',
      is_active: 1,
      created_at: at(0),
      updated_at: at(0),
    },
  ];
  const restaurants: Insertable<Database['restaurants']>[] = [];
  for (let i = 0; i < RESTAURANTS; i++) {
    restaurants.push(
      newRestaurantRow(
        {
          name: `Restoran ${i}`,
          slug: `bench-restoran-${i}`,
          address: `Toshkent, ${i}-uy`,
          phone_number: '+998901234567',
          work_time: '09:00-23:00',
          manager_id: i === 0 ? managerId : null,
          is_active: i % 7 === 0 ? 0 : 1,
        },
        at(i),
      ),
    );
  }
  const categories: Insertable<Database['categories']>[] = [];
  const products: Insertable<Database['products']>[] = [];
  const options: Insertable<Database['product_options']>[] = [];
  const rows: Insertable<Database['option_rows']>[] = [];
  const categoryCount = PRODUCTS / PER_CATEGORY;
  for (let k = 0; k < categoryCount; k++) {
    const restaurant = restaurants[k < FIRST_CATEGORIES ? 0 : (k - FIRST_CATEGORIES + 1) % RESTAURANTS]!;
    const categoryId = newId();
    categories.push({
      id: categoryId,
      restaurant_id: restaurant.id,
      title: `Kategoriya ${k}`,
      is_active: 1,
      external_id: null,
      created_at: at(k),
      updated_at: at(k),
    });
    for (let j = 0; j < PER_CATEGORY; j++) {
      const productId = newId();
      const n = k * PER_CATEGORY + j;
      products.push({
        id: productId,
        restaurant_id: restaurant.id,
        category_id: categoryId,
        name: `Mahsulot ${n}`,
        description: 'Mazali taom, yangi masalliqlardan tayyorlangan, issiq holda beriladi',
        price: 10000 + (n % 50) * 1000,
        is_active: 1,
        images: JSON.stringify([{ file: `/uploads/products/${productId}.jpg` }]),
        external_id: null,
        created_at: at(n),
        updated_at: at(n),
      });
      // every product: two options with three rows each
      for (let o = 0; o < 2; o++) {
        const optionId = newId();
        options.push({
          id: optionId,
          product_id: productId,
          name: o === 0 ? 'Hajmi' : "Qo'shimcha",
          external_id: null,
          created_at: at(o),
          updated_at: at(o),
        });
        for (let r = 0; r < 3; r++) {
          rows.push({
            id: newId(),
            product_option_id: optionId,
            name: `Variant ${r}`,
            price: r * 2000,
            external_id: null,
            created_at: at(r),
          });
        }
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertBatched(trx, 'users', users);
    await insertBatched(trx, 'restaurants', restaurants);
    await insertBatched(trx, 'categories', categories);
    await insertBatched(trx, 'products', products);
    await insertBatched(trx, 'product_options', options);
    await insertBatched(trx, 'option_rows', rows);
  });
  // fresh planner statistics, as autovacuum (PostgreSQL) would have gathered soon after a bulk load
  await sql`analyze`.execute(db);
  const first = restaurants[0]!.id;
  const firstProducts = products.filter((p) => p.restaurant_id === first);
  return {
    managerId,
    restaurantId: restaurants[1]!.id,
    categoryId: categories[FIRST_CATEGORIES]!.id,
    productId: products[FIRST_CATEGORIES * PER_CATEGORY + 3]!.id,
    stopListIds: firstProducts.slice(0, 200).map((p) => p.id),
    stopListCategoryId: categories[0]!.id,
  };
}

/** A restaurant with BIG_MENU's 40 categories and 1,000 products, for `GET /m/<slug>`. */
async function seedBigMenu(db: DB): Promise<string> {
  const id = newId();
  const at = new Date().toISOString();
  const slug = 'bench-katta-menyu';
  await db
    .insertInto('restaurants')
    .values({
      id,
      name: 'Katta Menyu',
      slug,
      address: 'Toshkent, Amir Temur koʻchasi 1',
      phone_number: '+998 71 200 11 22',
      work_time: '09:00-23:00',
      manager_id: null,
      type: 'manual',
      is_active: 1,
      bot_token: 'bench-bot-token',
      channel_id: '@bench',
      image: `/uploads/restaurants/${newId()}.jpg`,
      logotype: `/uploads/restaurants/${newId()}.png`,
      external_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const rows = await insertBigMenu(db, id);
  if (rows.products.length !== BIG_MENU.categories * BIG_MENU.productsPerCategory)
    throw new Error('big menu');
  return slug;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-'));
  const app = await buildApp({
    dataDir,
    databaseUrl,
    isolateSchema: !!databaseUrl,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    adminLogin: 'admin',
    adminPassword: 'bench-admin-pass',
    // as in production (server.ts): answers are serialised without re-validation; request logs off
    validateResponses: false,
    logger: { level: 'warn' },
  });
  const t0 = performance.now();
  const seeded = await seed(app.db);
  const menuSlug = await seedBigMenu(app.db);
  const seedMs = performance.now() - t0;
  const adminRow = await app.db
    .selectFrom('users')
    .select('id')
    .where('login', '=', 'admin')
    .executeTakeFirstOrThrow();
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ hello: 'world' }));
  // the menu page's own bytes (brotli) from a bare route: what sending them costs by itself
  const menuPage = await app.inject({
    method: 'GET',
    url: `/m/${menuSlug}`,
    headers: { 'accept-encoding': 'br' },
  });
  bare.get('/bare-menu', async (_request, reply) =>
    reply.header('content-encoding', 'br').type('text/html; charset=utf-8').send(menuPage.rawPayload),
  );
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const ready: Ready = {
    kind: 'ready',
    appUrl,
    bareUrl,
    seedMs,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    restaurantId: seeded.restaurantId,
    categoryId: seeded.categoryId,
    productId: seeded.productId,
    stopListIds: seeded.stopListIds,
    stopListCategoryId: seeded.stopListCategoryId,
    adminToken: app.jwt.sign({ sub: adminRow.id }),
    managerToken: app.jwt.sign({ sub: seeded.managerId }),
    menuSlug,
  };
  process.send?.(ready);
  process.on('message', async (msg: { kind?: string; ttlMs?: number }) => {
    if (msg?.kind === 'cache') {
      // the bench measures the public reads with and without the answer cache
      const cache = answerCache(app.db);
      cache.ttlMs = msg.ttlMs ?? 0;
      cache.clear();
      process.send?.({ kind: 'cache-set' });
      return;
    }
    if (msg?.kind !== 'stop') return;
    await bare.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

// run when forked as the bench's server, not when another bench script imports seed()
if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
