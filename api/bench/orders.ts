/**
 * `pnpm bench:orders [--scale N] [--seconds S] [--postgres-only]`: "a Friday evening" of guests'
 * orders (docs/ORDERS.md) on this machine, N times over (docs/BENCHMARKS.md, "Orders"): on SQLite
 * (one server) and, when DATABASE_URL is set, on PostgreSQL (a fresh database beside it, dropped
 * after; behind HAProxy with `--servers` servers, 2 by default when N > 1); `--postgres-only`
 * skips the SQLite run. The API servers run
 * the sources through tsx with NODE_ENV=production on 127.0.0.1. The evening, per restaurant
 * (N restaurants, each with 60 tables):
 * - 300 guests, each holding its latest order's live stream open (`/api/public/orders/{id}/events`);
 * - 2 orders a second for `--seconds` (300 at N = 1, else 60), each from a random guest at a
 *   random table (a guest's own address as X-Forwarded-For; the server trusts loopback), 5 % of
 *   them sent twice at once (a double tap: one order);
 * - boards (staff streams): 3 at N = 1, else N in all, spread over the restaurants; a
 *   restaurant's first board accepts each order as it arrives.
 * The load runs in processes of its own, not the servers': the guests' streams in child
 * processes (1,500 streams each), the orders and the boards in this one; times across processes
 * are wall-clock (`performance.timeOrigin + performance.now()`).
 *
 * It prints order-create p50/p99, the time from create to arrival on the boards (every board's
 * every order) and from the accept to its arrival on the guest's stream, lost and doubled orders,
 * each server's memory (RSS and heap after a garbage collection, read by bench/memory-probe.mjs)
 * before and after the guests' streams open and the difference per stream, the RSS at the end
 * and its peak; at N = 1 also the cached menu page's throughput (autocannon, 20 connections, 5 s,
 * in a process of its own) without and with the load (at N > 1 it is not run: it would take both
 * cores for its 5 s and the figures are the orders').
 *
 * 3,000 streams need file descriptors on both sides: when the soft limit (`ulimit -n`) is below
 * what the run needs, the bench starts itself again through `sh -c 'ulimit -n <hard>'`, and
 * every process it starts inherits it.
 */
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  type ApiProcess,
  CLUSTER_ADMIN,
  findHaproxy,
  freePort,
  freshDatabase,
  startApi,
  startCluster,
} from '../test/cluster/harness';
import { cart, type HttpOrderWorld, httpOrderWorld, postOrder } from '../test/orders-http-world';
import { openSse, type SseStream } from '../test/sse-client';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SCALE = Math.max(1, Math.round(flag('scale', 1)));
const SECONDS = flag('seconds', SCALE === 1 ? 300 : 60);
const RESTAURANTS = SCALE;
const GUESTS = flag('guests', 300 * SCALE);
const RATE = flag('rate', 2 * SCALE);
const BOARDS = flag('boards', Math.max(3, SCALE));
const PG_SERVERS = flag('servers', SCALE === 1 ? 1 : 2);
const TABLES = 60;
const MENU_SECONDS = 5;
const STREAMS_PER_WORKER = 1500;
const GUEST_WORKERS = Math.max(1, Math.ceil(GUESTS / STREAMS_PER_WORKER));
const ADMIN = { login: 'admin', password: 'bench-orders-admin-1' };
const PROBE = pathToFileURL(fileURLToPath(new URL('./memory-probe.mjs', import.meta.url))).href;
const MiB = 1024 * 1024;
/** The servers of the run going on (killed should the bench die). */
const running: ApiProcess[] = [];

/** The targets (docs/BENCHMARKS.md, "Orders"): today's evening's, and ten times it's. */
const TARGETS =
  SCALE === 1
    ? {
        createP99: 150,
        boardMedian: 1000,
        boardP99: Number.POSITIVE_INFINITY,
        guestP99: Number.POSITIVE_INFINITY,
        rssMiB: Number.POSITIVE_INFINITY,
      }
    : { createP99: 100, boardMedian: Number.POSITIVE_INFINITY, boardP99: 250, guestP99: 250, rssMiB: 400 };

