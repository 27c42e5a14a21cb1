/**
 * The bench's server process (forked by bench.ts so that the load generator does not share its
 * event loop): builds the app on a fresh database, seeds it, listens on 127.0.0.1 beside a bare
 * Fastify route, and reports ports, ids and tokens over IPC.
 *
 * The bench's rows are built here as plain rows (the catalog's own row builders, each list
 * numbered 0..n-1 as the services number it) so that `pnpm bench:compare` can write the same rows
 * into an older checkout's schema (built-server.ts); this process stores them in one transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Insertable, sql } from 'kysely';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import { type Database, type DB, newId, now } from '../src/db';
import { answerCache } from '../src/http/answer-cache';
import { type MenuCategory, type MenuRows, menuRows } from '../src/services/catalog/menu';
import { newRestaurantRow } from '../src/services/restaurants/rows';
import { startBare } from './bare';
import { BIG_MENU, insertBigMenu } from './big-menu';
import type { Target } from './scenarios';

export const RESTAURANTS = 1000;
export const PRODUCTS = 20_000;
export const PER_CATEGORY = 20;
/** Restaurant 0 gets this many categories (so that a 200-product stop-list is one restaurant's). */
export const FIRST_CATEGORIES = 10;

export interface Ready extends Target {
  kind: 'ready';
  seedMs: number;
  dialect: string;
}

async function insertBatched<T extends keyof Database>(db: DB, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}

/** The bench's rows, table by table, in the order they can be inserted. */
export interface BenchRows {
  users: Insertable<Database['users']>[];
  restaurants: Insertable<Database['restaurants']>[];
  categories: Insertable<Database['categories']>[];
  products: Insertable<Database['products']>[];
  product_options: Insertable<Database['product_options']>[];
  option_rows: Insertable<Database['option_rows']>[];
}

/** Ids the scenarios use (`Target`), of the rows `benchRows` made. */
export type SeededIds = Pick<
  Target,
  'restaurantId' | 'categoryId' | 'productId' | 'stopListIds' | 'stopListCategoryId'
> & { managerId: string };

/** Each item's `position` within its parent's list (0..n-1 in the order given), as a create numbers it. */
function numbered<R extends object>(rows: readonly R[], parent: keyof R): (R & { position: number })[] {
  const next = new Map<unknown, number>();
  return rows.map((row) => {
    const position = next.get(row[parent]) ?? 0;
    next.set(row[parent], position + 1);
    return { ...row, position };
  });
}

/** Built menu rows as the tables store them (each list numbered), for a restaurant with no menu yet. */
export function menuTables(rows: MenuRows): Omit<BenchRows, 'users' | 'restaurants'> {
  return {
    categories: numbered(rows.categories, 'restaurant_id'),
    products: numbered(rows.products, 'category_id'),
    product_options: numbered(rows.options, 'product_id'),
    option_rows: numbered(rows.rows, 'product_option_id'),
  };
}

/**
 * 1,000 restaurants (the first run by the bench's manager), 20,000 products (20 a category, two
 * options of three rows each). `managerId`: a manager that exists already (compare.ts makes it
 * through the API of a built server); without it, a manager row is among the rows.
 */
export function benchRows(existingManagerId?: string): { rows: BenchRows; ids: SeededIds } {
  const at = now();
  const managerId = existingManagerId ?? newId();
  const users: Insertable<Database['users']>[] = [];
  if (!existingManagerId)
    users.push({
      id: managerId,
      login: `bench-manager-${managerId.slice(0, 6)}`,
      password_hash: 'not-a-hash',
      role: 'manager',
      is_active: 1,
      created_at: at,
      updated_at: at,
    });
  const restaurants = Array.from({ length: RESTAURANTS }, (_, i) =>
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
      at,
    ),
  );
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
  const built = restaurants.map((r, i) => menuRows(r.id, menus[i]!, at));
  const all: MenuRows = {
    categories: built.flatMap((m) => m.categories),
    products: built.flatMap((m) => m.products),
    options: built.flatMap((m) => m.options),
    rows: built.flatMap((m) => m.rows),
  };
  const [first, second] = built;
  return {
    rows: { users, restaurants, ...menuTables(all) },
    ids: {
      managerId,
      restaurantId: restaurants[1]!.id,
      categoryId: second!.categories[0]!.id,
      productId: second!.products[3]!.id,
      stopListIds: first!.products.slice(0, 200).map((p) => p.id),
      stopListCategoryId: first!.categories[0]!.id,
    },
  };
}

