/**
 * better-sqlite3 against Node's own node:sqlite, on what this server does: `pnpm --filter
 * @qrmenu/api bench:drivers`. Two copies of the app (bench/sqlite-driver-worker.ts), one per
 * driver, each on a fresh SQLite file seeded like bench:api (1,000 restaurants, 20,000 products),
 * run the same operations in process (`app.inject`, no sockets): the reads of bench:api with the
 * answer cache off, product inserts and updates, a category created with 5 products and deleted
 * (cascade, in a transaction), and the 200-product stop-list transaction. Blocks of each
 * operation alternate between the drivers (ABBA...) so that the load of a shared machine falls
 * on both alike. Figures: the median over blocks of the CPU time per operation of the app's
 * process (SQLite runs synchronously inside it, so this is the work itself, and it varies less
 * than wall time on a busy machine), and of the wall time.
 *
 * DRIVER_BLOCKS (default 6 a driver) and DRIVER_BLOCK_MS (default 1500) size the run.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { OPERATIONS, type Operation, type WorkerMessage } from './sqlite-driver-worker';

const BLOCKS = Number(process.env.DRIVER_BLOCKS ?? 6);
const BLOCK_MS = Number(process.env.DRIVER_BLOCK_MS ?? 1500);
const worker = fileURLToPath(new URL('./sqlite-driver-worker.ts', import.meta.url));
const shim = fileURLToPath(new URL('./node-sqlite/register.mjs', import.meta.url));

interface Side {
  name: string;
  child: ChildProcess;
  ask(msg: object): Promise<WorkerMessage>;
}

async function start(name: string, execArgv: string[]): Promise<Side & { seedMs: number }> {
  const child = fork(worker, [], {
    execArgv: [...process.execArgv, ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<WorkerMessage>((resolve, reject) => {
    child.once('message', (m) => resolve(m as WorkerMessage));
    child.once('exit', (code) => reject(new Error(`${name} worker exited with ${code}`)));
  });
  const ask = (msg: object) =>
    new Promise<WorkerMessage>((resolve) => {
      child.once('message', (m) => resolve(m as WorkerMessage));
      child.send(msg);
    });
  if (ready.kind !== 'ready' || ready.driver !== name) {
    throw new Error(`the ${name} worker runs on ${ready.kind === 'ready' ? ready.driver : '?'}`);
  }
  return { name, child, ask, seedMs: ready.seedMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Figures {
  cpu: number[];
  wall: number[];
}

async function main(): Promise<void> {
  // one at a time: the seeding of one must not slow the other's
  const better = await start('better-sqlite3', []);
  const node = await start('node:sqlite', ['--import', shim]);
  console.log(
    `Seeded 1,000 restaurants and 20,000 products: better-sqlite3 ${(better.seedMs / 1000).toFixed(1)} s, ` +
      `node:sqlite ${(node.seedMs / 1000).toFixed(1)} s (Node ${process.version}, ${BLOCKS} blocks of ${BLOCK_MS} ms a driver and operation)`,
  );
  const times = new Map<Operation, Map<Side, Figures>>();
  for (const op of OPERATIONS) {
    const row = new Map<Side, Figures>([
      [better, { cpu: [], wall: [] }],
      [node, { cpu: [], wall: [] }],
    ]);
    times.set(op, row);
    // a warm-up block each (JIT, statement caches), not counted
    await better.ask({ kind: 'block', op, ms: 300 });
    await node.ask({ kind: 'block', op, ms: 300 });
    for (let b = 0; b < BLOCKS; b++) {
      for (const side of b % 2 === 0 ? [better, node] : [node, better]) {
        const res = await side.ask({ kind: 'block', op, ms: BLOCK_MS });
        if (res.kind !== 'block') throw new Error('unexpected answer');
        row.get(side)!.cpu.push(res.cpuPerOpMs);
        row.get(side)!.wall.push(res.perOpMs);
      }
    }
  }
  const rss = [better, node].map(
    async (side) => ((await side.ask({ kind: 'rss' })) as { rssMiB: number }).rssMiB,
  );
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  const columns = [
    'operation (in process, app.inject)',
    'CPU better-sqlite3',
    'CPU node:sqlite',
    'node/better',
  ];
  columns.push('wall better-sqlite3', 'wall node:sqlite', 'node/better');
  const rows = [...times].map(([op, row]) => {
    const [bc, bw] = [median(row.get(better)!.cpu), median(row.get(better)!.wall)];
    const [nc, nw] = [median(row.get(node)!.cpu), median(row.get(node)!.wall)];
    return [op, ms(bc), ms(nc), pct(nc, bc), ms(bw), ms(nw), pct(nw, bw)];
  });
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)));
  console.log(`\n${line(columns).join('  ')}`);
  for (const r of rows) console.log(line(r).join('  '));
  const [betterRss, nodeRss] = await Promise.all(rss);
  console.log(
    `RSS at the end: better-sqlite3 ${betterRss!.toFixed(0)} MiB, node:sqlite ${nodeRss!.toFixed(0)} MiB`,
  );
  for (const side of [better, node]) {
    side.child.send({ kind: 'stop' });
    await new Promise((r) => side.child.once('exit', r));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
