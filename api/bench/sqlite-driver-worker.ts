/**
 * One side of bench/sqlite-drivers.ts: the app on a fresh SQLite file, seeded as bench:api seeds
 * it, answering timed blocks of in-process requests (`app.inject`: routing, validation, handler,
 * Kysely and the driver, no sockets) when the parent asks over IPC. The parent forks it twice:
 * as it is (better-sqlite3) and with `--import node-sqlite/register.mjs` (node:sqlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { answerCache } from '../src/http/answer-cache';
import { benchAdminToken, seed } from './server';

export const OPERATIONS = [
  'product list (20), cache off',
  'product detail, cache off',
  '1,000 restaurants (admin), cache off',
  'product insert',
  'product update',
  'category + 5 products, then its cascade delete',
  'stop-list 200 products (stop or resume)',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export type WorkerMessage =
  | { kind: 'ready'; driver: string; seedMs: number }
  | { kind: 'block'; op: Operation; perOpMs: number; cpuPerOpMs: number; n: number }
  | { kind: 'rss'; rssMiB: number };

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-drivers-'));
  const app = await buildApp({
    dataDir,
    jwtSecret: 'driver-bench-secret-driver-bench-secret',
    adminPassword: 'driver-bench-admin',
    validateResponses: false,
    logger: { level: 'warn' },
  });
  const t0 = performance.now();
  const seeded = await seed(app);
  const seedMs = performance.now() - t0;
  answerCache(app.db).ttlMs = 0;
  const asAdmin = { authorization: `Bearer ${await benchAdminToken(app)}` };
  const asManager = { authorization: `Bearer ${app.jwt.sign({ sub: seeded.managerId })}` };
  const firstRestaurant = (
    await app.db
      .selectFrom('restaurants')
      .select('id')
      .where('manager_id', '=', seeded.managerId)
      .executeTakeFirstOrThrow()
  ).id;

  let n = 0;
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers = {},
    payload?: object,
  ) => {
    const res = await app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const ops: Record<Operation, () => Promise<unknown>> = {
    'product list (20), cache off': () =>
      call('GET', `/user/products/?restaurant_id=${seeded.restaurantId}&category_id=${seeded.categoryId}`),
    'product detail, cache off': () => call('GET', `/user/products/${seeded.productId}`),
    '1,000 restaurants (admin), cache off': () => call('GET', '/admin/restaurants', asAdmin),
    'product insert': () =>
      call('POST', '/manager/products', asManager, {
        name: `Yangi ${n}`,
        category_id: seeded.stopListCategoryId,
        price: 1000 + n,
        is_active: true,
      }),
    'product update': () =>
      call('PUT', `/manager/products/${seeded.stopListIds[n % 200]}`, asManager, { price: 2000 + n }),
    'category + 5 products, then its cascade delete': async () => {
      const category = await call('POST', '/manager/category/create', asManager, {
        title: `Vaqtinchalik ${n}`,
        restaurant_id: firstRestaurant,
        is_active: true,
      });
      const categoryId = category.json().data._id as string;
      for (let i = 0; i < 5; i++) {
        await call('POST', '/manager/products', asManager, {
          name: `M ${i}`,
          category_id: categoryId,
          price: 1,
        });
      }
      await call('DELETE', `/manager/category/delete/${categoryId}`, asManager);
    },
    'stop-list 200 products (stop or resume)': () =>
      call('POST', '/manager/stop-list', asManager, {
        product_ids: seeded.stopListIds,
        action: n % 2 === 0 ? 'stop' : 'resume',
      }),
  };

  // the driver this process really has (the shim marks itself)
  const driver = 'nodeSqliteShim' in (await import('better-sqlite3')) ? 'node:sqlite' : 'better-sqlite3';
  process.send?.({ kind: 'ready', driver, seedMs } satisfies WorkerMessage);
  process.on('message', async (msg: { kind: string; op?: Operation; ms?: number }) => {
    if (msg.kind === 'block' && msg.op) {
      // a block runs the operation for ~ms milliseconds; the figure is its mean time
      const started = performance.now();
      const cpu = process.cpuUsage();
      let count = 0;
      while (performance.now() - started < (msg.ms ?? 1000)) {
        await ops[msg.op]();
        n += 1;
        count += 1;
      }
      const perOpMs = (performance.now() - started) / count;
      const used = process.cpuUsage(cpu);
      const cpuPerOpMs = (used.user + used.system) / 1000 / count;
      process.send?.({ kind: 'block', op: msg.op, perOpMs, cpuPerOpMs, n: count } satisfies WorkerMessage);
    } else if (msg.kind === 'rss') {
      process.send?.({ kind: 'rss', rssMiB: process.memoryUsage().rss / 2 ** 20 } satisfies WorkerMessage);
    } else if (msg.kind === 'stop') {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

if (process.send && process.argv[1]?.endsWith('sqlite-driver-worker.ts'))
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
