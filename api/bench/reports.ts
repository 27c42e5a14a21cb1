/**
 * `pnpm bench:reports` (the API's half; the root script adds the page's): «Hisobot» on a year of a
 * busy restaurant (docs/REPORTS.md, docs/BENCHMARKS.md), on SQLite and, when BENCH_DATABASE_URL
 * (else TEST_DATABASE_URL) names a PostgreSQL server, on a fresh database there (dropped after).
 *
 * - The year: `seedYear` of test/reports-year.ts, 100,000 orders over 365 days, 80 dishes, Payme,
 *   Click and the table (`--orders N` for another size), its days built once as their changes
 *   would have built them; the time of the writes and of the build is printed.
 * - The check: every report of the year equals a direct count over the raw rows (printed; a
 *   mismatch exits 1, as a test would fail).
 * - The timings: the API served by this process on 127.0.0.1 (the built app: the same routes,
 *   hooks and serializers), each report and the admin's side by side, for 7 days, 30 days and the
 *   year, `--runs` requests each (default 30), one at a time, uncached (the reports have no answer
 *   cache). Before every request today's day is marked, as an order just placed marks it, so each
 *   answer pays for building today again. p50 and p95 of each; the target is p95 <= 150 ms.
 * Prints figures, the date and the machine's load; it asserts no timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { now } from '../src/db';
import { newRestaurantRow } from '../src/services/restaurants/rows';
import { addDays, dayOf } from '../src/visits/day';
import { freshDatabase } from '../test/cluster/harness';
import { signToken } from '../test/helpers';
import { directCounts, seedYear } from '../test/reports-year';
import { insertBenchManager } from './server';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ORDERS = flag('orders', 100_000);
const RUNS = flag('runs', 30);
const TARGET_P95_MS = 150;
const REPORTS = ['takings', 'dishes', 'times', 'guests', 'rejections'] as const;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface Row {
  database: string;
  report: string;
  period: string;
  p50: number;
  p95: number;
}

async function run(database: 'SQLite' | 'PostgreSQL', databaseUrl?: string): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-reports-'));
  const fresh = databaseUrl ? await freshDatabase(databaseUrl) : undefined;
  const app = await buildApp({
    dataDir,
    databaseUrl: fresh?.url,
    jwtSecret: 'bench-reports-secret-bench-reports-secret',
    adminLogin: 'admin',
    adminPassword: 'bench-reports-admin-1',
    logger: false,
    posSchedule: false,
    visits: { enabled: false },
    nightlyStatements: { enabled: false },
  });
  try {
    await app.ready();
    const at = now();
    const managerId = await insertBenchManager(app.db, at);
    const restaurant = newRestaurantRow(
      {
        name: 'Bench Restoran',
        slug: 'bench-restoran',
        address: 'Toshkent',
        phone_number: '+998900000000',
        work_time: '10:00-23:00',
        manager_id: managerId,
      },
      at,
    );
    const restaurantId = restaurant.id;
    await app.db.insertInto('restaurants').values(restaurant).execute();
    const today = dayOf();
    const started = performance.now();
    const year = await seedYear(app, {
      seed: 43,
      orders: ORDERS,
      days: 365,
      dishes: 80,
      lastDay: today,
      restaurantId,
    });
    const seededMs = performance.now() - started;
    console.log(
      `${database}: ${ORDERS} orders over 365 days written and every day built in ${(seededMs / 1000).toFixed(1)} s`,
    );

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const token = signToken({ app, db: app.db, dataDir, close: async () => {} }, managerId);
    const adminRow = await app.repos.users.findByLogin('admin');
    const adminToken = signToken({ app, db: app.db, dataDir, close: async () => {} }, adminRow!.id);
    const get = async (path: string, bearer = token) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ data: Record<string, unknown> }>;
    };

    // the year's figures against a direct count over the raw rows
    const direct = await directCounts(app.db, restaurantId, year.from, year.to);
    const takings = (await get(`/manager/reports/takings?from=${year.from}&to=${year.to}`)).data as {
      totals: {
        orders: number;
        paid: number;
        unpaid: number;
        rejected: number;
        by_method: Record<string, { amount: number }>;
      };
    };
    const dishes = (await get(`/manager/reports/dishes?from=${year.from}&to=${year.to}`)).data as {
      dishes: { product_id: string; quantity: number; revenue: number }[];
    };
    const times = (await get(`/manager/reports/times?from=${year.from}&to=${year.to}`)).data as {
      heat: number[][];
      totals: { accept: unknown; ready: unknown };
    };
    const faults: string[] = [];
    const same = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b))
        faults.push(`${what}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
    };
    same('orders', takings.totals.orders, direct.takings.orders);
    same('paid', takings.totals.paid, direct.takings.paid);
    same('unpaid', takings.totals.unpaid, direct.takings.unpaid);
    same('rejected', takings.totals.rejected, direct.takings.rejected);
    for (const m of ['payme', 'click', 'table'] as const)
      same(m, takings.totals.by_method[m]?.amount, direct.takings[m]);
    for (const d of dishes.dishes)
      same(
        `dish ${d.product_id}`,
        [d.quantity, d.revenue],
        [direct.dishes.get(d.product_id)?.quantity, direct.dishes.get(d.product_id)?.revenue],
      );
    same('dishes', dishes.dishes.length, direct.dishes.size);
    same('heat', times.heat, direct.heat);
    same('times', times.totals, { accept: direct.accept, ready: direct.ready });
    console.log(
      `${database}: the year's figures equal a direct count over the raw rows: ${faults.length === 0 ? 'yes' : `NO\n  ${faults.slice(0, 10).join('\n  ')}`}`,
    );
    if (faults.length > 0) process.exitCode = 1;

    const periods = [
      ['7 days', addDays(today, -6), today],
      ['30 days', addDays(today, -29), today],
      ['365 days', year.from, today],
    ] as const;
    const rows: Row[] = [];
    const measure = async (report: string, period: string, path: string, bearer?: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        // an order just placed: today's figures are built again by the read
        await app.transaction(async (_tx, trx) => trx.reports.markDirty(restaurantId, [today]));
        const t0 = performance.now();
        await get(path, bearer);
        if (i >= 2) times.push(performance.now() - t0); // two warm-ups: the first calls compile
      }
      rows.push({ database, report, period, p50: pct(times, 50), p95: pct(times, 95) });
    };
    for (const [period, from, to] of periods) {
      for (const report of REPORTS)
        await measure(report, period, `/manager/reports/${report}?from=${from}&to=${to}`);
      await measure(
        'restaurants (admin)',
        period,
        `/admin/reports/restaurants?from=${from}&to=${to}`,
        adminToken,
      );
    }
    return rows;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

async function main() {
  const rows = await run('SQLite');
  const pg = (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)?.trim();
  if (pg) rows.push(...(await run('PostgreSQL', pg)));
  else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to measure it too)');
  console.log(
    `\nbench:reports ${new Date().toISOString()} · ${cpus().length} cores · load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} · ${ORDERS} orders, ${RUNS} requests a figure, today rebuilt before each`,
  );
  console.log('| database | report | period | p50 | p95 | p95 <= 150 ms |');
  console.log('| --- | --- | --- | ---: | ---: | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.report} | ${r.period} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p95 <= TARGET_P95_MS ? 'yes' : 'NO'} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
