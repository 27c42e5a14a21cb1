/**
 * Test helpers: a fresh app per test file (temp SQLite dir, or an isolated schema of the
 * PostgreSQL database in TEST_DATABASE_URL), users/tokens, catalog fixtures written through the
 * DB, a snapshot of every table to assert that bad input changed nothing, and exact-shape checks.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { type Kysely, sql, type TableMetadata } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import { type DB, newId, now } from '../src/db';
import { migrations } from '../src/db/migrations';
import { hashPassword } from '../src/services/passwords';

export const ADMIN = { login: 'admin', password: 'admin-pass-1' } as const;
export const PASSWORD = 'secret123';
/** An INTEGRATION_SECRET_KEY of the tests: 32 bytes in hex (the only forms a key takes, with base64). */
export const TEST_SECRET_KEY = '7d1f0c4e9a2b6d3f8e5a1c7b0d9e2f4a6b8c1d3e5f7a9b0c2d4e6f8a1b3c5d7e';

export interface TestCtx {
  app: App;
  db: DB;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh app on its own database; the bootstrap admin is ADMIN. Call close() in afterAll. */
export async function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestCtx> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-api-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL?.trim();
  const app = await buildApp({
    dataDir,
    databaseUrl: pgUrl || undefined,
    isolateSchema: !!pgUrl,
    jwtSecret: 'test-secret-test-secret-test-secret',
    adminLogin: ADMIN.login,
    adminPassword: ADMIN.password,
    logger: false,
    // tests talk to 127.0.0.1 only: a bot's calls go nowhere (port 9 refuses) unless a test gives its fake
    telegramApiUrl: 'http://127.0.0.1:9',
    // a night is run by the test that wants one (app.payments.buildNight), not by the wall clock
    nightlyStatements: { enabled: false },
    ...options,
  });
  await app.ready();
  return {
    app,
    db: app.db,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on the PostgreSQL database at `pgUrl`, in `first`'s schema (not one of its own):
 * another server of the same platform, with `options` too. Call close() in afterAll.
 */
export async function createSecondApp(
  first: TestCtx,
  pgUrl: string,
  options: Partial<BuildAppOptions> = {},
): Promise<TestCtx> {
  const schema = await currentSchema(first.db);
  const sep = pgUrl.includes('?') ? '&' : '?';
  const databaseUrl = `${pgUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return createTestApp({ ...options, databaseUrl, isolateSchema: false });
}

let passwordHash: Promise<string> | undefined;
/** The argon2id hash of PASSWORD, computed once per file. */
export const passwordHashOf = (): Promise<string> => {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
};

export interface TestUser {
  id: string;
  login: string;
  role: string;
  token: string;
}

/** A token of its own (a logout in one test ends only it) in the user's first session epoch. */
export const signToken = (ctx: TestCtx, userId: string): string =>
  ctx.app.jwt.sign({ sub: userId, ep: 0, jti: newId() });

/**
 * Inserts a user (password PASSWORD) and signs a token for it. The default login takes the whole
 * id, whose time and sequence never repeat in one process: its last 8 hex digits (32 bits, a
 * quarter of them a wrapping sequence) once met another user's in the access matrix's database.
 */
export async function createUser(
  ctx: TestCtx,
  role: string,
  login = `${role}-${newId()}`,
  isActive = true,
): Promise<TestUser> {
  const id = newId();
  const t = now();
  await ctx.db
    .insertInto('users')
    .values({
      id,
      login,
      password_hash: await passwordHashOf(),
      role,
      is_active: isActive ? 1 : 0,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return { id, login, role, token: signToken(ctx, id) };
}

/** The bootstrap admin with a fresh token. */
export async function adminUser(ctx: TestCtx): Promise<TestUser> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'login', 'role'])
    .where('login', '=', ADMIN.login)
    .executeTakeFirstOrThrow();
  return { id: row.id, login: row.login, role: row.role, token: signToken(ctx, row.id) };
}

/** Logs in through the API and returns the access token (throws on failure). */
export async function loginAs(app: App, login: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
  if (res.statusCode !== 200) throw new Error(`login ${login} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.accessToken as string;
}

export const bearer = (token: string | undefined | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call through Fastify's inject: `/api` + `url`, the bearer token, a JSON body. */
export function apiCall(
  ctx: TestCtx,
  method: Method,
  url: string,
  token?: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * A body sent as these bytes, not as JSON made of an object: malformed JSON, a body over the
 * limit, a content type the API does not read (`type`, JSON by default). `/api` + `url`, the
 * bearer token if any.
 */
export function rawCall(
  ctx: TestCtx,
  method: Method,
  url: string,
  body: string,
  { type = 'application/json', token }: { type?: string; token?: string | null } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), 'content-type': type },
    payload: body,
  });
}

export interface RestaurantFixture {
  id: string;
  slug: string;
  name: string;
}