const pct = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** Milliseconds on the wall clock, comparable between this machine's processes. */
const wall = (at = performance.now()) => performance.timeOrigin + at;
/** A guest's phone: an address of the benchmarking range, sent as X-Forwarded-For only. */
const guestAddress = (g: number) => `198.18.${Math.floor(g / 250)}.${(g % 250) + 1}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// ---- the file descriptors ----

/** The soft and hard limits of open files (`ulimit -n`) of this process. */
function fileLimits(): { soft: number; hard: number } {
  const read = (flagName: string) => {
    const v = execFileSync('sh', ['-c', `ulimit ${flagName}`], { encoding: 'utf8' }).trim();
    return v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v);
  };
  return { soft: read('-Sn'), hard: read('-Hn') };
}

// ---- a guests' process: holds its share of the streams, reports the accepts' arrivals ----

type ToWorker = { follow: { id: number; url: string; address: string; g: number } } | { closeAll: true };
type FromWorker =
  | { opened: { id: number; status: number } }
  | { accepted: { orderId: string; at: number } }
  | { closed: true };

function guestsWorker(): void {
  const streams = new Map<number, SseStream>();
  // the bench may have ended (or failed) first: nothing to tell then
  const send = (m: FromWorker) => {
    if (process.connected) process.send?.(m, undefined, {}, () => undefined);
  };
  process.on('message', (m: ToWorker) => {
    if ('closeAll' in m) {
      for (const s of streams.values()) s.close();
      streams.clear();
      send({ closed: true });
      return;
    }
    const { id, url, address, g } = m.follow;
    openSse(url, { 'x-forwarded-for': address }).then(
      (stream) => {
        stream.onEvent = (e) => {
          const o = e.data as { _id?: string; status?: string };
          if (e.event === 'order' && o.status === 'accepted' && o._id)
            send({ accepted: { orderId: o._id, at: wall(e.at) } });
          // a stream holds only what the bench needs: the events' list would grow all evening
          stream.events.length = 0;
        };
        streams.get(g)?.close();
        streams.set(g, stream);
        send({ opened: { id, status: stream.status } });
      },
      () => send({ opened: { id, status: 0 } }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

interface Guests {
  /** Opens guest `g`'s stream of `order` (closing its previous one); resolves with its status. */
  follow(g: number, url: string): Promise<number>;
  onAccepted?: (orderId: string, at: number) => void;
  close(): Promise<void>;
}

function startGuests(): Guests {
  const workers = Array.from({ length: GUEST_WORKERS }, () =>
    fork(fileURLToPath(import.meta.url), ['--guests-worker'], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const pending = new Map<number, (status: number) => void>();
  let next = 0;
  const closed: Promise<void>[] = [];
  let closing: Promise<void> | null = null;
  const guests: Guests = {
    follow(g, url) {
      const id = next++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        workers[g % workers.length]!.send({
          follow: { id, url, address: guestAddress(g), g },
        } satisfies ToWorker);
      });
    },
    close() {
      closing ??= (async () => {
        for (const w of workers) w.send({ closeAll: true } satisfies ToWorker);
        await Promise.all(closed);
        for (const w of workers) w.disconnect();
      })();
      return closing;
    },
  };
  for (const w of workers) {
    // a guests' process that died is said by its own output; the bench goes on
    w.on('error', (err) => console.log(`  a guests' process: ${String(err)}`));
    closed.push(
      new Promise((resolve) =>
        w.on('message', (m: FromWorker) => {
          if ('opened' in m) {
            pending.get(m.opened.id)?.(m.opened.status);
            pending.delete(m.opened.id);
          } else if ('accepted' in m) guests.onAccepted?.(m.accepted.orderId, m.accepted.at);
          else resolve();
        }),
      ),
    );
  }
  return guests;
}

// ---- the servers' memory ----

interface Memory {
  rss: number;
  heapUsed: number;
}

