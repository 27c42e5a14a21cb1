/**
 * Production entry: reads the environment of CONTRACT.md ("Runtime and start-up"), builds the
 * app, listens, and closes gracefully on SIGTERM/SIGINT.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { resolveDataDir } from './config/data-dir';
import { chooseLogFormat, LogFormatError, prettyLogStream } from './http/log-format';
import { parseTrustProxy, TrustProxyError } from './http/trust-proxy';

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

/** A start-up setting that cannot be used: told in one line, no stack trace. */
class ConfigError extends Error {}

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

async function main(): Promise<void> {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad PORT: ${env.PORT}`);
  const host = env.HOST || '0.0.0.0';
  const logFormat = chooseLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true);
  const dataDir = resolveDataDir(env, process.cwd(), dirname(fileURLToPath(import.meta.url)));

  const app = await buildApp({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    tokenTtl: env.TOKEN_TTL,
    adminLogin: env.ADMIN_LOGIN,
    adminPassword: env.ADMIN_PASSWORD,
    onAdminCreated(login, password, generated) {
      if (generated) {
        // printed once, on the first start with an empty database
        process.stdout.write(
          `\n  Admin created: login "${login}", password "${password}" (shown only once; set ADMIN_PASSWORD to choose it)\n\n`,
        );
      } else {
        process.stdout.write(`Admin "${login}" created from ADMIN_LOGIN/ADMIN_PASSWORD\n`);
      }
    },
    integrationFeedUrl: env.INTEGRATION_FEED_URL,
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
    validateResponses: env.VALIDATE_RESPONSES === '1' || env.NODE_ENV === 'test',
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
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

main().catch((err) => {
  // a configuration mistake is told in one line; anything else with its stack
  const told = err instanceof TrustProxyError || err instanceof ConfigError || err instanceof LogFormatError;
  console.error(told ? err.message : err instanceof Error ? err.stack : err);
  process.exit(1);
});
