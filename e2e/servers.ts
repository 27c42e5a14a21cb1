/**
 * Processes the e2e suite starts: the production server (`node api/dist/server.js`, fresh data
 * folder), a static server for a remote served from another origin, and a remote built alone
 * from a copy of its sources (the deploy test).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerEnv } from '../scripts/server-settings';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const ADMIN = { login: 'admin', password: 'admin12345' } as const;

/**
 * The suite's server of this worker: the global setup starts one per worker (each its own data
 * folder, so specs running side by side never see each other's restaurants or counters) and
 * lists their URLs in E2E_BASE_URLS; Playwright numbers the workers running at once from 0
 * (TEST_PARALLEL_INDEX). Undefined in the runner before the global setup has run.
 */
export function workerBaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const urls = env.E2E_BASE_URLS?.split(' ').filter(Boolean) ?? [];
  return urls[Number(env.TEST_PARALLEL_INDEX ?? 0)] ?? urls[0];
}

export interface RunningServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
  /** The server's data folder (the API server's; a spec may seed it, as `pnpm seed` does). */
  dataDir?: string;
}

/** Resolves after `ms`, or with the promise, whichever comes first (never waits unbounded). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Waits for the child's own "Listening on <url>" line (so a server that another process happened
 * to start on the same port is never mistaken for ours), then for its health answer. Every wait
 * is bounded.
 */