export async function createRestaurant(
  ctx: TestCtx,
  fields: {
    manager_id?: string | null;
    slug?: string;
    name?: string;
    is_active?: boolean;
    type?: string;
  } = {},
): Promise<RestaurantFixture> {
  const id = newId();
  const t = now();
  const slug = fields.slug ?? `r-${id.slice(-10)}`;
  const name = fields.name ?? `Restoran ${id.slice(-4)}`;
  await ctx.db
    .insertInto('restaurants')
    .values({
      id,
      name,
      slug,
      address: 'Toshkent, Amir Temur 1',
      phone_number: '+998901234567',
      work_time: '09:00-23:00',
      manager_id: fields.manager_id ?? null,
      type: fields.type ?? 'manual',
      is_active: fields.is_active === false ? 0 : 1,
      bot_token: 'bot-secret',
      channel_id: '@channel',
      image: null,
      logotype: null,
      external_id: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return { id, slug, name };
}

/** A manager and the one restaurant they own (with `fields`): the world of a test in one restaurant. */
export async function ownedRestaurant(
  ctx: TestCtx,
  fields: { slug?: string; name?: string } = {},
): Promise<{ manager: TestUser; restaurant: RestaurantFixture }> {
  const manager = await createUser(ctx, 'manager');
  const restaurant = await createRestaurant(ctx, { ...fields, manager_id: manager.id });
  return { manager, restaurant };
}

/**
 * The URL of a picture recorded as the restaurant's (its files are not stored): what a picture
 * field accepts without an upload (services/own-pictures.ts).
 */
export async function ownPicture(ctx: TestCtx, restaurantId: string): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await ctx.db
    .insertInto('pictures')
    .values({ id, restaurant_id: restaurantId, bytes: 1000, created_at: now() })
    .execute();
  return ctx.app.storage.url(`${id}.jpg`);
}

export async function createCategory(
  ctx: TestCtx,
  restaurantId: string,
  fields: { title?: string; is_active?: boolean } = {},
): Promise<{ id: string }> {
  const id = newId();
  const t = now();
  await ctx.db
    .insertInto('categories')
    .values({
      id,
      restaurant_id: restaurantId,
      title: fields.title ?? `Kategoriya ${id.slice(-4)}`,
      is_active: fields.is_active === false ? 0 : 1,
      external_id: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return { id };
}

export async function createProduct(
  ctx: TestCtx,
  restaurantId: string,
  categoryId: string,
  fields: {
    name?: string;
    price?: number;
    is_active?: boolean;
    images?: { file: string }[];
    description?: string;
  } = {},
): Promise<{ id: string }> {
  const id = newId();
  const t = now();
  await ctx.db
    .insertInto('products')
    .values({
      id,
      restaurant_id: restaurantId,
      category_id: categoryId,
      name: fields.name ?? `Mahsulot ${id.slice(-4)}`,
      description: fields.description ?? '',
      price: fields.price ?? 25000,
      is_active: fields.is_active === false ? 0 : 1,
      images: JSON.stringify(fields.images ?? []),
      external_id: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return { id };
}

export async function createOption(ctx: TestCtx, productId: string, name = 'Hajmi'): Promise<{ id: string }> {
  const id = newId();
  const t = now();
  await ctx.db
    .insertInto('product_options')
    .values({ id, product_id: productId, name, external_id: null, created_at: t, updated_at: t })
    .execute();
  return { id };
}

export async function createOptionRow(
  ctx: TestCtx,
  optionId: string,
  fields: { name?: string; price?: number } = {},
): Promise<{ id: string }> {
  const id = newId();
  await ctx.db
    .insertInto('option_rows')
    .values({
      id,
      product_option_id: optionId,
      name: fields.name ?? 'Katta',
      price: fields.price ?? 5000,
      external_id: null,
      created_at: now(),
    })
    .execute();
  return { id };
}

/**
 * A small world: admin, two managers each owning a restaurant with a category, a product
 * with an option and a row, and a user of role "waiter" (owns nothing).
 */
export async function createWorld(ctx: TestCtx) {
  const admin = await adminUser(ctx);
  const manager1 = await createUser(ctx, 'manager');
  const manager2 = await createUser(ctx, 'manager');
  const waiter = await createUser(ctx, 'waiter');
  const make = async (managerId: string) => {
    const restaurant = await createRestaurant(ctx, { manager_id: managerId });
    const category = await createCategory(ctx, restaurant.id);
    const product = await createProduct(ctx, restaurant.id, category.id);
    const option = await createOption(ctx, product.id);
    const row = await createOptionRow(ctx, option.id);
    return { restaurant, category, product, option, row };
  };
  const own = await make(manager1.id);
  const other = await make(manager2.id);
  return { admin, manager1, manager2, waiter, own, other };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

const TABLES = [
  'users',
  'restaurants',
  'categories',
  'products',
  'product_options',
  'option_rows',
  'pictures',
] as const;

/** Every row of every table, to compare before and after a rejected request. */
export async function snapshot(db: DB): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    out[t] = await db.selectFrom(t).selectAll().orderBy('id').execute();
  }
  out.restaurant_slug_history = await db
    .selectFrom('restaurant_slug_history')
    .selectAll()
    .orderBy('slug')
    .execute();
  return JSON.stringify(out);
}

/** What a refused request wrote to the snapshot's tables (watchWrites). */
export interface WriteWatch {
  /** From now on: forgets what was written before. */
  start(): Promise<void>;
  /** What was written since `start` ("update restaurants", …): none, when nothing was. */
  written(): Promise<string[]>;
}

/**
 * The snapshot's tables watched for writes instead of read whole before and after each refused
 * request, where the database holds too much for that (the access matrix's thousands of cells:
 * its snapshots were four fifths of its time). On SQLite, temporary triggers on the app's one
 * connection record every insert, update and delete of those tables, even one that leaves a row
 * as it was. On PostgreSQL, whose connections are a pool (a temporary trigger lives on one of
 * them), `start` takes the snapshot and `written` compares another with it.
 */
export async function watchWrites(ctx: TestCtx): Promise<WriteWatch> {
  if (ctx.app.dbDialect !== 'sqlite') {
    let before = '';
    return {
      async start() {
        before = await snapshot(ctx.db);
      },
      async written() {
        return (await snapshot(ctx.db)) === before ? [] : ['a row of the watched tables changed'];
      },
    };
  }
  await sql`create temp table if not exists qm_writes (what text not null)`.execute(ctx.db);
  for (const table of [...TABLES, 'restaurant_slug_history']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create temp trigger if not exists qm_${event}_${table} after ${event} on main.${table} ` +
            `begin insert into qm_writes (what) values ('${event} ${table}'); end`,
        )
        .execute(ctx.db);
    }
  }
  return {
    async start() {
      await sql`delete from qm_writes`.execute(ctx.db);
    },
    async written() {
      const { rows } = await sql<{ what: string }>`select what from qm_writes order by rowid`.execute(ctx.db);
      return rows.map((r) => r.what);
    },
  };
}

/** Asserts that `body` has exactly the shape of `schema` (no missing, wrong-typed or extra keys). */
export function expectShape<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`shape mismatch: ${result.error.message}\n${JSON.stringify(body)}`);
  // z.object strips unknown keys: equal only when nothing extra was there.
  expect(body).toStrictEqual(result.data);
  return result.data;
}

/** Asserts the contract's error body with that status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code?: string): void {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  if (code) expect(body.error.code).toBe(code);
  expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
  expect(res.body).not.toMatch(/password_hash|\$argon2/);
}

// ---------- multipart ----------

// Real 8 x 6 pictures: uploads decode every file (a file that only starts like an image is refused).
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQI12PgynDHihgGUgIAH0wisZqItoAAAAAASUVORK5CYII=',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCGAJT/2Q==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhCAAGAIAAAExpcQpoRyH5BAUAAAAALAAAAAAIAAYAAAIGjI+py30FADs=', 'base64');
export const WEBP = Buffer.from(
  'UklGRi4AAABXRUJQVlA4ICIAAABQAQCdASoIAAYAAsBMJaAABAAAAP7u/1f/1t+OfzXgYAAA',
  'base64',
);

export interface FilePart {
  name?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body with text fields and files. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----qrmenu${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'files'}"; filename="${f.filename ?? 'a.png'}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/manager/upload as `token`'s user: these fields and files in one multipart body. */
export function uploadAs(
  ctx: Pick<TestCtx, 'app'>,
  token: string | undefined,
  fields: Record<string, string>,
  files: FilePart[],
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/manager/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/**
 * The tables of `db`'s own database. On PostgreSQL Kysely's introspection lists every schema's
 * tables, sorted by schema, and the test files run side by side, each app in a schema of its own:
 * a test reading "the categories table" must read its own schema's, not the first one listed.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's tables, the app's or a migration test's
export async function ownTables(db: Kysely<any>): Promise<TableMetadata[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.schema)) return tables;
  const schema = await currentSchema(db);
  return tables.filter((t) => t.schema === schema);
}

/** The schema `db` works in on PostgreSQL (`current_schema()`: each test file's own). */
// biome-ignore lint/suspicious/noExplicitAny: any database, the app's or a migration test's
async function currentSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * A migrator of the app's migrations over `db` (of `dialect`) that keeps its record where the app
 * keeps it, and that place's schema: on PostgreSQL the test's own schema (what `migrateToLatest`
 * takes too), not the first one on the search path; on SQLite none.
 */
export async function ownMigrator(
  // biome-ignore lint/suspicious/noExplicitAny: the app's database, seen as any schema
  db: Kysely<any>,
  dialect: string,
): Promise<{ migrator: Migrator; schema: string | undefined }> {
  const schema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  return { migrator, schema };
}
