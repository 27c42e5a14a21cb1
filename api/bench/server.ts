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
import { sql } from 'kysely';
import { type App, buildApp } from '../src/app';
import { newId } from '../src/db';
import { answerCache } from '../src/http/answer-cache';
import type { MenuCategory } from '../src/services/catalog';
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

/** The bench's data, written through the services as the back office writes (one transaction). */
export async function seed(app: App): Promise<
  Omit<
    Ready,
    'kind' | 'appUrl' | 'bareUrl' | 'seedMs' | 'dialect' | 'adminToken' | 'managerToken' | 'menuSlug'
  > & {
    managerId: string;
  }
> {
  const suffix = Date.now().toString(36);
  const manager = await app.accounts.createManager(`bench-manager-${suffix}`, `bench-manager-pass-${suffix}`);
  // each restaurant's categories: restaurant 0 the first FIRST_CATEGORIES, then one each in turn
  const categoryCount = PRODUCTS / PER_CATEGORY;
  const menus: MenuCategory[][] = Array.from({ length: RESTAURANTS }, () => []);
  for (let k = 0; k < categoryCount; k++) {
    const owner = k < FIRST_CATEGORIES ? 0 : (k - FIRST_CATEGORIES + 1) % RESTAURANTS;
    menus[owner]!.push({
      title: `Kategoriya ${k}`,
      products: Array.from({ length: PER_CATEGORY }, (_, j) => {
        const n = k * PER_CATEGORY + j;
        return {
          name: `Mahsulot ${n}`,
          description: 'Mazali taom, yangi masalliqlardan tayyorlangan, issiq holda beriladi',
          price: 10000 + (n % 50) * 1000,
          images: [{ file: `/uploads/products/${newId()}.jpg` }],
          // every product: two options with three rows each
          options: [0, 1].map((o) => ({
            name: o === 0 ? 'Hajmi' : "Qo'shimcha",
            rows: [0, 1, 2].map((r) => ({ name: `Variant ${r}`, price: r * 2000 })),
          })),
        };
      }),
    });
  }
  const written = await app.transaction(async (tx) => {
    const out = [];
    for (let i = 0; i < RESTAURANTS; i++) {
      const restaurant = await tx.restaurants.create({
        name: `Restoran ${i}`,
        slug: `bench-restoran-${i}`,
        address: `Toshkent, ${i}-uy`,
        phone_number: '+998901234567',
        work_time: '09:00-23:00',
        ...(i === 0 ? { manager_id: manager._id } : {}),
        type: 'manual',
        is_active: i % 7 !== 0,
      });
      out.push({ id: restaurant._id, menu: await tx.catalog.menu.add(restaurant._id, menus[i]!) });
    }
    return out;
  });
  // fresh planner statistics, as autovacuum (PostgreSQL) would have gathered soon after a bulk load
  await sql`analyze`.execute(app.db);
  const [first, second] = written;
  return {
    managerId: manager._id,
    restaurantId: second!.id,
    categoryId: second!.menu.categories[0]!.id,
    productId: second!.menu.products[3]!.id,
    stopListIds: first!.menu.products.slice(0, 200).map((p) => p.id),
    stopListCategoryId: first!.menu.categories[0]!.id,
  };
}

/** A restaurant with BIG_MENU's 40 categories and 1,000 products, for `GET /m/<slug>`. */
async function seedBigMenu(app: App): Promise<string> {
  const slug = 'bench-katta-menyu';
  const created = await app.restaurants.create({
    name: 'Katta Menyu',
    slug,
    address: 'Toshkent, Amir Temur koʻchasi 1',
    phone_number: '+998 71 200 11 22',
    work_time: '09:00-23:00',
    bot_token: 'bench-bot-token',
    channel_id: '@bench',
    type: 'manual',
    is_active: true,
  });
  const row = await app.restaurants.find(created._id);
  if (!row) throw new Error('big menu restaurant');
  await app.restaurants.update(row, {
    image: `/uploads/restaurants/${newId()}.jpg`,
    logotype: `/uploads/restaurants/${newId()}.png`,
  });
  const rows = await insertBigMenu(app, created._id);
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
  const seeded = await seed(app);
  const menuSlug = await seedBigMenu(app);
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
