/**
 * API benchmark: `pnpm --filter @qrmenu/api bench` (SQLite), and PostgreSQL as well when
 * BENCH_DATABASE_URL is set. Seeds 1,000 restaurants and 20,000 products (20 a category, two
 * options of three rows each), starts the app and a bare Fastify route in a child process on
 * 127.0.0.1, and drives them with autocannon (50 connections, ~5 s each).
 *
 * A further restaurant has the big public menu (bench/big-menu.ts: 40 categories, 1,000
 * products with pictures and options), read at `GET /m/<slug>` as a phone does (br accepted);
 * its page size is printed in each encoding.
 *
 * The public product answers (for anonymous callers), the admin's restaurant list and the menu
 * page are cached (1 s, cleared by every write); each is measured with the cache and with it off.
 *
 * Writes under load (after the reads): product inserts, product updates, and stop/resume of 200
 * products (one transaction each) from every connection at once.
 *
 * BENCH_NODE_SQLITE=1 adds a SQLite pass on Node's own node:sqlite (the unchanged server, with
 * better-sqlite3 replaced by bench/node-sqlite/better-sqlite3-shim.mjs) to compare the drivers.
 *
 * Targets: product list and detail >= 25 % of the bare route's req/s with p99 < 25 ms;
 * the 1,000-restaurant admin list p99 < 100 ms; a 200-product stop-list call < 50 ms; the
 * public menu, cached, >= 25 % of the bare route with p99 < 25 ms.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Ready } from './server';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A write under load: each request gets its method, path and JSON body from `next(n)`. */