/** A server's memory after a garbage collection (bench/memory-probe.mjs writes it on SIGUSR2). */
async function memoryOf(server: ApiProcess): Promise<Memory> {
  const pid = server.child.pid!;
  const file = join(tmpdir(), `qrmenu-bench-memory-${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(file); i++) await sleep(50);
  await sleep(50); // written at once, but the poll may have seen it being written
  const m = JSON.parse(readFileSync(file, 'utf8')) as Memory;
  rmSync(file, { force: true });
  return { rss: m.rss, heapUsed: m.heapUsed };
}

/** A process's resident memory now, from /proc (no collection: what the machine gives it). */
function rssOf(server: ApiProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib * 1024;
}

const sum = (ms: Memory[]) =>
  ms.reduce((a, m) => ({ rss: a.rss + m.rss, heapUsed: a.heapUsed + m.heapUsed }), { rss: 0, heapUsed: 0 });

// ---- the menu page's throughput ----

/** autocannon on the menu page, in a process of its own. */
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

// ---- the evening ----

interface Deployment {
  name: string;
  base: string;
  servers: ApiProcess[];
  admin: { login: string; password: string };
  stop(): Promise<void>;
}

const SERVER_ENV = {
  NODE_ENV: 'production',
  TRUST_PROXY: 'loopback',
  // 2 a second is the per-restaurant limit's default: the bench measures the server, so its
  // random bursts above it are not refused
  ORDER_RATE_LIMIT_PER_RESTAURANT: '100000',
  // the servers' heap is read from outside (bench/memory-probe.mjs)
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE}`.trim(),
};

/**
 * One server on a data folder of its own, on the database named (empty: SQLite in that folder);
 * `dropDatabase` forgets the database after it.
 */
async function oneServer(
  name: string,
  databaseUrl: string,
  dropDatabase?: () => Promise<void>,
): Promise<Deployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-orders-'));
  const server = await startApi({
    name: 'api',
    entry: 'src',
    port: await freePort(),
    dataDir,
    env: {
      ...SERVER_ENV,
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: databaseUrl,
    },
  });
  return {
    name,
    base: server.url,
    servers: [server],
    admin: ADMIN,
    async stop() {
      await server.stop();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// the bench's own DATABASE_URL names PostgreSQL's base: the SQLite run must not inherit it
const sqliteDeployment = (): Promise<Deployment> => oneServer('SQLite, 1 server', '');

async function postgresDeployment(url: string): Promise<Deployment> {
  if (PG_SERVERS === 1) {
    const fresh = await freshDatabase(url);
    return oneServer('PostgreSQL, 1 server', fresh.url, () => fresh.drop());
  }
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('HAProxy is not installed: run with --servers 1');
  const cluster = await startCluster(haproxy, {
    size: PG_SERVERS,
    entry: 'src',
    databaseUrl: url,
    env: SERVER_ENV,
    // every guest's stream is a connection through the balancer
    maxConnections: GUESTS + BOARDS + 1000,
  });
  return {
    name: `PostgreSQL, ${PG_SERVERS} servers behind HAProxy`,
    base: cluster.balancer.url,
    servers: cluster.servers,
    admin: CLUSTER_ADMIN,
    stop: () => cluster.stop(),
  };
}

interface Figures {
  name: string;
  orders: number;
  createP50: number;
  createP99: number;
  boardMedian: number;
  boardP99: number;
  guestMedian: number;
  guestP99: number;
  lost: number;
  doubled: number;
  unanswered: number;
  refused: number;
  /** The refused orders by the answer's status (0: no answer in time), with the error's code. */
  refusedBy: Record<string, number>;
  acceptsFailed: number;
  streamsRefused: number;
  memoryBefore: Memory;
  memoryStreams: Memory;
  rssStart: number;
  rssEnd: number;
  rssPeak: number;
  menuBefore: number;
  menuDuring: number;
  loadBefore: string;
  loadAfter: string;
}

async function evening(deployment: Deployment): Promise<Figures> {
  const loadBefore = load();
  const began = performance.now();
  const phase = (what: string) =>
    console.log(`  ${((performance.now() - began) / 1000).toFixed(0)} s: ${what} (load average ${load()})`);
  console.log(`\n${deployment.name}:`);
  const { base, servers } = deployment;
  running.push(...servers);
  // the largest server's (the target is a server's)
  const rssNow = () => Math.max(...servers.map(rssOf));
  const rssStart = rssNow();
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssNow());
  }, 500);
  const boards: SseStream[] = [];
  const guests = startGuests();
  try {
    const worlds: HttpOrderWorld[] = [];
    for (let r = 0; r < RESTAURANTS; r++)
      worlds.push(await httpOrderWorld(base, deployment.admin, TABLES, 8));
    phase(`${RESTAURANTS} restaurant(s) made`);
    const menu = SCALE === 1;
    if (menu) await menuRps(base, worlds[0]!.slug); // warm up
    const menuBefore = menu ? await menuRps(base, worlds[0]!.slug) : Number.NaN;

    const created = new Map<string, number>(); // order id -> when its create was sent (wall clock)
    const timed = new Set<string>(); // the evening's orders (not the guests' first ones)
    const createMs: number[] = [];
    const boardMs: number[] = [];
    const guestMs: number[] = [];
    const acceptedAt = new Map<string, number>();
    const seenOnBoard = Array.from({ length: BOARDS }, () => new Map<string, number>());
    const boardOf = Array.from({ length: BOARDS }, (_, b) => b % RESTAURANTS);
    const made = new Set<string>();
    const restaurantOf = new Map<string, string>();
    let doubledAnswers = 0;
    let boardDoubles = 0;
    const eventsOnBoard = Array.from({ length: BOARDS }, () => new Set<number>());
    let refused = 0;
    const refusedBy: Record<string, number> = {};
    let acceptsFailed = 0;
    let streamsRefused = 0;

    // the staff's boards; each restaurant's first accepts what arrives
    for (let b = 0; b < BOARDS; b++) {
      const world = worlds[boardOf[b]!]!;
      const auth = { authorization: `Bearer ${world.managerToken}` };
      const board = await openSse(`${base}/api/manager/orders/events`, auth);
      boards.push(board);
      board.onEvent = (e) => {
        // only the `ready` below waits on the list: it would grow all evening
        if (e.event !== 'ready') board.events.length = 0;
        if (e.event !== 'order') return;
        const order = e.data as { _id: string; status: string };
        // the same event twice is a double; the order's state in two events (another change while
        // it is still `sent`) is not
        if (e.id !== null && eventsOnBoard[b]!.has(e.id)) boardDoubles++;
        if (e.id !== null) eventsOnBoard[b]!.add(e.id);
        if (order.status !== 'sent') return;
        const seen = seenOnBoard[b]!;
        if (seen.has(order._id)) return;
        seen.set(order._id, 1);
        const sentAt = created.get(order._id);
        if (sentAt !== undefined && timed.has(order._id)) boardMs.push(wall(e.at) - sentAt);
        if (b < RESTAURANTS && sentAt !== undefined) {
          if (timed.has(order._id)) acceptedAt.set(order._id, wall());
          void fetch(`${base}/api/manager/orders/${order._id}/status`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'accepted' }),
          }).then(
            async (r) => {
              await r.arrayBuffer();
              if (!r.ok) acceptsFailed++;
            },
            () => acceptsFailed++,
          );
        }
      };
      await board.next((e) => e.event === 'ready');
    }
    // a guest's stream saw its order accepted (the first time counts)
    guests.onAccepted = (orderId, at) => {
      const from = acceptedAt.get(orderId);
      if (from === undefined) return;
      guestMs.push(at - from);
      acceptedAt.delete(orderId);
    };
    const follow = async (g: number, order: { _id: string; key: string }) => {
      const status = await guests.follow(g, `${base}/api/public/orders/${order._id}/events?key=${order.key}`);
      if (status !== 200) streamsRefused++;
    };

    const place = async (
      g: number,
      n: number,
      evening: boolean,
    ): Promise<{ _id: string; key: string } | null> => {
      const world = worlds[g % RESTAURANTS]!;
      const body = cart(world, Math.floor(Math.random() * TABLES), n);
      const double = n % 20 === 7;
      const t0 = wall();
      const sends = double
        ? [postOrder(base, body, guestAddress(g)), postOrder(base, body, guestAddress(g))]
        : [postOrder(base, body, guestAddress(g))];
      // a connection the loaded server did not take in time is a refused order, not the run's end
      const failed = { status: 0, body: {} } as Awaited<ReturnType<typeof postOrder>>;
      const first = await sends[0]!.catch(() => failed);
      const took = wall() - t0;
      const answers = await Promise.all(sends.map((a) => a.catch(() => failed)));
      const refusal = answers.find((a) => a.status !== 200 && a.status !== 201);
      if (refusal) {
        refused++;
        const code = (refusal.body as { error?: { code?: string } }).error?.code;
        const why = `${refusal.status}${code ? ` ${code}` : ''}`;
        refusedBy[why] = (refusedBy[why] ?? 0) + 1;
        return null;
      }
      const order = first.body.data!;
      if (double && answers[1]!.body.data!._id !== order._id) doubledAnswers++;
      if (!made.has(order._id)) created.set(order._id, t0);
      if (evening) timed.add(order._id);
      made.add(order._id);
      restaurantOf.set(order._id, world.restaurantId);
      if (evening) createMs.push(took);
      return order;
    };

    // every guest has an order (placed 20 at a time, as they sit down) ...
    const firstOrders: ({ _id: string; key: string } | null)[] = [];
    for (let g = 0; g < GUESTS; g += 20) {
      firstOrders.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, GUESTS - g) }, (_, k) => place(g + k, g + k, false)),
        )),
      );
    }
    phase(`${GUESTS} first orders placed`);
    await sleep(2000); // the accepts settle
    // ... then opens its stream: the servers' memory before and after, per stream
    const memoryBefore = sum(await Promise.all(servers.map(memoryOf)));
    for (let g = 0; g < GUESTS; g += 100) {
      await Promise.all(
        firstOrders.slice(g, g + 100).map((o, k) => (o ? follow(g + k, o) : Promise.resolve())),
      );
    }
    phase(`${GUESTS} guests' streams open`);
    await sleep(2000);
    const memoryStreams = sum(await Promise.all(servers.map(memoryOf)));

    // the evening: RATE orders a second; at N = 1 the menu measured in its middle
    const running: Promise<unknown>[] = [];
    let n = GUESTS;
    const started = performance.now();
    const total = Math.round(SECONDS * RATE);
    // twice during the load (at a third and two thirds), as once before it and once after: the
    // machine is shared, so single runs wander; the means of each pair are compared
    const menuDuring = (async () => {
      if (!menu) return Number.NaN;
      const runs: number[] = [];
      for (const at of [1 / 3, 2 / 3]) {
        await sleep(
          Math.max(0, started + SECONDS * 1000 * at - (MENU_SECONDS * 1000) / 2 - performance.now()),
        );
        runs.push(await menuRps(base, worlds[0]!.slug));
      }
      return (runs[0]! + runs[1]!) / 2;
    })();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const g = Math.floor(Math.random() * GUESTS);
      running.push(place(g, n++, true).then((o) => (o ? follow(g, o) : undefined)));
    }
    await Promise.all(running);
    phase('the evening placed');
    const menuDuringRps = await menuDuring;
    await sleep(3000); // what is still on its way arrives
    const rssEnd = rssNow();
    await guests.close();
    const menuAfter = menu ? await menuRps(base, worlds[0]!.slug) : Number.NaN;

    let lost = 0;
    let listedCount = 0;
    const listed = new Set<string>();
    for (const world of worlds) {
      const list = (await (
        await fetch(`${base}/api/manager/orders`, {
          headers: { authorization: `Bearer ${world.managerToken}` },
        })
      ).json()) as { data: { _id: string }[] };
      listedCount += list.data.length;
      for (const o of list.data) listed.add(o._id);
    }
    for (const id of made) {
      if (!listed.has(id)) lost++;
    }
    for (let b = 0; b < BOARDS; b++) {
      const own = worlds[boardOf[b]!]!;
      for (const id of made)
        if (!seenOnBoard[b]!.has(id) && restaurantOf.get(id) === own.restaurantId) lost++;
    }
    const doubled = doubledAnswers + (listedCount - listed.size) + boardDoubles;
    // orders the servers made whose answer the bench never had (its connection timed out)
    const unanswered = listed.size - made.size;
    return {
      name: deployment.name,
      orders: total,
      createP50: pct(createMs, 50),
      createP99: pct(createMs, 99),
      boardMedian: pct(boardMs, 50),
      boardP99: pct(boardMs, 99),
      guestMedian: pct(guestMs, 50),
      guestP99: pct(guestMs, 99),
      lost,
      doubled,
      unanswered,
      refused,
      refusedBy,
      acceptsFailed,
      streamsRefused,
      memoryBefore,
      memoryStreams,
      rssStart,
      rssEnd,
      rssPeak,
      menuBefore: (menuBefore + menuAfter) / 2,
      menuDuring: menuDuringRps,
      loadBefore,
      loadAfter: load(),
    };
  } finally {
    clearInterval(sampler);
    for (const s of boards) s.close();
    await guests.close().catch(() => undefined);
    await deployment.stop();
  }
}

