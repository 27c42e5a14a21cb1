/**
 * `pnpm bench:orders [--seconds N]`: "a Friday evening" of guests' orders (docs/ORDERS.md) on
 * this machine, on SQLite and, when DATABASE_URL is set, on PostgreSQL (a fresh database beside
 * it, dropped after). One API server (the sources through tsx, NODE_ENV=production) on
 * 127.0.0.1; this process plays everyone else:
 * - 300 guests, each holding its latest order's live stream open (`/api/public/orders/{id}/events`);
 * - 2 orders a second for `--seconds` (default 300), each from a random guest at one of 60
 *   tables (a guest's own address as X-Forwarded-For; the server trusts loopback), 5 % of them
 *   sent twice at once (a double tap: one order);
 * - the staff on 3 boards (staff streams); the first board accepts each order as it arrives.
 * It prints order-create p50/p99, the time from create to arrival on the boards (every board's
 * every order) and from the accept to its arrival on the guest's stream (median, p99), lost and
 * doubled orders, and the cached menu page's throughput (autocannon, 20 connections, 5 s, in a
 * process of its own) without the load (the mean of a run before it and one after it) and with
 * it (the mean of two runs during it). Targets: create p99 < 150 ms, board arrival median < 1 s,
 * menu throughput during the load within 10 % of before (docs/BENCHMARKS.md).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, freshDatabase, startApi } from '../test/cluster/harness';
import { cart, type HttpOrderWorld, httpOrderWorld, postOrder } from '../test/orders-http-world';
import { openSse, type SseStream } from '../test/sse-client';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = flag('seconds', 300);
const GUESTS = flag('guests', 300);
const RATE = flag('rate', 2);
const BOARDS = 3;
const TABLES = 60;
const MENU_SECONDS = 5;
const ADMIN = { login: 'admin', password: 'bench-orders-admin-1' };

const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** A guest's phone: an address of the benchmarking range, sent as X-Forwarded-For only. */
const guestAddress = (g: number) => `198.18.${Math.floor(g / 250)}.${(g % 250) + 1}`;

/** autocannon on the menu page, in a process of its own (this one is busy being 300 guests). */
async function menuRps(base: string, slug: string): Promise<number> {
  const child = fork(fileURLToPath(import.meta.url), ['--menu', `${base}/m/${slug}`], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('exit', (code) => code !== 0 && reject(new Error(`menu load exited with ${code}`)));
  });
}