async function waitUntilServing(child: ChildProcess, output: () => string): Promise<string> {
  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    url ??= /^Listening on (http:\/\/\S+)$/m.exec(output())?.[1];
    if (url) {
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return url;
      } catch {
        // not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy${url ? ` at ${url}` : ''}:\n${output()}`);
}

/**
 * Starts the built server on 127.0.0.1 with a fresh temporary DATA_DIR and the e2e admin. Without
 * a port it listens on port 0 and reports the port it got (no window in which another process
 * can take a port picked in advance).
 */
export async function startApiServer(
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<RunningServer & { dataDir: string }> {
  const serverJs = join(ROOT, 'api/dist/server.js');
  if (!existsSync(serverJs)) throw new Error('api/dist/server.js missing: run `pnpm build` first');
  if (!existsSync(join(ROOT, 'shell/dist/index.html')))
    throw new Error('shell/dist missing: run `pnpm build`');
  const port = options.port && options.port > 0 ? options.port : 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [serverJs], {
    cwd: ROOT,
    env: builtServerEnv({ port, dataDir, admin: ADMIN, env: options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += String(d);
  });
  child.stderr?.on('data', (d) => {
    log += String(d);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // the server closes gracefully; a browser still holding connections must not stall the test
    if (
      (await within(
        exited.then(() => true),
        5000,
      )) === undefined
    ) {
      child.kill('SIGKILL');
      await within(exited, 5000);
    }
  };
  let url: string;
  try {
    url = await waitUntilServing(child, () => log);
  } catch (err) {
    await kill();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    stop: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Encodings the client accepts (q > 0), from an Accept-Encoding header. */
function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** The build's precompressed twin the client accepts (`.br`, else `.gz`), as a CDN would pick. */
function precompressed(file: string, acceptEncoding: string): { path: string; encoding?: string } {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br') && existsSync(`${file}.br`)) return { path: `${file}.br`, encoding: 'br' };
  if (accepted.has('gzip') && existsSync(`${file}.gz`)) return { path: `${file}.gz`, encoding: 'gzip' };
  return { path: file };
}

/**
 * A static file server with CORS (a remote deployed on its own origin), sending the build's
 * precompressed files. Logs every path served. stop() ends every connection at once: a browser
 * keeps idle keep-alive sockets open, and `server.close()` alone would wait for them.
 */
export async function startStaticServer(dir: string): Promise<RunningServer & { served: string[] }> {
  const root = resolve(dir);
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let path: string;
    try {
      path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    } catch {
      res.writeHead(400).end('bad path');
      return;
    }
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    served.push(path);
    const sent = precompressed(file, String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      Vary: 'Accept-Encoding',
      ...(sent.encoding ? { 'Content-Encoding': sent.encoding } : {}),
    });
    const stream = createReadStream(sent.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    served,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

// ---------- a remote built alone (the deploy test) ----------

export interface RemoteBuildOptions {
  /** The remote's folder in the workspace (`mfe-auth`). */
  app: string;
  /** `QRMENU_BUILD_LABEL`: shown on the login page, so a test sees which build is live. */
  label: string;
  /**
   * Build against a copy of `@qrmenu/shared` at this version: a remote built from a later commit,
   * whose manifest then requires `^<version>` of every shared subpath.
   */
  sharedVersion?: string;
  /** Changes to the copied sources (path under the remote's folder -> its new text from the old). */
  patch?: Record<string, (source: string) => string>;
}

/** Links every package of `from` (a node_modules folder) into `to`, except those in `except`. */
function linkPackages(from: string, to: string, except: Record<string, string> = {}): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) {
      for (const inner of readdirSync(join(from, name))) {
        const full = `${name}/${inner}`;
        mkdirSync(join(to, name), { recursive: true });
        symlinkSync(except[full] ?? realpathSync(join(from, full)), join(to, full), 'dir');
      }
    } else symlinkSync(except[name] ?? realpathSync(join(from, name)), join(to, name), 'dir');
  }
}

/**
 * Builds a copy of a remote as its team would on its own (`rspack build --mode production`, the
 * workspace's build factory and packages), in a temporary folder: nothing of the workspace's own
 * builds changes. Returns the folder of the build (its `dist`) and a clean-up.
 */
export async function buildRemoteCopy(
  options: RemoteBuildOptions,
): Promise<{ dist: string; remove: () => void }> {
  const tmp = mkdtempSync(join(tmpdir(), 'qrmenu-remote-build-'));
  const remove = () => rmSync(tmp, { recursive: true, force: true });
  try {
    const source = join(ROOT, options.app);
    const app = join(tmp, options.app);
    mkdirSync(app);
    cpSync(join(source, 'src'), join(app, 'src'), { recursive: true });
    cpSync(join(source, 'package.json'), join(app, 'package.json'));
    for (const [file, change] of Object.entries(options.patch ?? {})) {
      writeFileSync(join(app, file), change(readFileSync(join(app, file), 'utf8')));
    }
    const config = readFileSync(join(source, 'rspack.config.ts'), 'utf8').replaceAll(
      "'../tools/rspack/",
      `'${join(ROOT, 'tools/rspack')}/`,
    );
    writeFileSync(join(app, 'rspack.config.ts'), config);
    const except: Record<string, string> = {};
    if (options.sharedVersion) {
      const shared = join(tmp, 'shared');
      mkdirSync(shared);
      cpSync(join(ROOT, 'shared/src'), join(shared, 'src'), { recursive: true });
      const pkg = JSON.parse(readFileSync(join(ROOT, 'shared/package.json'), 'utf8')) as { version: string };
      pkg.version = options.sharedVersion;
      writeFileSync(join(shared, 'package.json'), JSON.stringify(pkg, null, 2));
      symlinkSync(realpathSync(join(ROOT, 'shared/node_modules')), join(shared, 'node_modules'), 'dir');
      except['@qrmenu/shared'] = shared;
    }
    linkPackages(join(source, 'node_modules'), join(app, 'node_modules'), except);
    const cli = join(realpathSync(join(source, 'node_modules/@rspack/cli')), 'bin/rspack.js');
    let log = '';
    const child = spawn(process.execPath, [cli, 'build', '--mode', 'production'], {
      cwd: app,
      env: { ...process.env, NODE_ENV: 'production', QRMENU_BUILD_LABEL: options.label },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      log += String(d);
    });
    child.stderr?.on('data', (d) => {
      log += String(d);
    });
    const code = await within(
      new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c))),
      240_000,
    );
    if (code !== 0) {
      child.kill('SIGKILL');
      throw new Error(`build of ${options.app} (${options.label}) failed (${code}):\n${log}`);
    }
    return { dist: join(app, 'dist'), remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/** Puts a build's files in `dir` in place of what was there (a deploy to a fixed address). */
export function deployInto(dir: string, dist: string): void {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
  cpSync(dist, dir, { recursive: true });
}
