/**
 * `pnpm bench:cluster`: the API behind a real HAProxy on one PostgreSQL database
 * (BENCH_DATABASE_URL, else TEST_DATABASE_URL; a fresh database is made and dropped).
 * Runs the build (`api/dist/server.js`, NODE_ENV=production) when there is one, else the sources.
 *
 * 1. 100 restaurants of 10 products each; the guests' page (`/m/<slug>`, a random restaurant per
 *    request) and the product list through HAProxy with 2 servers, then with 1 (the other
 *    stopped; the balancer notices through its readiness check), in one run.
 * 2. A write's visibility on the other server (answers cached for a minute: only the
 *    LISTEN/NOTIFY notice can make them fresh): 20 writes, the time until the other server shows
 *    each.
 * 3. The guests' pages of the 100 restaurants under load, without and with one manager editing a
 *    product of restaurant 1 every second: with invalidation scoped to the written restaurant,
 *    the others' cached pages stay and the throughput holds.
 */
import autocannon from 'autocannon';
import { CLUSTER_ADMIN, findHaproxy, startCluster } from '../test/cluster/harness';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RESTAURANTS = 100;
const PRODUCTS = 10;

const databaseUrl = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)?.trim();
const haproxy = findHaproxy();
if (!databaseUrl || !haproxy) {
  console.log(
    `bench:cluster skipped: ${!haproxy ? 'HAProxy is not installed' : 'set BENCH_DATABASE_URL (a PostgreSQL URL)'}`,
  );
  process.exit(0);
}

async function json(url: string, method: string, token: string | undefined, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, base: string, paths: string[]): Promise<Measure> {
  let n = 0;
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': 'br' },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length]! }) }],
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const { existsSync } = await import('node:fs');
const entry = existsSync(new URL('../dist/server.js', import.meta.url)) ? 'dist' : 'src';
console.log(
  `bench:cluster: ${entry === 'dist' ? 'api/dist/server.js' : 'api/src (no build found)'}, HAProxy ${haproxy}`,
);
const cluster = await startCluster(haproxy, {
  size: 2,
  entry,
  databaseUrl,
  env: { NODE_ENV: 'production', PUBLIC_CACHE_TTL_MS: '60000' },
});
const results: Measure[] = [];
try {
  const [one, two] = cluster.servers as [(typeof cluster.servers)[0], (typeof cluster.servers)[0]];
  const lb = cluster.balancer.url;
  const token = (
    (await json(`${one.url}/api/auth/login`, 'POST', undefined, CLUSTER_ADMIN)) as {
      data: { accessToken: string };
    }
  ).data.accessToken;

  // ---- seed
  const restaurants: { id: string; slug: string; category: string; product: string }[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < RESTAURANTS; i++) {
    const r = (await json(`${one.url}/api/admin/restaurants/create`, 'POST', token, {
      name: `Restoran ${i + 1}`,
      slug: `bench-${stamp}-${i + 1}`,
      address: 'Toshkent',
      phone_number: '+998901234567',
      work_time: '09:00-23:00',
    })) as { data: { _id: string; slug: string } };
    const c = (await json(`${one.url}/api/manager/category/create`, 'POST', token, {
      title: 'Taomlar',
      restaurant_id: r.data._id,
    })) as { data: { _id: string } };
    let product = '';
    for (let p = 0; p < PRODUCTS; p++) {
      const made = (await json(`${one.url}/api/manager/products`, 'POST', token, {
        name: `Taom ${p + 1}`,
        description: 'Mol go‘shti, guruch, sabzi',
        category_id: c.data._id,
        price: 25_000 + p * 1000,
      })) as { data: { id: string } };
      product ||= made.data.id;
    }
    restaurants.push({ id: r.data._id, slug: r.data.slug, category: c.data._id, product });
  }
  const pages = restaurants.map((r) => `/m/${r.slug}`);
  const lists = restaurants.map((r) => `/api/user/products/?restaurant_id=${r.id}`);
  /** Every page and list read once on each running server: the runs compare warm caches. */
  const warm = async () => {
    for (const s of cluster.servers) {
      if (s.child.exitCode !== null) continue;
      for (const path of [...pages, ...lists]) await fetch(`${s.url}${path}`).then((r) => r.arrayBuffer());
    }
  };
  await warm();

  // ---- 2 servers vs 1 through the balancer
  results.push(await load('guests’ page via HAProxy, 2 servers', lb, pages));
  results.push(await load('product list via HAProxy, 2 servers', lb, lists));
  await two.stop();
  // the balancer's check (300 ms × 3) takes it out; redispatch covers the moment before
  await new Promise((r) => setTimeout(r, 1500));
  results.push(await load('guests’ page via HAProxy, 1 server', lb, pages));
  results.push(await load('product list via HAProxy, 1 server', lb, lists));
  await cluster.restart(1);
  const [, again] = cluster.servers as [typeof one, typeof one];
  await warm();

  // ---- write visibility on the other server
  const target = restaurants[0]!;
  const list = `/api/user/products/?restaurant_id=${target.id}`;
  const names = async (base: string) =>
    (
      (await json(`${base}${list}`, 'GET', undefined)) as { data: { products: { name: string }[] } }
    ).data.products.map((p) => p.name);
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    await names(again.url);
    const name = `Yangi ${i}`;
    await json(`${one.url}/api/manager/products/${target.product}`, 'PUT', token, { name });
    const written = performance.now();
    while (!(await names(again.url)).includes(name)) {
      if (performance.now() - written > 5000)
        throw new Error('a write did not show on the other server in 5 s');
    }
    latencies.push(performance.now() - written);
  }
  latencies.sort((a, b) => a - b);

  // ---- others' cached pages under one manager's edits
  await new Promise((r) => setTimeout(r, 500));
  results.push(await load('guests’ pages of 100 restaurants, no writes', lb, pages));
  let edits = 0;
  const editor = setInterval(() => {
    edits++;
    void json(`${one.url}/api/manager/products/${target.product}`, 'PUT', token, { name: `Tahrir ${edits}` });
  }, 1000);
  results.push(await load('guests’ pages of 100 restaurants, an edit every second', lb, pages));
  clearInterval(editor);

  console.log(
    '\n| run | req/s | p50 ms | p99 ms | errors | non-2xx |\n| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const m of results) {
    console.log(`| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors} | ${m.non2xx} |`);
  }
  const ratio = (a: number, b: number) => (results[a]!.rps / results[b]!.rps).toFixed(2);
  console.log(`\n2 servers / 1 server: guests' page ${ratio(0, 2)}x, product list ${ratio(1, 3)}x`);
  console.log(
    `write visible on the other server: median ${latencies[10]!.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (20 writes)`,
  );
  console.log(`an edit every second (${edits} edits): ${ratio(5, 4)}x the throughput without writes`);
} finally {
  await cluster.stop();
}