interface Writes {
  next(n: number): { method: 'POST' | 'PUT'; path: string; body: unknown };
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
  bustCache = false,
  writes?: Writes,
): Promise<Measure> {
  // a unique, ignored query parameter per request defeats the public answer cache
  let n = 0;
  const path = new URL(url).pathname + new URL(url).search;
  const sep = path.includes('?') ? '&' : '?';
  const requests = writes
    ? [
        {
          setupRequest: (request: Record<string, unknown>) => {
            const w = writes.next(n++);
            return {
              ...request,
              method: w.method,
              path: w.path,
              body: JSON.stringify(w.body),
              headers: { ...headers, 'content-type': 'application/json' },
            };
          },
        },
      ]
    : bustCache
      ? [{ setupRequest: (request: { path: string }) => ({ ...request, path: `${path}${sep}_=${n++}` }) }]
      : undefined;
  const result = await autocannon({
    url,
    connections,
    duration: DURATION,
    headers,
    ...(requests ? { requests } : {}),
  });
  // answers still being computed when the run ended would slow the next run: wait for them
  for (let i = 0; i < 2; i++) await fetch(url, { headers }).then((res) => res.arrayBuffer());
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

interface Server {
  ready: Ready;
  setCacheTtl(ms: number): Promise<void>;
  stop(): Promise<void>;
}

type Driver = 'better-sqlite3' | 'node:sqlite' | 'pg';

async function startServer(databaseUrl: string | undefined, driver: Driver): Promise<Server> {
  const shim = fileURLToPath(new URL('./node-sqlite/register.mjs', import.meta.url));
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    // as deployed: React's production build renders the public menu
    env: { NODE_ENV: 'production', ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' },
    execArgv: driver === 'node:sqlite' ? [...process.execArgv, '--import', shim] : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    ready,
    setCacheTtl: (ttlMs) =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send({ kind: 'cache', ttlMs });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ kind: 'stop' });
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

async function stopListTimes(
  ready: Ready,
  calls: number,
): Promise<{ median: number; p90: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const action = i % 2 === 0 ? 'stop' : 'resume';
    const t0 = performance.now();
    const res = await fetch(`${ready.appUrl}/api/manager/stop-list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.managerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product_ids: ready.stopListIds, action }),
    });
    const body = (await res.json()) as { data?: { products: unknown[] } };
    times.push(performance.now() - t0);
    if (res.status !== 200 || body.data?.products.length !== 200) {
      throw new Error(`stop-list failed: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { median: at(0.5), p90: at(0.9), max: times[times.length - 1]! };
}

/** Bytes on the wire of the public menu page in each encoding (Content-Length, not decoded). */
async function menuSizes(url: string): Promise<Record<'identity' | 'gzip' | 'br', string>> {
  const out = {} as Record<'identity' | 'gzip' | 'br', string>;
  for (const encoding of ['identity', 'gzip', 'br'] as const) {
    const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
    const bytes = Number(res.headers.get('content-length'));
    await res.arrayBuffer();
    if (res.status !== 200 || (res.headers.get('content-encoding') ?? 'identity') !== encoding) {
      throw new Error(`menu page in ${encoding}: ${res.status} ${res.headers.get('content-encoding')}`);
    }
    out[encoding] = `${(bytes / 1024).toFixed(1)} KiB`;
  }
  return out;
}

async function run(databaseUrl: string | undefined, driver: Driver): Promise<boolean> {
  const { ready, stop, setCacheTtl } = await startServer(databaseUrl, driver);
  const fmt = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `\n== ${ready.dialect} (${driver}): seeded 1,000 restaurants, 20,000 products (+ a 1,000-product menu) in ${(ready.seedMs / 1000).toFixed(1)} s`,
  );
  let ok = true;
  try {
    // warm-up (JIT, statement caches)
    await autocannon({
      url: `${ready.appUrl}/api/user/products/${ready.productId}`,
      connections: 10,
      duration: 1,
    });
    const bare = await load('bare Fastify route', `${ready.bareUrl}/bare`);
    const listUrl = `${ready.appUrl}/api/user/products/?restaurant_id=${ready.restaurantId}&category_id=${ready.categoryId}`;
    const detailUrl = `${ready.appUrl}/api/user/products/${ready.productId}`;
    const adminList = `${ready.appUrl}/api/admin/restaurants`;
    const asAdmin = { authorization: `Bearer ${ready.adminToken}` };
    const menuUrl = `${ready.appUrl}/m/${ready.menuSlug}`;
    const asPhone = { 'accept-encoding': 'gzip, deflate, br' };
    const bareMenu = await load(
      'bare Fastify route sending the menu page (the same br bytes)',
      `${ready.bareUrl}/bare-menu`,
    );
    const measures = [
      bare,
      bareMenu,
      await load('GET /api/health (the app with all its plugins, no DB)', `${ready.appUrl}/api/health`),
      await load('GET /api/user/products/?restaurant_id&category_id (20)', listUrl),
      await load('GET /api/user/products/{id} (2 options x 3 rows)', detailUrl),
      await load('GET /api/admin/restaurants (1,000, admin)', adminList, asAdmin),
      await load('GET /m/{slug} (40 categories, 1,000 products, br)', menuUrl, asPhone),
      await setCacheTtl(0).then(() => load('  the same list, answer cache off', listUrl)),
      await load('  the same detail, answer cache off', detailUrl),
      await load('  the 1,000 restaurants, answer cache off', adminList, asAdmin),
      await load('  the 1,000 restaurants, answer cache off, 1 connection', adminList, asAdmin, 1),
      await load('  the public menu, answer cache off', menuUrl, asPhone),
      await load('  the public menu, answer cache off, 1 connection', menuUrl, asPhone, 1),
      ...(await writeLoads(ready)),
    ];
    console.log(`${'route'.padEnd(60)}    req/s   p50 ms   p99 ms  x bare  errors`);
    for (const m of measures) {
      const ratio = `${((m.rps / bare.rps) * 100).toFixed(0)}%`.padStart(7);
      console.log(
        `${m.name.padEnd(60)}${fmt(m.rps)} ${fmt(m.p50)} ${fmt(m.p99)} ${ratio}  ${m.errors + m.non2xx}`,
      );
      if (m.errors + m.non2xx > 0) ok = false;
    }
    const [, , , list, detail, admin, menu, rawList, rawDetail, rawAdmin] = measures as Measure[] as [
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
      Measure,
    ];
    const sizes = await menuSizes(menuUrl);
    console.log(
      `GET /m/{slug} page size (HTML with its CSS, before pictures): ${sizes.identity} raw, ${sizes.gzip} gzip, ${sizes.br} br`,
    );
    const stopList = await stopListTimes(ready, 40);
    console.log(
      `POST /api/manager/stop-list (200 products, stop/resume alternating, 40 calls): median ${stopList.median.toFixed(1)} ms, p90 ${stopList.p90.toFixed(1)} ms, max ${stopList.max.toFixed(1)} ms`,
    );
    const checks: [string, boolean][] = [
      ['list >= 25% of bare, p99 < 25 ms', list.rps >= 0.25 * bare.rps && list.p99 < 25],
      ['detail >= 25% of bare, p99 < 25 ms', detail.rps >= 0.25 * bare.rps && detail.p99 < 25],
      ['list without the cache, same targets', rawList.rps >= 0.25 * bare.rps && rawList.p99 < 25],
      ['detail without the cache, same targets', rawDetail.rps >= 0.25 * bare.rps && rawDetail.p99 < 25],
      ['1,000-restaurant list p99 < 100 ms', admin.p99 < 100],
      ['1,000-restaurant list without the cache, same target', rawAdmin.p99 < 100],
      ['200-product stop-list < 50 ms (median)', stopList.median < 50],
      [
        'public menu (1,000 products) >= 25% of bare, p99 < 25 ms',
        menu.rps >= 0.25 * bare.rps && menu.p99 < 25,
      ],
      ['public menu >= 25% of the bare route sending its bytes', menu.rps >= 0.25 * bareMenu.rps],
    ];
    for (const [label, pass] of checks) console.log(`  ${pass ? 'PASS' : 'MISS'}  ${label}`);
  } finally {
    await stop();
  }
  return ok;
}

/** Inserts, updates and 200-product stop-list transactions from every connection at once. */
async function writeLoads(ready: Ready): Promise<Measure[]> {
  const asManager = { authorization: `Bearer ${ready.managerToken}` };
  const write = (name: string, next: Writes['next']) =>
    load(name, `${ready.appUrl}/api`, asManager, CONNECTIONS, false, { next });
  const ids = ready.stopListIds;
  const measures = [
    await write('POST /api/manager/products (insert)', (n) => ({
      method: 'POST',
      path: '/api/manager/products',
      body: { name: `Yangi ${n}`, category_id: ready.stopListCategoryId, price: 1000 + n, is_active: true },
    })),
    await write('PUT /api/manager/products/{id} (update)', (n) => ({
      method: 'PUT',
      path: `/api/manager/products/${ids[n % ids.length]}`,
      body: { price: 2000 + n },
    })),
    // about half of these change the 200 rows: a stop right after a stop finds nothing to change
    await write('POST /api/manager/stop-list (200, stop/resume)', (n) => ({
      method: 'POST',
      path: '/api/manager/stop-list',
      body: { product_ids: ids, action: n % 2 === 0 ? 'stop' : 'resume' },
    })),
  ];
  // every product back in the menu, as the serial stop-list timing expects
  const res = await fetch(`${ready.appUrl}/api/manager/stop-list`, {
    method: 'POST',
    headers: { ...asManager, 'content-type': 'application/json' },
    body: JSON.stringify({ product_ids: ids, action: 'resume' }),
  });
  if (res.status !== 200) throw new Error(`resume after the write load: ${res.status}`);
  return measures;
}

async function main(): Promise<void> {
  let ok = await run(undefined, 'better-sqlite3');
  if (process.env.BENCH_NODE_SQLITE === '1') ok = (await run(undefined, 'node:sqlite')) && ok;
  const pg = process.env.BENCH_DATABASE_URL?.trim();
  if (pg) ok = (await run(pg, 'pg')) && ok;
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to measure it too)');
  if (!ok) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
