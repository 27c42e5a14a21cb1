/**
 * What bench:api measures, written once for its two callers: bench.ts (the app of this tree, run
 * in a child process on a fresh database) and compare.ts (the built servers of two checkouts side
 * by side, `pnpm bench:compare`). Each scenario has a key (`--only` selects by it; the JSON output
 * is keyed by it), says whether it runs with the answer cache on or off, and measures one figure
 * against a seeded server (`Target`): a load of autocannon (req/s, p50 and p99 latency) or, for
 * the stop-list's serial timing, the median of 40 calls one after another.
 */
import autocannon, { type Result } from 'autocannon';

export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** A seeded server and the bare route beside it: ids and tokens the scenarios use. */
export interface Target {
  appUrl: string;
  bareUrl: string;
  restaurantId: string;
  categoryId: string;
  productId: string;
  /** 200 products of the manager's restaurant */
  stopListIds: string[];
  /** a category of the manager's restaurant (where the write bench inserts products) */
  stopListCategoryId: string;
  adminToken: string;
  managerToken: string;
  /** The restaurant with the big public menu (BIG_MENU). */
  menuSlug: string;
}

/** A load's figures: answers a second, latency percentiles in ms, failed answers. */
export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Calls timed one after another: the median, p90 and slowest, in ms. */
export interface Serial {
  median: number;
  p90: number;
  max: number;
}

export type Figure = Measure | Serial;

export const isMeasure = (f: Figure): f is Measure => 'rps' in f;

/** A write under load: each request gets its method, path and JSON body from `next(n)`. */
interface Writes {
  next(n: number): { method: 'POST' | 'PUT'; path: string; body: unknown };
}

async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
  writes?: Writes,
): Promise<Measure> {
  let n = 0;
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
  return measureOf(result);
}