async function menuLoad(url: string): Promise<void> {
  const result = await autocannon({
    url,
    connections: 20,
    duration: MENU_SECONDS,
    headers: { 'accept-encoding': 'br' },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`menu page: ${result.non2xx} non-2xx, ${result.errors} errors`);
  process.send?.(result.requests.average);
}

interface Figures {
  database: string;
  orders: number;
  createP50: number;
  createP99: number;
  boardMedian: number;
  boardP99: number;
  guestMedian: number;
  guestP99: number;
  lost: number;
  doubled: number;
  menuBefore: number;
  menuDuring: number;
}

async function evening(database: string, databaseUrl: string | undefined): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-orders-'));
  const fresh = databaseUrl ? await freshDatabase(databaseUrl) : undefined;
  const server = await startApi({
    name: 'api',
    entry: 'src',
    port: await freePort(),
    dataDir,
    env: {
      NODE_ENV: 'production',
      TRUST_PROXY: 'loopback',
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      // the bench's own DATABASE_URL names PostgreSQL's base: the SQLite run must not inherit it
      DATABASE_URL: fresh?.url ?? '',
      // 2 a second is the per-restaurant limit's default: the bench measures the server, so its
      // random bursts above it are not refused
      ORDER_RATE_LIMIT_PER_RESTAURANT: '100000',
    },
  });
  const streams: SseStream[] = [];
  try {
    const base = server.url;
    const world: HttpOrderWorld = await httpOrderWorld(base, ADMIN, TABLES, 8);
    await menuRps(base, world.slug); // warm up
    const menuBefore = await menuRps(base, world.slug);

    const created = new Map<string, number>(); // order id -> when its create was sent
    const createMs: number[] = [];
    const boardMs: number[] = [];
    const guestMs: number[] = [];
    const acceptedAt = new Map<string, number>();
    const seenOnBoard = Array.from({ length: BOARDS }, () => new Map<string, number>());
    const made = new Set<string>();
    let doubledAnswers = 0;
    let failures = 0;

    // the staff's boards; the first accepts what arrives
    const auth = { authorization: `Bearer ${world.managerToken}` };
    for (let b = 0; b < BOARDS; b++) {
      const board = await openSse(`${base}/api/manager/orders/events`, auth);
      streams.push(board);
      board.onEvent = (e) => {
        if (e.event !== 'order') return;
        const order = e.data as { _id: string; status: string };
        if (order.status !== 'sent') return;
        const seen = seenOnBoard[b]!;
        seen.set(order._id, (seen.get(order._id) ?? 0) + 1);
        const sentAt = created.get(order._id);
        if (sentAt !== undefined && seen.get(order._id) === 1) boardMs.push(e.at - sentAt);
        if (b === 0 && sentAt !== undefined) {
          acceptedAt.set(order._id, performance.now());
          void fetch(`${base}/api/manager/orders/${order._id}/status`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'accepted' }),
          }).then((r) => r.arrayBuffer());
        }
      };
      await board.next((e) => e.event === 'ready');
    }

    // a guest follows its order; the accept's arrival is timed
    const guests: (SseStream | null)[] = Array.from({ length: GUESTS }, () => null);
    const follow = async (g: number, order: { _id: string; key: string }) => {
      // from the guest's own address: the server caps a guests' streams per address
      const stream = await openSse(`${base}/api/public/orders/${order._id}/events?key=${order.key}`, {
        'x-forwarded-for': guestAddress(g),
      });
      stream.onEvent = (e) => {
        const o = e.data as { _id?: string; status?: string };
        const from = acceptedAt.get(order._id);
        if (e.event === 'order' && o.status === 'accepted' && from !== undefined) {
          guestMs.push(e.at - from);
          acceptedAt.delete(order._id);
        }
      };
      guests[g]?.close();
      guests[g] = stream;
    };

    const place = async (g: number, n: number, timed: boolean) => {
      const body = cart(world, n % TABLES, n);
      const double = n % 20 === 7;
      const t0 = performance.now();
      const sends = double
        ? [postOrder(base, body, guestAddress(g)), postOrder(base, body, guestAddress(g))]
        : [postOrder(base, body, guestAddress(g))];
      const first = await sends[0]!;
      const took = performance.now() - t0;
      const answers = await Promise.all(sends);
      if (answers.some((a) => a.status !== 200 && a.status !== 201)) {
        failures++;
        return;
      }
      const order = first.body.data!;
      if (double && answers[1]!.body.data!._id !== order._id) doubledAnswers++;
      if (!made.has(order._id)) created.set(order._id, t0);
      made.add(order._id);
      if (timed) createMs.push(took);
      await follow(g, order);
    };

    // every guest has an order and holds its stream (spread over some seconds, as they sit down)
    for (let g = 0; g < GUESTS; g += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, GUESTS - g) }, (_, k) => place(g + k, g + k, false)),
      );
    }
    // the warm-up's orders were all accepted by the first board: their times are not the load's
    createMs.length = 0;
    boardMs.length = 0;
    guestMs.length = 0;

    // the evening: RATE orders a second; the menu measured in its middle
    const running: Promise<void>[] = [];
    let n = GUESTS;
    const started = performance.now();
    const total = Math.round(SECONDS * RATE);
    // twice during the load (at a third and two thirds), as once before it and once after: the
    // machine is shared, so single runs wander; the means of each pair are compared
    const menuDuring = (async () => {
      const runs: number[] = [];
      for (const at of [1 / 3, 2 / 3]) {
        await sleep(
          Math.max(0, started + SECONDS * 1000 * at - (MENU_SECONDS * 1000) / 2 - performance.now()),
        );
        runs.push(await menuRps(base, world.slug));
      }
      return (runs[0]! + runs[1]!) / 2;
    })();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      running.push(place(Math.floor(Math.random() * GUESTS), n++, true));
    }
    await Promise.all(running);
    const menu = await menuDuring;
    await sleep(3000); // what is still on its way arrives
    for (const g of guests) g?.close();
    const menuAfter = await menuRps(base, world.slug);

    const list = (await (await fetch(`${base}/api/manager/orders`, { headers: auth })).json()) as {
      data: { _id: string }[];
    };
    const listed = new Set(list.data.map((o) => o._id));
    let lost = 0;
    for (const id of made) {
      if (!listed.has(id)) lost++;
      for (const seen of seenOnBoard) if (!seen.has(id)) lost++;
    }
    let doubled = doubledAnswers + (list.data.length - listed.size) + (listed.size - made.size);
    for (const seen of seenOnBoard) for (const count of seen.values()) if (count > 1) doubled += count - 1;
    if (failures > 0) console.log(`  ${failures} orders refused (not counted as lost)`);
    return {
      database,
      orders: total,
      createP50: pct(createMs, 50),
      createP99: pct(createMs, 99),
      boardMedian: pct(boardMs, 50),
      boardP99: pct(boardMs, 99),
      guestMedian: pct(guestMs, 50),
      guestP99: pct(guestMs, 99),
      lost,
      doubled,
      menuBefore: (menuBefore + menuAfter) / 2,
      menuDuring: menu,
    };
  } finally {
    for (const s of streams) s.close();
    await server.stop();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(f: Figures): void {
  const change = ((f.menuDuring - f.menuBefore) / f.menuBefore) * 100;
  console.log(
    `\n${f.database}: ${f.orders} orders in ${SECONDS} s, ${GUESTS} guests' streams, ${BOARDS} boards`,
  );
  console.log(
    `  order create          p50 ${ms(f.createP50)}   p99 ${ms(f.createP99)}   (target p99 < 150 ms)`,
  );
  console.log(
    `  create -> boards      median ${ms(f.boardMedian)}   p99 ${ms(f.boardP99)}   (target median < 1 s)`,
  );
  console.log(`  accept -> guest       median ${ms(f.guestMedian)}   p99 ${ms(f.guestP99)}`);
  console.log(`  lost ${f.lost}, doubled ${f.doubled}`);
  console.log(
    `  menu page (cached)    ${f.menuBefore.toFixed(0)} req/s without the load, ${f.menuDuring.toFixed(0)} req/s with it (${change >= 0 ? '+' : ''}${change.toFixed(1)} %, target within 10 %)`,
  );
}

if (args[0] === '--menu') {
  await menuLoad(args[1]!);
} else {
  const runs: [string, string | undefined][] = [['SQLite', undefined]];
  if (process.env.DATABASE_URL?.trim()) runs.push(['PostgreSQL', process.env.DATABASE_URL.trim()]);
  // the machine is shared: its load says how far the figures can be trusted
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`load average before: ${load()}`);
  for (const [name, url] of runs) print(await evening(name, url));
  console.log(`\nload average after: ${load()}`);
}
