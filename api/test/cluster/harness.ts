/**
 * Several API processes behind a real HAProxy, as on several machines: each server its own
 * DATA_DIR, all on one PostgreSQL database (a fresh one per harness) with one JWT_SECRET.
 * Used by the cluster tests (the server from `src/` through tsx) and by the e2e cluster spec and
 * `pnpm bench:cluster` (the built `dist/server.js`). Every process is stopped by `stop()`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { localBucket, type S3rverClass } from '../s3-support';

// (import.meta.url, not __dirname: the bench runs this file as an ES module through tsx)
const API_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export const CLUSTER_ADMIN = { login: 'admin', password: 'cluster-admin-pass' } as const;
export const CLUSTER_JWT_SECRET = 'cluster-test-secret-0123456789abcdef';

/** HAProxy's binary, or null when the machine has none (the caller skips, saying so). */
export function findHaproxy(): string | null {
  for (const candidate of [process.env.HAPROXY_BIN, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolvePort(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A fresh, empty database beside the one at `baseUrl` (as a new deployment gets), and its URL.
 * A database, not a schema: Kysely looks for its bookkeeping tables in every schema, so one
 * left in `public` by another run would be taken for this deployment's.
 */
export async function freshDatabase(
  baseUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `qrmenu_c_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // with (force): a server killed mid-test may leave a connection behind
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
}

export interface ApiProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `ms` if it is still running. */
  stop(ms?: number): Promise<number | null>;
}

export interface ApiOptions {
  name: string;
  /** `src` (tsx, the sources as they are) or `dist` (the build, as production runs it). */
  entry: 'src' | 'dist';
  port: number;
  env: Record<string, string>;
  dataDir: string;
}

/**
 * What every server of a cluster on the database `databaseUrl` is given: the database, one
 * JWT_SECRET (a token from one is taken by the others) and one first admin; and `more`.
 */
export function clusterEnv(databaseUrl: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: CLUSTER_JWT_SECRET,
    ADMIN_LOGIN: CLUSTER_ADMIN.login,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    ...more,
  };
}

/**
 * The `i`-th server of a cluster (`api<i>`, from `entry`) with `env`, on a free port and a data
 * folder of its own made now (`qrmenu-<prefix>-<i>-…` in the temporary folder; the caller removes it).
 */
export async function serverSpec(
  i: number,
  prefix: string,
  entry: ApiOptions['entry'],
  env: Record<string, string>,
): Promise<ApiOptions> {
  return {
    name: `api${i}`,
    entry,
    port: await freePort(),
    env,
    dataDir: mkdtempSync(join(tmpdir(), `qrmenu-${prefix}-${i}-`)),
  };
}

/** Starts one API process and waits until its readiness answers 200. */
export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  const args =
    options.entry === 'dist'
      ? [join(API_DIR, 'dist', 'server.js')]
      : [
          '--import',
          pathToFileURL(join(API_DIR, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href,
          join(API_DIR, 'src', 'server.ts'),
        ];
  if (options.entry === 'dist' && !existsSync(args[0]!)) {
    throw new Error('api/dist/server.js missing: run `pnpm --filter @qrmenu/api build` first');
  }
  let out = '';
  const child = spawn(process.execPath, args, {
    // tsx takes the JSX settings of the menu page from api/tsconfig.json, found from the cwd
    cwd: API_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${options.port}`;
  const proc: ApiProcess = {
    name: options.name,
    port: options.port,
    url,
    child,
    output: () => out,
    exited,
    async stop(ms = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  await waitReady(proc);
  return proc;
}

async function waitReady(proc: ApiProcess, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    try {
      const res = await fetch(`${proc.url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${proc.name} not ready within ${ms} ms:\n${proc.output()}`);
}

/**
 * The balancer (live streams stay open: `timeout tunnel`, heartbeats): round robin over the servers, each checked on its readiness every 300 ms
 * (out after 3 failures, back after 1 success; a check may take 2 s); a request whose connection a server refused or
 * dropped, or that a draining server answered 503, is sent to another server (`retry-on`,
 * `option redispatch`). The configuration docs/OPERATIONS.md ("Several servers") recommends.
 */
export function haproxyConfig(
  port: number,
  servers: { name: string; port: number }[],
  maxConnections = 2048,
): string {
  return `global
  maxconn ${maxConnections}

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  # live streams (server-sent events) are long answers: their 20 s heartbeats keep the client
  # and server timeouts from calling them idle; a tunnelled connection may stay an hour
  timeout tunnel 1h
  # each event of a live stream is passed on as it comes: by default HAProxy asks the kernel to
  # wait for more (MSG_MORE), which holds a small event up to 200 ms
  option http-no-delay
  # a loaded server's readiness may take a moment: slow is not down
  timeout check 2s
  option http-keep-alive
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 503

frontend web
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/health/ready
  http-check expect status 200
  default-server inter 300ms fall 3 rise 1
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

export interface Balancer {
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** Starts HAProxy in the foreground on a free port and waits until it answers through a server. */
export async function startHaproxy(
  bin: string,
  servers: { name: string; port: number }[],
  maxConnections?: number,
): Promise<Balancer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'qrmenu-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, servers, maxConnections));
  let out = '';
  const child = spawn(bin, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const balancer: Balancer = {
    url,
    port,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return balancer;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await balancer.stop();
  throw new Error(`haproxy did not come up:\n${out}`);
}

export interface Cluster {
  balancer: Balancer;
  servers: ApiProcess[];
  /** The environment every server gets (one database, one secret, the shared storage). */
  env: Record<string, string>;
  /** Stops server `i` gracefully and starts it again on its port and DATA_DIR. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  size: number;
  entry: 'src' | 'dist';
  /** A PostgreSQL URL; the cluster runs on a fresh database beside it, dropped at the end. */
  databaseUrl: string;
  /** Extra variables for every server (e.g. STORAGE_DRIVER=s3 and the S3_* of a bucket). */
  env?: Record<string, string>;
  /** The balancer's connections at most (default 2048; a live stream holds one). */
  maxConnections?: number;
}

/** N servers started at the same moment on an empty database, then HAProxy in front of them. */
export async function startCluster(haproxyBin: string, options: ClusterOptions): Promise<Cluster> {
  const db = await freshDatabase(options.databaseUrl);
  const env = clusterEnv(db.url, { SHUTDOWN_DRAIN_MS: '1000', ...options.env });
  const specs = await Promise.all(
    Array.from({ length: options.size }, (_, i) => serverSpec(i + 1, 'cluster', options.entry, env)),
  );
  const servers: ApiProcess[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const s of specs) rmSync(s.dataDir, { recursive: true, force: true });
    await db.drop();
  };
  let balancer: Balancer;
  try {
    const started = await Promise.allSettled(specs.map((s) => startApi(s)));
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    balancer = await startHaproxy(haproxyBin, specs, options.maxConnections);
  } catch (err) {
    await stopAll();
    throw err;
  }
  return {
    balancer,
    servers,
    env,
    async restart(i) {
      await servers[i]!.stop();
      servers[i] = await startApi(specs[i]!);
    },
    async stop() {
      await balancer.stop();
      await stopAll();
    },
  };
}

/**
 * An S3-compatible store on 127.0.0.1 (s3rver, a dev dependency of the pictures' S3 driver) and
 * the variables that point a server at it: the shared bucket of a cluster. Null when s3rver is
 * not installed (a tree without the S3 driver): the caller says so and runs without pictures.
 */
export async function startS3(): Promise<{ env: Record<string, string>; stop(): Promise<void> } | null> {
  // a name in a variable: this file typechecks whether or not s3rver is installed
  const name = 's3rver';
  let S3rver: S3rverClass;
  try {
    S3rver = (await import(name)).default;
  } catch {
    return null;
  }
  const bucket = localBucket('qrmenu-cluster', S3rver);
  const s3 = await bucket.start();
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      // with the shared store, the start-up checks of a cluster apply
      CLUSTER: '1',
    },
    stop: () => bucket.close(),
  };
}
