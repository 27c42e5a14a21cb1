/**
 * Production entry: reads its settings from the environment (config/settings.ts: every variable,
 * its default and rule in config/env.ts, docs/CONFIGURATION.md), builds the app, listens, and
 * closes gracefully on SIGTERM/SIGINT.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { findWorkspaceRoot, resolveDataDir } from './config/data-dir';
import { pictureLimits, readSettings, s3Config } from './config/settings';
import { lifecycleOf } from './http/lifecycle';
import { chooseLogFormat, prettyLogStream } from './http/log-format';
import { defaultGuestScriptsDir } from './public-menu/guest-script';
import { ConfigError } from './startup-checks';

const moduleDir = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const settings = readSettings();
  const dataDir = resolveDataDir(settings, process.cwd(), moduleDir);
  const logFormat = chooseLogFormat(settings.LOG_FORMAT, process.stdout.isTTY === true);
  const drainMs = settings.SHUTDOWN_DRAIN_MS;
  const shutdownTimeoutMs = settings.SHUTDOWN_TIMEOUT_MS;
  if (!settings.CLUSTER && !settings.JWT_SECRET && settings.DATABASE_URL?.startsWith('postgres')) {
    process.stderr.write(
      'JWT_SECRET unset: this server keeps a generated one in DATA_DIR; a second server on this database needs JWT_SECRET set on both (see docs/CONFIGURATION.md, "Several servers")\n',
    );
  }

  const app = await buildApp({
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    jwtSecret: settings.JWT_SECRET,
    tokenTtl: settings.TOKEN_TTL,
    adminLogin: settings.ADMIN_LOGIN,
    adminPassword: settings.ADMIN_PASSWORD,
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
    integrationFeedUrl: settings.INTEGRATION_FEED_URL,
    integrationSecretKey: settings.INTEGRATION_SECRET_KEY,
    iikoApiUrl: settings.IIKO_API_URL,
    posterApiUrl: settings.POSTER_API_URL,
    posImageHosts: settings.POS_IMAGE_HOSTS,
    posPictureTestOrigins: settings.POS_PICTURE_TEST_ORIGINS,
    telegramApiUrl: settings.TELEGRAM_API_URL,
    telegramWebhookUrl:
      settings.TELEGRAM_WEBHOOK_URL ??
      (settings.PUBLIC_MENU_URL ? new URL(settings.PUBLIC_MENU_URL).origin : undefined),
    paymeCheckoutUrl: settings.PAYME_CHECKOUT_URL,
    clickPayUrl: settings.CLICK_PAY_URL,
    clickAllowedAddresses: settings.CLICK_ALLOWED_ADDRESSES,
    posSchedule: { syncEveryMs: settings.POS_SYNC_INTERVAL_MINUTES * 60_000 },
    // the repository (found from this file, in src/ or dist/) serves the built front end
    webRoot: settings.WEB_ROOT ? resolve(settings.WEB_ROOT) : findWorkspaceRoot(moduleDir),
    releaseOrigins: settings.RELEASE_ORIGINS,
    canaryThreshold: {
      min_loads: settings.RELEASE_CANARY_MIN_LOADS,
      max_failure_rate: settings.RELEASE_CANARY_MAX_FAILURE_RATE,
    },
    remoteUrls: {
      mfe_auth: settings.REMOTE_MFE_AUTH_URL,
      mfe_restaurants: settings.REMOTE_MFE_RESTAURANTS_URL,
      mfe_catalog: settings.REMOTE_MFE_CATALOG_URL,
      mfe_stoplist: settings.REMOTE_MFE_STOPLIST_URL,
      mfe_orders: settings.REMOTE_MFE_ORDERS_URL,
      mfe_reports: settings.REMOTE_MFE_REPORTS_URL,
    },
    publicApiBase: settings.PUBLIC_API_BASE,
    publicMenuUrl: settings.PUBLIC_MENU_URL,
    // the API's own build of the guests' script, beside this file (dist/guest)
    guestScriptsDir: defaultGuestScriptsDir(moduleDir),
    logger: {
      level: settings.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logFormat === 'pretty' ? { stream: prettyLogStream(process.stdout) } : {}),
    },
    trustProxy: settings.TRUST_PROXY,
    requestTimeoutMs: settings.REQUEST_TIMEOUT_MS,
    s3: s3Config(settings),
    pictureLimits: pictureLimits(settings),
    orderLimits: { ordersPerRestaurant: settings.ORDER_RATE_LIMIT_PER_RESTAURANT },
    validateResponses: settings.VALIDATE_RESPONSES || settings.NODE_ENV === 'test',
    streamLimits: {
      perOrder: settings.ORDER_STREAMS_PER_ORDER,
      perAddress: settings.ORDER_STREAMS_PER_ADDRESS,
      guests: settings.ORDER_STREAMS_MAX,
    },
  });

  // Graceful stop (a rolling deploy): readiness answers 503 at once, so the load balancer stops
  // sending requests here; after SHUTDOWN_DRAIN_MS (the balancer's time to notice) the port is
  // closed, running requests finish (requests arriving on kept-alive connections get 503 with
  // `Connection: close`, which a balancer retries elsewhere), then the database pool closes.
  // Past SHUTDOWN_TIMEOUT_MS the process exits anyway.
  // While draining, every answer closes its connection: a kept-alive connection would otherwise
  // stay open (idle ones are closed only at the moment the port closes) and hold the exit.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycleOf(app).draining) void reply.header('connection', 'close');
    done(null, payload);
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

  const address = await app.listen({ port: settings.PORT, host: settings.HOST });
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
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : err);
  process.exit(1);
});