/** Seeds the bench's rows into the app's database (one transaction), then fresh statistics. */
export async function seed(app: Pick<App, 'db'>): Promise<SeededIds> {
  const { rows, ids } = benchRows();
  await app.db.transaction().execute(async (trx) => {
    for (const table of Object.keys(rows) as (keyof BenchRows)[])
      await insertBatched(trx, table, rows[table]);
  });
  // fresh planner statistics, as autovacuum (PostgreSQL) would have gathered soon after a bulk load
  await sql`analyze`.execute(app.db);
  return ids;
}

export const BIG_MENU_SLUG = 'bench-katta-menyu';

/** The restaurant that holds the big public menu (BIG_MENU), read at `GET /m/<BIG_MENU_SLUG>`. */
export function bigMenuRestaurant(): Insertable<Database['restaurants']> {
  return newRestaurantRow({
    name: 'Katta Menyu',
    slug: BIG_MENU_SLUG,
    address: 'Toshkent, Amir Temur koʻchasi 1',
    phone_number: '+998 71 200 11 22',
    work_time: '09:00-23:00',
    bot_token: 'bench-bot-token',
    channel_id: '@bench',
    image: `/uploads/restaurants/${newId()}.jpg`,
    logotype: `/uploads/restaurants/${newId()}.png`,
  });
}

/**
 * A bench's app in its own process: its data folder, the database named (PostgreSQL: in a schema
 * of its own, so benches beside each other do not meet), the bench's JWT secret and its admin.
 */
export function benchApp(
  dataDir: string,
  databaseUrl: string | undefined,
  adminPassword: string,
  options: Partial<BuildAppOptions>,
): Promise<App> {
  return buildApp({
    dataDir,
    databaseUrl,
    isolateSchema: !!databaseUrl,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    adminLogin: 'admin',
    adminPassword,
    ...options,
  });
}

/** The bootstrap admin's token (`admin`: signed by the bench, so no password). */
export async function benchAdminToken(app: Pick<App, 'db' | 'jwt'>): Promise<string> {
  const admin = await app.db
    .selectFrom('users')
    .select('id')
    .where('login', '=', 'admin')
    .executeTakeFirstOrThrow();
  return app.jwt.sign({ sub: admin.id });
}

/** A manager the bench acts as (its token signed by the bench, so no password): its id. */
export async function insertBenchManager(db: DB, at = now()): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      login: 'bench-manager',
      password_hash: 'x',
      role: 'manager',
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A restaurant with BIG_MENU's 40 categories and 1,000 products, for `GET /m/<slug>`. */
async function seedBigMenu(app: App): Promise<string> {
  const restaurant = bigMenuRestaurant();
  await app.db.insertInto('restaurants').values(restaurant).execute();
  const rows = await insertBigMenu(app, restaurant.id);
  if (rows.products.length !== BIG_MENU.categories * BIG_MENU.productsPerCategory)
    throw new Error('big menu');
  return BIG_MENU_SLUG;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-'));
  const app = await benchApp(dataDir, databaseUrl, 'bench-admin-pass', {
    // as in production (server.ts): answers are serialised without re-validation; request logs off
    validateResponses: false,
    logger: { level: 'warn' },
  });
  const t0 = performance.now();
  const seeded = await seed(app);
  const menuSlug = await seedBigMenu(app);
  const seedMs = performance.now() - t0;
  const adminToken = await benchAdminToken(app);
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  // the menu page's own bytes (brotli) from a bare route: what sending them costs by itself
  const menuPage = await app.inject({
    method: 'GET',
    url: `/m/${menuSlug}`,
    headers: { 'accept-encoding': 'br' },
  });
  const bare = await startBare(menuPage.rawPayload);

  const ready: Ready = {
    kind: 'ready',
    appUrl,
    bareUrl: bare.url,
    seedMs,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    restaurantId: seeded.restaurantId,
    categoryId: seeded.categoryId,
    productId: seeded.productId,
    stopListIds: seeded.stopListIds,
    stopListCategoryId: seeded.stopListCategoryId,
    adminToken,
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
