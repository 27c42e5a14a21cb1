/**
 * The app's type and everything Fastify is decorated with, in one module that imports no
 * route: route files and plugins import `App` from here, `app.ts` imports them (no circle).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DB } from './db';
import type { PosContext, PosOrdersService } from './integration/pos/types';
import type { ProviderRegistry } from './integration/providers';
import type { Repositories } from './repos';
import type { Services } from './services';
import type { CacheBus, Leases, LoginAttempts, OrderNotices, RateCounter } from './state/types';
import type { FileStorage } from './storage/types';
import type { TelegramService } from './telegram/types';
import type { VisitCounter } from './visits';

export type { AppConfig } from './config';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    /** which database `db` talks to, for the few statements that differ (row locks) */
    dbDialect: 'sqlite' | 'postgres';
    appConfig: AppConfig;
    /** Failed-login counts (state/): `attempt(address, login)`, `succeed(address, login)`. */
    loginAttempts: LoginAttempts;
    /** Stale-answer notices (state/): `publish(scope)`, `subscribe(listener)`. */
    cacheBus: CacheBus;
    /** New order events committed (state/): wakes every server's stream hub. */
    orderNotices: OrderNotices;
    rateCounter: RateCounter;
    leases: Leases;
    /** Every read and write of the tables (repos/), bound to `db`: what the services use. */
    repos: Repositories;
    /** The menu (services/catalog/): categories, products, options, rows, moves, the stop-list, sources. */
    catalog: Services['catalog'];
    /** Pictures (services/pictures.ts): uploads and a POS's, the quota, attaching, releasing. */
    pictures: Services['pictures'];
    /** Restaurants (services/restaurants/): create, edit, delete, slugs, managers, sources. */
    restaurants: Services['restaurants'];
    /** Users and passwords (services/accounts.ts). */
    accounts: Services['accounts'];
    /** Where QR codes are placed (services/placements.ts). */
    placements: Services['placements'];
    /** The manager's visit chart and CSV (services/visit-stats.ts). */
    visitStats: Services['visitStats'];
    /** The modules' releases (services/releases/): stable and canary, the split, deploy keys, reports. */
    releases: Services['releases'];
    /** Guests' orders and calls, the staff's board, the live streams (services/orders/). */
    orders: Services['orders'];
    /** A restaurant's waiters and kitchen: accounts, tables, devices, PINs, Telegram codes (services/staff/). */
    staff: Services['staff'];
    /** The table's bill paid with Payme and Click, the merchant endpoints (services/payments/). */
    payments: Services['payments'];
    /** «Hisobot»: the reports from the daily figures, and their files (services/reports/). */
    reports: Services['reports'];
    /** The restaurants' Telegram bots (telegram/): status, test message, webhook updates, the outbox. */
    telegram: TelegramService;
    /** The services bound to one transaction; their effects run once after the commit. */
    transaction: Services['transaction'];
    /** Where uploaded files live (storage/): `put`, `get`, `delete`, `url`, `keyOf`. */
    storage: FileStorage;
    /** The integration providers by restaurant type (integration/providers/): `get(type)`, `default`. */
    providers: ProviderRegistry;
    /** The POS providers (iiko, Poster), the credentials' sealing box, their HTTP policy. */
    pos: PosContext;
    /** Guests' orders into the POS (integration/pos/order-sender.ts): the sender's drain. */
    posOrders: PosOrdersService;
    /** The guests' visit counter (visits/): `count(...)` per served menu page, `flush()`. */
    visits: VisitCounter;
  }
}
