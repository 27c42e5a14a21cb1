/**
 * Visits bench: the cached guests' page `GET /m/<slug>` (1,000 products, br) with
 * visit counting off and on, side by side: `pnpm --filter @qrmenu/api bench:visits`.
 * Each request is a different guest (its own address, given as `X-Forwarded-For` to a server
 * that trusts the loopback proxy: every view a new unique visitor, the worst case), or one of
 * `BENCH_GUESTS` guests coming back. Rounds alternate off/on (ABAB) so that a slow moment of the machine
 * falls on both. Target: counting on keeps >= 95 % of the throughput.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Distinct guests cycling (their user agents): 0 = every request a new guest (the worst case). */
const GUESTS = Number(process.env.BENCH_GUESTS ?? 0);
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** Guest n's address: 10.0.0.0/8 has room for 16 million. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function start(visits: 'on' | 'off') {
  const child = fork(fileURLToPath(new URL('./visits-server.ts', import.meta.url)), [], {
    env: { NODE_ENV: 'production', ...process.env, VISITS: visits },
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url,
    /** CPU time (µs) the server process has used so far: robust to a busy machine, unlike req/s. */
    cpu: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as { cpu: number }).cpu));
        child.send({ kind: 'cpu' });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ kind: 'stop' });
      }),
  };
}

async function measure(url: string): Promise<{ rps: number; p99: number; non2xx: number; total: number }> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': 'br', 'user-agent': PHONE },
    requests: [
      {
        setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': addressOf(GUESTS ? n++ % GUESTS : n++) },
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

const servers = { off: await start('off'), on: await start('on') };
try {
  // warm both (the page rendered and cached, the JIT warm)
  for (const s of Object.values(servers)) await autocannon({ url: s.url, connections: 5, duration: 2 });
  const sums = { off: 0, on: 0 };
  const cpu = { off: 0, on: 0 };
  const requests = { off: 0, on: 0 };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const mode of ['off', 'on'] as const) {
      const before = await servers[mode].cpu();
      const m = await measure(servers[mode].url);
      cpu[mode] += (await servers[mode].cpu()) - before;
      requests[mode] += m.total;
      sums[mode] += m.rps;
      console.log(
        `round ${round} counting ${mode.padEnd(3)}: ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, non-2xx ${m.non2xx}`,
      );
    }
  }
  const perRequest = { off: cpu.off / requests.off, on: cpu.on / requests.on };
  console.log(
    `server CPU per request: off ${perRequest.off.toFixed(0)} µs, on ${perRequest.on.toFixed(0)} µs (+${(((perRequest.on - perRequest.off) / perRequest.off) * 100).toFixed(1)} %)`,
  );
  const ratio = sums.on / sums.off;
  console.log(
    `\nGET /m/{slug} cached, ${GUESTS || 'every request a new'} guests, ${CONNECTIONS} connections, ${ROUNDS}x${DURATION} s each: off ${(sums.off / ROUNDS).toFixed(0)} req/s, on ${(sums.on / ROUNDS).toFixed(0)} req/s = ${(ratio * 100).toFixed(1)} %`,
  );
  console.log(
    ratio >= 0.95
      ? 'PASS: counting on keeps >= 95 % of the throughput'
      : 'FAIL: counting costs more than 5 %',
  );
  process.exitCode = ratio >= 0.95 ? 0 : 1;
} finally {
  await Promise.all([servers.off.stop(), servers.on.stop()]);
}
