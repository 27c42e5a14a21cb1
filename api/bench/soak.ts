/**
 * Soak: `pnpm bench:soak`. Starts the built server (`node api/dist/server.js`, production mode, a
 * fresh DATA_DIR with its SQLite database) and drives a write-heavy mixed load for SOAK_MINUTES
 * (default 5) from SOAK_WORKERS managers at once (default 6), each looping over: logins,
 * creates/updates/deletes of categories, products, options and rows, stop-list stop/resume of up
 * to 200 products, image uploads, restaurant edits, public and manager reads, and now and then the
 * deletion of its whole restaurant (cascading) and a new one; the admin reads its lists.
 *
 * Every answer is checked: its status, and its body against the answer's zod schema
 * (`answers.*` of @qrmenu/shared, checked here so the server runs exactly as in production).
 * The server process is watched: an exit stops the load and prints its last output (the stack of
 * an abort). Prints requests, errors, latency per operation, RSS over time and the exit state
 * after SIGTERM. Exits 1 on any error, 5xx or server death.
 *
 * SOAK_NODE=/path/to/node runs the server on another Node (e.g. 22); SOAK_SQLITE=node runs it
 * on Node's own node:sqlite instead of better-sqlite3 (bench/node-sqlite); SOAK_DATABASE_URL
 * (postgres://...) runs it on PostgreSQL.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers } from '@qrmenu/shared/schemas';
import { builtServerEnv, freePort } from '../../scripts/server-settings';
import { call, errorSamples, soak, stats } from './soak-client';
import { ManagerLoad } from './soak-manager';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 6);
const SERVER_NODE = process.env.SOAK_NODE || process.execPath;
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_MS ?? 15_000);
const NODE_SQLITE = process.env.SOAK_SQLITE === 'node';
const ADMIN = { login: 'admin', password: 'soak-admin-password' };

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverJs = join(root, 'api/dist/server.js');

// ---------- the server ----------

interface Server {
  url: string;
  child: ChildProcess;
  /** set once the process has exited */
  exit: { code: number | null; signal: NodeJS.Signals | null; at: number } | null;
  /** the last output lines (stdout and stderr), for the stack of an abort */
  tail: string[];
  dataDir: string;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-soak-'));
  const shim = join(root, 'api/bench/node-sqlite/register.mjs');
  const child = spawn(SERVER_NODE, [...(NODE_SQLITE ? ['--import', shim] : []), serverJs], {
    cwd: root,
    env: builtServerEnv({
      port,
      dataDir,
      admin: ADMIN,
      env: { DATABASE_URL: process.env.SOAK_DATABASE_URL ?? '' },
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { url: `http://127.0.0.1:${port}`, child, exit: null, tail: [], dataDir };
  const keep = (chunk: Buffer) => {
    server.tail.push(...chunk.toString('utf8').split('\n'));
    if (server.tail.length > 400) server.tail.splice(0, server.tail.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    server.exit = { code, signal, at: Date.now() };
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exit) throw new Error(`server exited at start:\n${server.tail.join('\n')}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 30 s');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Resident set size of a process in MiB (Linux /proc), or null once it is gone. */
function rssMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : null;
  } catch {
    return null;
  }
}

// ---------- run ----------

function percentile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

async function main(): Promise<void> {
  if (!existsSync(serverJs)) {
    console.log('Building the API (pnpm --filter @qrmenu/api build)...');
    const build = spawnSync('pnpm', ['--filter', '@qrmenu/api', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const nodeVersion = spawnSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const server = await startServer();
  const pid = server.child.pid!;
  console.log(
    `Soak: ${MINUTES} min, ${WORKERS} managers at once, server ${serverJs} on Node ${nodeVersion} (pid ${pid}), ` +
      `${process.env.SOAK_DATABASE_URL ? 'PostgreSQL' : `SQLite (${NODE_SQLITE ? 'node:sqlite' : 'better-sqlite3'})`} in ${server.dataDir}`,
  );

  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  const samples: { at: number; rss: number | null; requests: number; errors: number }[] = [];
  const errorsSoFar = () => [...stats.values()].reduce((n, s) => n + s.errors, 0);
  const sampleNow = () => {
    const row = {
      at: Date.now() - started,
      rss: rssMiB(pid),
      requests: soak.totalRequests,
      errors: errorsSoFar(),
    };
    samples.push(row);
    const previous = samples[samples.length - 2];
    const rate = previous
      ? ((row.requests - previous.requests) * 1000) / Math.max(1, row.at - previous.at)
      : 0;
    console.log(
      `  ${(row.at / 1000).toFixed(0).padStart(4)} s  RSS ${row.rss?.toFixed(1) ?? 'gone'} MiB  ` +
        `requests ${row.requests} (${rate.toFixed(0)}/s)  errors ${row.errors}`,
    );
  };
  sampleNow();
  const sampler = setInterval(sampleNow, SAMPLE_MS);
  // the server dying stops the load at once
  server.child.on('exit', () => {
    soak.stopping = true;
  });

  let adminToken = '';
  const admin = async () => {
    const { data } = await call(server, 'POST /auth/login', 'POST', '/auth/login', {
      json: ADMIN,
      schema: answers.login,
    });
    adminToken = data.accessToken;
  };
  await admin();
  // the admin's token is renewed every minute (as a long admin session would log in again)
  const adminRenewal = setInterval(() => void admin().catch(() => undefined), 60_000);

  const workers: ManagerLoad[] = [];
  for (let n = 0; n < WORKERS; n++) {
    const login = `soak-manager-${n}`;
    const password = `soak-password-${n}`;
    const { data } = await call(server, 'POST /admin/managers', 'POST', '/admin/managers', {
      token: adminToken,
      json: { login, password },
      expect: 201,
      schema: answers.manager,
    });
    workers.push(new ManagerLoad(server, n, data._id, login, password, () => adminToken));
  }
  const results = await Promise.allSettled(workers.map((w) => w.run(deadline)));
  clearInterval(adminRenewal);
  clearInterval(sampler);
  sampleNow();
  const crashedInLoad = server.exit !== null;

  // the exit state: a graceful stop on SIGTERM, as a deployment would stop it
  let exit = server.exit;
  if (!exit) {
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    while (!server.exit && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 100));
    if (!server.exit) server.child.kill('SIGKILL');
    while (!server.exit) await new Promise((r) => setTimeout(r, 50));
    exit = server.exit;
  }

  const seconds = (Date.now() - started) / 1000;
  console.log(
    `\nOperations (${soak.totalRequests} requests in ${seconds.toFixed(0)} s, ${(soak.totalRequests / seconds).toFixed(0)}/s)`,
  );
  console.log(
    `${'operation'.padEnd(52)} ${'count'.padStart(7)} ${'errors'.padStart(7)} ${'5xx'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const [op, s] of [...stats.entries()].sort((a, b) => b[1].count - a[1].count)) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    console.log(
      `${op.padEnd(52)} ${String(s.count).padStart(7)} ${String(s.errors).padStart(7)} ${String(s.serverErrors).padStart(5)} ` +
        `${percentile(sorted, 0.5).toFixed(1).padStart(8)} ${percentile(sorted, 0.99).toFixed(1).padStart(8)}`,
    );
  }
  const rss = samples.map((s) => s.rss).filter((x): x is number => x !== null);
  const errors = errorsSoFar();
  const serverErrors = [...stats.values()].reduce((n, s) => n + s.serverErrors, 0);
  console.log(
    `\nRSS: start ${rss[0]?.toFixed(1)} MiB, max ${Math.max(...rss).toFixed(1)} MiB, end ${rss[rss.length - 1]?.toFixed(1)} MiB`,
  );
  for (const r of results) if (r.status === 'rejected') console.log(`worker failed: ${String(r.reason)}`);
  if (errorSamples.length) console.log(`\nFirst errors:\n  ${errorSamples.join('\n  ')}`);
  console.log(
    `\nServer exit: ${crashedInLoad ? 'DIED DURING THE LOAD' : 'after SIGTERM'}: code ${exit.code}, signal ${exit.signal}`,
  );
  if (crashedInLoad || (exit.code !== 0 && exit.signal === null) || exit.signal === 'SIGKILL') {
    console.log(`\nLast server output:\n${server.tail.join('\n')}`);
  }
  const ok =
    !crashedInLoad && exit.code === 0 && errors === 0 && results.every((r) => r.status === 'fulfilled');
  console.log(
    `\nSoak ${ok ? 'PASS' : 'FAIL'}: ${soak.totalRequests} requests, ${errors} errors (${serverErrors} 5xx), ` +
      `server ${crashedInLoad ? 'died' : 'alive to the end'}, exit code ${exit.code}`,
  );
  rmSync(server.dataDir, { recursive: true, force: true });
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