function print(f: Figures): void {
  const per = (bytes: number) => kb(bytes / GUESTS);
  console.log(
    `\n${f.name}: ${f.orders} orders in ${SECONDS} s, ${GUESTS} guests' streams, ${BOARDS} boards, ${RESTAURANTS} restaurant(s) (load average ${f.loadBefore} before, ${f.loadAfter} after)`,
  );
  const target = (v: number, what: string) => (Number.isFinite(v) ? `, target ${what} < ${v} ms` : '');
  console.log(
    `  order create          p50 ${ms(f.createP50)}   p99 ${ms(f.createP99)}   (target p99 < ${TARGETS.createP99} ms)`,
  );
  console.log(
    `  create -> boards      median ${ms(f.boardMedian)}   p99 ${ms(f.boardP99)}   (${target(TARGETS.boardMedian, 'median').slice(2)}${target(TARGETS.boardP99, 'p99').slice(2)})`,
  );
  console.log(
    `  accept -> guest       median ${ms(f.guestMedian)}   p99 ${ms(f.guestP99)}${Number.isFinite(TARGETS.guestP99) ? `   (target p99 < ${TARGETS.guestP99} ms)` : ''}`,
  );
  console.log(
    `  lost ${f.lost}, doubled ${f.doubled}; refused orders ${f.refused} (${
      Object.entries(f.refusedBy)
        .map(([why, n]) => `${why}: ${n}`)
        .join(', ') || 'none'
    }; made but not answered ${f.unanswered}), failed accepts ${f.acceptsFailed}, refused streams ${f.streamsRefused}`,
  );
  console.log(
    `  servers' memory       before the streams: RSS ${mib(f.memoryBefore.rss)}, heap ${mib(f.memoryBefore.heapUsed)}; with them: RSS ${mib(f.memoryStreams.rss)}, heap ${mib(f.memoryStreams.heapUsed)}`,
  );
  console.log(
    `  a guest's stream      RSS ${per(f.memoryStreams.rss - f.memoryBefore.rss)}, heap ${per(f.memoryStreams.heapUsed - f.memoryBefore.heapUsed)} (after a garbage collection, the difference / ${GUESTS})`,
  );
  console.log(
    `  a server's RSS        ${mib(f.rssStart)} at the start, ${mib(f.rssEnd)} at the end, peak ${mib(f.rssPeak)}${Number.isFinite(TARGETS.rssMiB) ? ` (target < ${TARGETS.rssMiB} MiB a server)` : ''}`,
  );
  if (SCALE === 1) {
    const change = ((f.menuDuring - f.menuBefore) / f.menuBefore) * 100;
    console.log(
      `  menu page (cached)    ${f.menuBefore.toFixed(0)} req/s without the load, ${f.menuDuring.toFixed(0)} req/s with it (${change >= 0 ? '+' : ''}${change.toFixed(1)} %, target within 10 %)`,
    );
  }
}

