/**
 * How the benches, `pnpm start`'s throw-away servers (scripts/production-server.mjs) and the e2e
 * suite (e2e/servers.ts) start the built server (`node api/dist/server.js`): the environment it
 * gets, the free port it may take, and the demo's seed written beside it. Plain TypeScript (types only, erased): the scripts' .mjs
 * files import it under Node's type stripping, the benches and the e2e suite as TypeScript.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerAdmin {
  login: string;
  password: string;
}

/**
 * The built server's environment: production, on 127.0.0.1 at `port` (0: the system picks one and
 * the server prints it), its own data folder, `admin` as its first admin, warnings only in its
 * log. `inherited` is what the rest comes from (the caller's environment unless told); `env` adds
 * or overrides variables.
 */
export function builtServerEnv(settings: {
  port: number;
  dataDir: string;
  admin: ServerAdmin;
  env?: Record<string, string>;
  inherited?: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv {
  return {
    ...(settings.inherited ?? process.env),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(settings.port),
    DATA_DIR: settings.dataDir,
    ADMIN_LOGIN: settings.admin.login,
    ADMIN_PASSWORD: settings.admin.password,
    LOG_LEVEL: 'warn',
    ...settings.env,
  };
}

/**
 * The caller's environment without a database URL: a server compared across two checkouts
 * (`pnpm bench:compare`) runs on its own SQLite file whatever database the shell names.
 */
export function withoutDatabaseUrl(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, TEST_DATABASE_URL: _test, ...rest } = env;
  return rest;
}

/** A port of 127.0.0.1 free at this moment (the server is told it; it may be taken meanwhile). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Seeds the built server's data folder as `pnpm seed` does beside a running server (README.md,
 * "The demo"): `api/dist/seed.js` with the server's first admin; `timeout` in ms, none unless told.
 * Answers the finished process (its status, and what it printed: the demo's pages and codes).
 */
export function seedBesideServer(
  dataDir: string,
  admin: ServerAdmin,
  timeout?: number,
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [join(ROOT, 'api/dist/seed.js')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_LOGIN: admin.login, ADMIN_PASSWORD: admin.password },
    encoding: 'utf8',
    timeout,
  });
}
