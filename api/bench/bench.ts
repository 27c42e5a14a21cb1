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
 * `--only list,detail,...` measures only those figures (the keys of bench/scenarios.ts), and
 * `--json <file>` writes every figure there as well (req/s, p50 and p99 ms; the stop-list's serial
 * timing in ms). `pnpm bench:compare <ref>` runs the same scenarios against two built servers.
 *
 * Targets: product list and detail >= 25 % of the bare route's req/s with p99 < 25 ms;
 * the 1,000-restaurant admin list p99 < 100 ms; a 200-product stop-list call < 50 ms; the
 * public menu, cached, >= 25 % of the bare route with p99 < 25 ms.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  CONNECTIONS,
  DURATION,
  type Figure,
  flag,
  isMeasure,
  type Measure,
  measureOf,
  menuSizes,
  type Scenario,
  type Serial,
  selectScenarios,
  urls,
  warmUp,
} from './scenarios';
import type { Ready } from './server';

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

/** The bare route sending the menu page's bytes (only the in-process server has that route). */
async function bareMenu(ready: Ready): Promise<Measure> {
  const result = await autocannon({
    url: `${ready.bareUrl}/bare-menu`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return measureOf(result);
}

interface Run {
  dialect: string;
  driver: Driver;
  figures: Record<string, Figure>;
  menuSizes?: Record<string, string>;
  ok: boolean;
}

async function run(databaseUrl: string | undefined, driver: Driver, scenarios: Scenario[]): Promise<Run> {
  const { ready, stop, setCacheTtl } = await startServer(databaseUrl, driver);
  const fmt = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `\n== ${ready.dialect} (${driver}): seeded 1,000 restaurants, 20,000 products (+ a 1,000-product menu) in ${(ready.seedMs / 1000).toFixed(1)} s`,
  );
  const figures: Record<string, Figure> = {};
  const names: Record<string, string> = {};
  let ok = true;
  let sizes: Record<string, string> | undefined;
  try {
    await warmUp(ready);
    let cacheOn = true;
    for (const s of scenarios) {
      // the scenarios with the cache on come first: once off, it stays off
      if (s.cache === 'off' && cacheOn) {
        await setCacheTtl(0);
        cacheOn = false;
      }
      figures[s.key] = await s.run(ready);
      names[s.key] = s.name;
      // the bare route sending the menu's bytes, right after the bare route (as before)
      if (s.key === 'bare') {
        figures.bareMenu = await bareMenu(ready);
        names.bareMenu = 'bare Fastify route sending the menu page (the same br bytes)';
      }
    }
    const bare = figures.bare as Measure | undefined;
    console.log(`${'route'.padEnd(60)}    req/s   p50 ms   p99 ms  x bare  errors`);
    for (const [key, m] of Object.entries(figures)) {
      if (!isMeasure(m)) continue;
      const ratio = bare ? `${((m.rps / bare.rps) * 100).toFixed(0)}%`.padStart(7) : '      -';
      console.log(
        `${(names[key] ?? key).padEnd(60)}${fmt(m.rps)} ${fmt(m.p50)} ${fmt(m.p99)} ${ratio}  ${m.errors + m.non2xx}`,
      );
      if (m.errors + m.non2xx > 0) ok = false;
    }
    if (figures.menu || figures.menuRaw) {
      sizes = await menuSizes(urls(ready).menu);
      console.log(
        `GET /m/{slug} page size (HTML with its CSS, before pictures): ${sizes.identity} raw, ${sizes.gzip} gzip, ${sizes.br} br`,
      );
    }
    const serial = figures.stopListSerial as Serial | undefined;
    if (serial)
      console.log(
        `POST /api/manager/stop-list (200 products, stop/resume alternating, 40 calls): median ${serial.median.toFixed(1)} ms, p90 ${serial.p90.toFixed(1)} ms, max ${serial.max.toFixed(1)} ms`,
      );
    for (const [label, pass] of checks(figures)) console.log(`  ${pass ? 'PASS' : 'MISS'}  ${label}`);
  } finally {
    await stop();
  }
  return { dialect: ready.dialect, driver, figures, ...(sizes ? { menuSizes: sizes } : {}), ok };
}

/** The targets, each checked when its figures were measured. */
function checks(f: Record<string, Figure>): [string, boolean][] {
  const m = (key: string) => f[key] as Measure | undefined;
  const bare = m('bare');
  const share = (key: string) => {
    const x = m(key);
    return bare && x ? x.rps >= 0.25 * bare.rps && x.p99 < 25 : undefined;
  };
  const out: [string, boolean | undefined][] = [
    ['list >= 25% of bare, p99 < 25 ms', share('list')],
    ['detail >= 25% of bare, p99 < 25 ms', share('detail')],
    ['list without the cache, same targets', share('listRaw')],
    ['detail without the cache, same targets', share('detailRaw')],
    ['1,000-restaurant list p99 < 100 ms', m('admin') && m('admin')!.p99 < 100],
    ['1,000-restaurant list without the cache, same target', m('adminRaw') && m('adminRaw')!.p99 < 100],
    [
      "the admin's table (a page of 10 of 1,000) without the cache, same target",
      m('adminPageRaw') && m('adminPageRaw')!.p99 < 100,
    ],
    ['200-product stop-list < 50 ms (median)', f.stopListSerial && (f.stopListSerial as Serial).median < 50],
    ['public menu (1,000 products) >= 25% of bare, p99 < 25 ms', share('menu')],
    [
      'public menu >= 25% of the bare route sending its bytes',
      m('menu') && m('bareMenu') ? m('menu')!.rps >= 0.25 * m('bareMenu')!.rps : undefined,
    ],
  ];
  return out.filter((c): c is [string, boolean] => c[1] !== undefined);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const scenarios = selectScenarios(flag(argv, 'only'));
  const json = flag(argv, 'json');
  const runs = [await run(undefined, 'better-sqlite3', scenarios)];
  if (process.env.BENCH_NODE_SQLITE === '1') runs.push(await run(undefined, 'node:sqlite', scenarios));
  const pg = process.env.BENCH_DATABASE_URL?.trim();
  if (pg) runs.push(await run(pg, 'pg', scenarios));
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to measure it too)');
  // INIT_CWD: where `pnpm bench:api` was typed (pnpm runs this in api/)
  if (json)
    writeFileSync(resolve(process.env.INIT_CWD ?? '.', json), `${JSON.stringify({ runs }, null, 2)}\n`);
  if (runs.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
