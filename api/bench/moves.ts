/**
 * Moves bench (a manager dragging a list into order): `pnpm --filter @qrmenu/api bench:moves` (SQLite), and PostgreSQL as
 * well when BENCH_DATABASE_URL is set. A restaurant with one category of 200 products (plus 39
 * other categories of 20); the manager moves products over HTTP on 127.0.0.1 one after another
 * (a person dragging: from anywhere to anywhere, first <-> last included, each move renumbering
 * up to the whole list), then 10 clients move at once in the same category; after them the
 * category's positions must be a permutation of 0..199.
 *
 * Target: a move answers in under 20 ms (p50 and p99 of the sequential moves) on both databases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { App } from '../src/app';
import { benchApp } from './server';

const PRODUCTS = Number(process.env.BENCH_MOVE_PRODUCTS ?? 200);
const MOVES = Number(process.env.BENCH_MOVES ?? 300);
const CLIENTS = 10;
const PASSWORD = 'bench-pass-1';

interface Result {
  dialect: string;
  p50: number;
  p99: number;
  max: number;
  concurrentP50: number;
  concurrentP99: number;
  permutation: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** The bench's restaurant, written through the services (one transaction). */
async function seed(app: App, managerId: string): Promise<{ categoryId: string; productIds: string[] }> {
  const suffix = Date.now().toString(36);
  const { menu } = await app.transaction(async (tx) => {
    const restaurant = await tx.restaurants.create({
      name: 'Bench',
      slug: `bench-${suffix}`,
      address: 'a',
      phone_number: 'p',
      work_time: 'w',
      manager_id: managerId,
      type: 'manual',
      is_active: true,
    });
    const categories = Array.from({ length: 40 }, (_, ci) => ({
      title: `Kategoriya ${ci + 1}`,
      products: Array.from({ length: ci === 0 ? PRODUCTS : 20 }, (_, i) => ({
        name: `Taom ${ci + 1}.${i + 1}`,
        description: 'Mazali taom',
        price: 10_000 + i,
      })),
    }));
    return { menu: await tx.catalog.menu.add(restaurant._id, categories) };
  });
  const first = menu.categories[0]?.id as string;
  return {
    categoryId: first,
    productIds: menu.products.filter((p) => p.category_id === first).map((p) => p.id),
  };
}

async function run(databaseUrl: string | undefined): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-moves-'));
  const app = await benchApp(dataDir, databaseUrl, PASSWORD, { logger: false });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `${base}/api`;
    const login = async (body: { login: string; password: string }) => {
      const r = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
    };
    const adminToken = await login({ login: 'admin', password: PASSWORD });
    const created = await fetch(`${api}/admin/managers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ login: 'bench-manager', password: PASSWORD }),
    });
    const managerId = ((await created.json()) as { data: { _id: string } }).data._id;
    const { categoryId, productIds } = await seed(app, managerId);
    const token = await login({ login: 'bench-manager', password: PASSWORD });
    const move = async (id: string, position: number) => {
      const started = performance.now();
      const r = await fetch(`${api}/manager/products/position/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ position }),
      });
      const body = (await r.json()) as { count?: number };
      if (r.status !== 200 || body.count !== PRODUCTS) throw new Error(`move answered ${r.status}`);
      return performance.now() - started;
    };

    // warm-up (connections, prepared statements, JIT)
    for (let i = 0; i < 20; i++) await move(productIds[i % PRODUCTS] as string, (i * 37) % PRODUCTS);

    const times: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      // every 10th move is a worst case: the last to the top, renumbering all 200
      const worst = i % 10 === 0;
      const id = productIds[worst ? (i * 7) % PRODUCTS : (i * 53) % PRODUCTS] as string;
      times.push(await move(id, worst ? 0 : (i * 97) % PRODUCTS));
    }
    times.sort((a, b) => a - b);

    const concurrent: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < 20; i++) {
          concurrent.push(
            await move(productIds[(c * 31 + i * 17) % PRODUCTS] as string, (c * 13 + i * 29) % PRODUCTS),
          );
        }
      }),
    );
    concurrent.sort((a, b) => a - b);
    const positions = (
      await sql<{
        position: number;
      }>`select position from products where category_id = ${categoryId} order by position`.execute(app.db)
    ).rows.map((r) => Number(r.position));
    return {
      dialect: app.dbDialect,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: times.at(-1) ?? 0,
      concurrentP50: percentile(concurrent, 50),
      concurrentP99: percentile(concurrent, 99),
      permutation: positions.every((p, i) => p === i),
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const results = [await run(undefined)];
const pgUrl = process.env.BENCH_DATABASE_URL?.trim();
if (pgUrl) results.push(await run(pgUrl));
console.log(
  `\nA move in a category of ${PRODUCTS} products (${MOVES} one after another; ${CLIENTS} clients at once):`,
);
for (const r of results) {
  const ok = r.p99 < 20 ? 'target met' : 'OVER the 20 ms target';
  console.log(
    `  ${r.dialect.padEnd(8)} p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)} (${ok}); ` +
      `at once: p50 ${ms(r.concurrentP50)}, p99 ${ms(r.concurrentP99)}; positions 0..${PRODUCTS - 1}: ${r.permutation ? 'yes' : 'NO'}`,
  );
}
if (results.some((r) => !r.permutation)) process.exitCode = 1;
