/**
 * `buildApp(options)`: the app, part by part (docs/ARCHITECTURE.md, "Server"). Each part is a
 * plugin of `plugins/` that reads its own options (their types are its own, joined here into
 * `BuildAppOptions`); a new part is one file there and one line here, in the order the parts
 * depend on each other.
 */
import { join, resolve } from 'node:path';
import { parsePublicMenuUrl } from './config/env';
import { privateDir } from './config/private-files';
import { answerCache } from './http/answer-cache';
import { checkTrustProxy } from './http/trust-proxy';
import { providersPlugin } from './integration';
import { startPosSchedule } from './integration/pos/schedule';
import { type AppConfigOptions, appConfigOf, loadJwtSecret } from './plugins/app-config';
import { type DatabaseOptions, openDatabase } from './plugins/database';
import { type FrontEndOptions, frontEndsPlugin } from './plugins/front-ends';
import { httpPlugin } from './plugins/http';
import { openApiPlugin } from './plugins/openapi';
import { type PosOptions, posPlugin } from './plugins/pos';
import { apiRoutesPlugin } from './plugins/routes';
import { createServer, loggerOf, type ServerOptions } from './plugins/server';
import { type DomainOptions, domainPlugin } from './plugins/services';
import { repositoriesPlugin } from './repos';
import { statePlugin } from './state';
import type { App } from './types';
import { type VisitsOptions, visitsPlugin } from './visits';

export type { App, AppConfig } from './types';

export interface BuildAppOptions
  extends DatabaseOptions,
    ServerOptions,
    AppConfigOptions,
    PosOptions,
    DomainOptions,
    FrontEndOptions {
  /** Holds the default SQLite database, uploads and a generated JWT secret. */
  dataDir: string;
  /** How long the answer cache keeps an answer (default PUBLIC_CACHE_TTL_MS; 0: off). */
  answerCacheTtlMs?: number | undefined;
  /** Failed logins allowed per address and window (default 10 per 15 min). */
  loginRateLimit?: { max: number; windowMs: number; pruneEveryMs?: number };
  /** The guests' visit counter: on by default, written every 5 s. */
  visits?: VisitsOptions;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const publicMenuBase = parsePublicMenuUrl(options.publicMenuUrl); // before anything is opened
  const trustProxy = checkTrustProxy(options.trustProxy); // before anything is opened
  const dataDir = resolve(options.dataDir);
  const uploadsDir = join(dataDir, 'uploads');
  // password hashes, sealed keys, the visits' salt, pictures: this user's only (config/private-files.ts)
  privateDir(dataDir);
  privateDir(uploadsDir);
  const webRoot = options.webRoot ? resolve(options.webRoot) : undefined;

  const database = await openDatabase(options, dataDir, webRoot);
  const app = createServer(options, trustProxy);

  // one secret signs the access tokens and, under a key of its own, the release report tokens
  const jwtSecret = loadJwtSecret(dataDir, options.jwtSecret);
  app.decorate('db', database.conn.db);
  answerCache(database.conn.db, options.answerCacheTtlMs);
  app.decorate('dbDialect', database.conn.dialect);
  app.decorate(
    'appConfig',
    appConfigOf(options, { dataDir, uploadsDir, webRoot }, publicMenuBase, jwtSecret),
  );
  database.attach(app);
  await app.register(repositoriesPlugin);
  await app.register(providersPlugin);
  await app.register(posPlugin, options);
  await app.register(statePlugin, { loginRateLimit: options.loginRateLimit, pubsub: database.conn.pubsub });
  await app.register(visitsPlugin, options.visits ?? {});
  await app.register(domainPlugin, options);

  await app.register(httpPlugin, { jwtSecret });
  await app.register(openApiPlugin);
  await app.register(apiRoutesPlugin, { logRequests: !!loggerOf(options) });
  await app.register(frontEndsPlugin, options);

  if (options.posSchedule !== false) startPosSchedule(app, options.posSchedule ?? {});

  return app;
}