/** The open files this run needs at most (the guests' processes hold 1,500 streams each). */
function filesNeeded(): number {
  return STREAMS_PER_WORKER + BOARDS + 2000;
}

// a request the loaded machine let time out is said (with the process), not the run's end
process.on('unhandledRejection', (err) => {
  const cause = (err as { cause?: unknown })?.cause;
  console.log(
    `  a request failed (${args[0] ?? 'bench'}): ${String(err)}${cause ? ` (${String(cause)})` : ''}`,
  );
});

if (args[0] === '--menu') {
  await menuLoad(args[1]!);
} else if (args[0] === '--guests-worker') {
  guestsWorker();
} else {
  const limits = fileLimits();
  // a server holds every stream and the balancer two sockets each: raise the soft limit to the
  // hard one (as `ulimit -n` in a shell would) by starting again under it
  const needed = Math.max(filesNeeded(), GUESTS * 2 + 1000);
  if (limits.soft < needed && limits.hard > limits.soft && !process.env.QRMENU_BENCH_ULIMIT) {
    const raised = Number.isFinite(limits.hard) ? limits.hard : needed;
    console.log(
      `open files: the soft limit ${limits.soft} is below ${needed}: starting again with ulimit -n ${raised}`,
    );
    const r = spawnSync(
      'sh',
      [
        '-c',
        `ulimit -n ${raised} && exec "$0" "$@"`,
        process.execPath,
        ...process.execArgv,
        ...process.argv.slice(1),
      ],
      { stdio: 'inherit', env: { ...process.env, QRMENU_BENCH_ULIMIT: '1' } },
    );
    process.exit(r.status ?? 1);
  }
  if (limits.soft < needed)
    console.log(`open files: the limit ${limits.soft} is below the ${needed} this run may need (ulimit -n)`);
  console.log(
    `bench:orders --scale ${SCALE}: open files ${limits.soft} (ulimit -n), ${GUEST_WORKERS} guests' process(es), load average ${load()}`,
  );
  // should the run end anyway, its servers do not outlive it
  process.on('exit', () => {
    for (const server of running) server.child.kill('SIGKILL');
  });
  const url = process.env.DATABASE_URL?.trim();
  if (args.includes('--postgres-only') && !url) throw new Error('--postgres-only needs DATABASE_URL');
  const runs: (() => Promise<Deployment>)[] = args.includes('--postgres-only') ? [] : [sqliteDeployment];
  if (url) runs.push(() => postgresDeployment(url));
  for (const start of runs) print(await evening(await start()));
  console.log(`\nload average after: ${load()}`);
}
