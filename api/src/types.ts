/**
 * The app's type and everything Fastify is decorated with, in one module that imports no
 * route: route files and plugins import `App` from here, `app.ts` imports them (no circle).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DB } from './db';
import type { LoginLimiter } from './http/login-limiter';
import type { ProviderRegistry } from './integration/providers';
import type { RemoteName } from './remotes';
import type { Repositories } from './repos';
import type { FileStorage } from './storage/types';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppConfig {
  dataDir: string;
  uploadsDir: string;
  tokenTtl: string | number;
  integrationFeedUrl: string | undefined;
  webRoot: string | undefined;
  remoteUrls: Partial<Record<RemoteName, string | undefined>>;
  publicApiBase: string | undefined;
  /** PUBLIC_MENU_URL without a trailing slash, or null (this origin). */
  publicMenuBase: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    /** which database `db` talks to, for the few statements that differ (row locks) */
    dbDialect: 'sqlite' | 'postgres';
    appConfig: AppConfig;
    loginLimiter: LoginLimiter;
    /** Every read and write of the entities (repos/), bound to `db`. */
    repos: Repositories;
    /** Where uploaded files live (storage/): `put`, `get`, `delete`, `url`, `keyOf`. */
    storage: FileStorage;
    /** The integration providers by restaurant type (integration/providers/): `get(type)`, `default`. */
    providers: ProviderRegistry;
  }
}