/** An autocannon run's figures as the bench reports them. */
export function measureOf(result: Result): Measure {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The 200-product stop-list, `calls` times one after another (stop and resume in turn). */
async function stopListTimes(t: Target, calls: number): Promise<Serial> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const action = i % 2 === 0 ? 'stop' : 'resume';
    const t0 = performance.now();
    const res = await fetch(`${t.appUrl}/api/manager/stop-list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.managerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product_ids: t.stopListIds, action }),
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
export async function menuSizes(url: string): Promise<Record<'identity' | 'gzip' | 'br', string>> {
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

export const urls = (t: Target) => ({
  list: `${t.appUrl}/api/user/products/?restaurant_id=${t.restaurantId}&category_id=${t.categoryId}`,
  detail: `${t.appUrl}/api/user/products/${t.productId}`,
  admin: `${t.appUrl}/api/admin/restaurants`,
  /** what the back office's table asks for: its first page of 10, with the counters of all */
  adminPage: `${t.appUrl}/api/admin/restaurants?limit=10&page=1`,
  menu: `${t.appUrl}/m/${t.menuSlug}`,
});

const asAdmin = (t: Target) => ({ authorization: `Bearer ${t.adminToken}` });
const asManager = (t: Target) => ({ authorization: `Bearer ${t.managerToken}` });
const asPhone = { 'accept-encoding': 'gzip, deflate, br' };

const write = (t: Target, next: Writes['next']) =>
  load(`${t.appUrl}/api`, asManager(t), CONNECTIONS, { next });

export interface Scenario {
  key: string;
  name: string;
  /** measured with the answer cache on (as deployed) or off (every answer computed) */
  cache: 'on' | 'off';
  run(t: Target): Promise<Figure>;
}

/**
 * Every figure, in the order they are measured: the reads with the cache on, then with it off,
 * then the writes (inserts, updates, 200-product stop-lists under load; every product is back in
 * the menu afterwards), then the stop-list's serial timing. The bare route sending the menu
 * page's bytes needs the in-process server (bench.ts) and is not a scenario of this list.
 */
export const SCENARIOS: Scenario[] = [
  { key: 'bare', name: 'bare Fastify route', cache: 'on', run: (t) => load(`${t.bareUrl}/bare`) },
  {
    key: 'health',
    name: 'GET /api/health (the app with all its plugins, no DB)',
    cache: 'on',
    run: (t) => load(`${t.appUrl}/api/health`),
  },
  {
    key: 'list',
    name: 'GET /api/user/products/?restaurant_id&category_id (20)',
    cache: 'on',
    run: (t) => load(urls(t).list),
  },
  {
    key: 'detail',
    name: 'GET /api/user/products/{id} (2 options x 3 rows)',
    cache: 'on',
    run: (t) => load(urls(t).detail),
  },
  {
    key: 'admin',
    name: 'GET /api/admin/restaurants (1,000, admin)',
    cache: 'on',
    run: (t) => load(urls(t).admin, asAdmin(t)),
  },
  {
    key: 'menu',
    name: 'GET /m/{slug} (40 categories, 1,000 products, br)',
    cache: 'on',
    run: (t) => load(urls(t).menu, asPhone),
  },
  { key: 'listRaw', name: '  the same list, answer cache off', cache: 'off', run: (t) => load(urls(t).list) },
  {
    key: 'detailRaw',
    name: '  the same detail, answer cache off',
    cache: 'off',
    run: (t) => load(urls(t).detail),
  },
  {
    key: 'adminRaw',
    name: '  the 1,000 restaurants, answer cache off',
    cache: 'off',
    run: (t) => load(urls(t).admin, asAdmin(t)),
  },
  {
    key: 'adminPageRaw',
    name: "  the admin's table: a page of 10 of the 1,000 (as it asks), answer cache off",
    cache: 'off',
    run: (t) => load(urls(t).adminPage, asAdmin(t)),
  },
  {
    key: 'adminPageRaw5',
    name: "  the admin's table, a page of 10, answer cache off, 5 connections (a few admins paging at once)",
    cache: 'off',
    run: (t) => load(urls(t).adminPage, asAdmin(t), 5),
  },
  {
    key: 'adminRaw1',
    name: '  the 1,000 restaurants, answer cache off, 1 connection',
    cache: 'off',
    run: (t) => load(urls(t).admin, asAdmin(t), 1),
  },
  {
    key: 'menuRaw',
    name: '  the public menu, answer cache off',
    cache: 'off',
    run: (t) => load(urls(t).menu, asPhone),
  },
  {
    key: 'menuRaw1',
    name: '  the public menu, answer cache off, 1 connection',
    cache: 'off',
    run: (t) => load(urls(t).menu, asPhone, 1),
  },
  {
    key: 'insert',
    name: 'POST /api/manager/products (insert)',
    cache: 'off',
    run: (t) =>
      write(t, (n) => ({
        method: 'POST',
        path: '/api/manager/products',
        body: { name: `Yangi ${n}`, category_id: t.stopListCategoryId, price: 1000 + n, is_active: true },
      })),
  },
  {
    key: 'update',
    name: 'PUT /api/manager/products/{id} (update)',
    cache: 'off',
    run: (t) =>
      write(t, (n) => ({
        method: 'PUT',
        path: `/api/manager/products/${t.stopListIds[n % t.stopListIds.length]}`,
        body: { price: 2000 + n },
      })),
  },
  {
    key: 'stopList',
    name: 'POST /api/manager/stop-list (200, stop/resume)',
    cache: 'off',
    run: async (t) => {
      // about half of these change the 200 rows: a stop right after a stop finds nothing to change
      const measure = await write(t, (n) => ({
        method: 'POST',
        path: '/api/manager/stop-list',
        body: { product_ids: t.stopListIds, action: n % 2 === 0 ? 'stop' : 'resume' },
      }));
      // every product back in the menu, as the serial timing expects
      const res = await fetch(`${t.appUrl}/api/manager/stop-list`, {
        method: 'POST',
        headers: { ...asManager(t), 'content-type': 'application/json' },
        body: JSON.stringify({ product_ids: t.stopListIds, action: 'resume' }),
      });
      if (res.status !== 200) throw new Error(`resume after the write load: ${res.status}`);
      return measure;
    },
  },
  {
    key: 'stopListSerial',
    name: 'POST /api/manager/stop-list (200 products, 40 calls one after another)',
    cache: 'off',
    run: (t) => stopListTimes(t, 40),
  },
];

/** The scenarios named in `--only a,b,c` (all without it); an unknown key is an error. */
export function selectScenarios(only: string | undefined): Scenario[] {
  if (!only) return SCENARIOS;
  const keys = only.split(',').map((k) => k.trim());
  const unknown = keys.filter((k) => !SCENARIOS.some((s) => s.key === k));
  if (unknown.length) {
    throw new Error(
      `unknown scenario ${unknown.join(', ')}; the keys: ${SCENARIOS.map((s) => s.key).join(', ')}`,
    );
  }
  return SCENARIOS.filter((s) => keys.includes(s.key));
}

/** A warm-up (JIT, statement caches): a second of reads of a product's detail. */
export async function warmUp(t: Target): Promise<void> {
  await autocannon({ url: urls(t).detail, connections: 10, duration: 1 });
}

/** `--name value` or `--name=value` from argv. */
export function flag(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const arg = argv[i]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
}
