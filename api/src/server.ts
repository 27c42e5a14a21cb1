/**
 * Production entry: reads the environment of CONTRACT.md ("Runtime and start-up"), checks it
 * (startup-checks.ts), builds the app, listens, and closes gracefully on SIGTERM/SIGINT.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { resolveDataDir } from './config/data-dir';
import { lifecycleOf } from './http/lifecycle';
import { chooseLogFormat, LogFormatError, prettyLogStream } from './http/log-format';
import { parseTrustProxy, TrustProxyError } from './http/trust-proxy';
import { pictureLimitsFromEnv } from './images/limits';
import { ConfigError, checkStartup, isCluster, parseMs } from './startup-checks';
import { type S3Config, storageFromEnv } from './storage/s3';

const env = process.env;

/** The workspace root: WEB_ROOT, else the folder above `api/` (works from src/ and dist/). */
function findWebRoot(): string | undefined {
  if (env.WEB_ROOT) return resolve(env.WEB_ROOT);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    dir = dirname(dir);
  }
  return undefined;
}

/** REQUEST_TIMEOUT_MS: a whole number of milliseconds, at least 1000 (unset: the default). */
function parseRequestTimeout(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const ms = Number(v);
  if (!Number.isInteger(ms) || ms < 1000) {
    throw new ConfigError(
      `REQUEST_TIMEOUT_MS="${v}": give whole milliseconds, at least 1000 (default 120000)`,
    );
  }
  return ms;
}

/** STORAGE_DRIVER and the S3_* variables (storage/s3.ts); a mistake is told in one line. */
function parseStorage(): S3Config | undefined {
  try {
    return storageFromEnv(env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

async function main(): Promise<void> {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad PORT: ${env.PORT}`);
  const host = env.HOST || '0.0.0.0';
  const logFormat = chooseLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true);
  const dataDir = resolveDataDir(env, process.cwd(), dirname(fileURLToPath(import.meta.url)));
  checkStartup(env);
  const drainMs = parseMs('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 0, 0);
  const shutdownTimeoutMs = parseMs('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 1000, 30_000);
  if (!isCluster(env) && !env.JWT_SECRET?.trim() && env.DATABASE_URL?.trim().startsWith('postgres')) {
    process.stderr.write(
      'JWT_SECRET unset: this server keeps a generated one in DATA_DIR; a second server on this database needs JWT_SECRET set on both (see "Run several servers")\n',
    );
  }

  const app = await buildApp({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    tokenTtl: env.TOKEN_TTL,
    adminLogin: env.ADMIN_LOGIN,
    adminPassword: env.ADMIN_PASSWORD,
    onAdminCreated(login, password, generated) {
      if (generated) {
        // Into a file only this user can read, never into the logs (log collectors keep lines
        // for months and show them to more people than should log in as the admin).
        const file = writeAdminPasswordFile(dataDir, password);
        process.stdout.write(
          `Admin created: login "${login}", its generated password is in ${file} (readable by this user only; note it and delete the file, or set ADMIN_PASSWORD)\n`,
        );
      } else {
        process.stdout.write(`Admin "${login}" created from ADMIN_LOGIN/ADMIN_PASSWORD\n`);
      }
    },
    integrationFeedUrl: env.INTEGRATION_FEED_URL,
    integrationSecretKey: env.INTEGRATION_SECRET_KEY,
    iikoApiUrl: env.IIKO_API_URL,
    posterApiUrl: env.POSTER_API_URL,
    posImageHosts: (env.POS_IMAGE_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    posSchedule: {
      syncEveryMs: Number(env.POS_SYNC_INTERVAL_MINUTES || 15) * 60_000,
    },
    webRoot: findWebRoot(),
    remoteUrls: {
      mfe_auth: env.REMOTE_MFE_AUTH_URL,
      mfe_restaurants: env.REMOTE_MFE_RESTAURANTS_URL,
      mfe_catalog: env.REMOTE_MFE_CATALOG_URL,
      mfe_stoplist: env.REMOTE_MFE_STOPLIST_URL,
    },
    publicApiBase: env.PUBLIC_API_BASE,
    publicMenuUrl: env.PUBLIC_MENU_URL,
    logger: {
      level: env.LOG_LEVEL || 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logFormat === 'pretty' ? { stream: prettyLogStream(process.stdout) } : {}),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: parseRequestTimeout(env.REQUEST_TIMEOUT_MS),
    s3: parseStorage(),
    pictureLimits: (() => {
      try {
        return pictureLimitsFromEnv(env);
      } catch (err) {
        throw new ConfigError((err as Error).message);
      }
    })(),
    validateResponses: env.VALIDATE_RESPONSES === '1' || env.NODE_ENV === 'test',
  });

  // Graceful stop (a rolling deploy): readiness answers 503 at once, so the load balancer stops
  // sending requests here; after SHUTDOWN_DRAIN_MS (the balancer's time to notice) the port is
  // closed, running requests finish (requests arriving on kept-alive connections get 503 with
  // `Connection: close`, which a balancer retries elsewhere), then the database pool closes.
  // Past SHUTDOWN_TIMEOUT_MS the process exits anyway.
  // While draining, every answer closes its connection: a kept-alive connection would otherwise
  // stay open (idle ones are closed only at the moment the port closes) and hold the exit.
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycleOf(app).draining) void reply.header('connection', 'close');
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    lifecycleOf(app).draining = true;
    app.log.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('requests still running at SHUTDOWN_TIMEOUT_MS: exiting anyway');
      process.exit(1);
    }, shutdownTimeoutMs);
    force.unref();
    const drained = new Promise((r) => setTimeout(r, drainMs));
    drained
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port, host });
  // one plain line whatever LOG_LEVEL says: where to open it (PORT=0 picks a free port)
  process.stdout.write(`Listening on ${address}\n`);
}

/** DATA_DIR/admin-password, mode 0600 (created so: never readable by others, even for a moment). */
function writeAdminPasswordFile(dataDir: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'admin-password');
  // a file left from an earlier database may have other permissions: made anew, exclusively
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

main().catch((err) => {
  // a configuration mistake is told in one line; anything else with its stack
  const told = err instanceof TrustProxyError || err instanceof ConfigError || err instanceof LogFormatError;
  console.error(told ? err.message : err instanceof Error ? err.stack : err);
  process.exit(1);
});
