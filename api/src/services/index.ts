/**
 * The services: the domains' rules between the routes and the repositories. A route validates,
 * checks who calls (handing the service its access check, context.ts `AssertOwner`), calls one
 * service method and answers; the integration's import and sync, the POS's work, the demo seed
 * and the benches call the same methods. A service owns its domain's rules (each file's header
 * says which): rows and their defaults, what a write also changes, what it sets off (effects.ts:
 * stale answers, released pictures). Services take repositories and never HTTP requests.
 *
 * `servicesPlugin` decorates one per domain: `app.catalog`, `app.pictures`, `app.restaurants`,
 * `app.accounts`, `app.placements`, `app.visitStats`, `app.releases`, `app.orders`, `app.payments`,
 * `app.reports`, `app.staff`; and
 * `app.transaction(work)`, the same services bound to one transaction, whose effects run once
 * after the commit.
 */
import fp from 'fastify-plugin';
import type { PictureLimits } from '../images/limits';
import { type SecretBox, secretBox } from '../integration/secrets';
import type { Repositories } from '../repos';
import type { CacheBus, OrderNotices } from '../state/types';
import type { FileStorage } from '../storage/types';
import type { VisitCounter } from '../visits';
import { accountsService } from './accounts';
import { catalogService } from './catalog';
import type { ServiceContext } from './context';
import { deferredEffects, type Effects, immediateEffects, type Logger } from './effects';
import {
  AddressWindow,
  DEFAULT_LIVE_LIMITS,
  DEFAULT_ORDER_RATE_LIMITS,
  type LiveLimits,
  type OrderRateLimits,
  type OrdersShared,
  orderLive,
  ordersService,
} from './orders';
import { DEFAULT_PAYMENTS_SETTINGS, type PaymentsSettings, paymentsService } from './payments';
import { picturesService } from './pictures';
import { placementsService } from './placements';
import { type ReleaseRuntime, type ReleaseSettings, releaseRuntime, releasesService } from './releases';
import { reportsService } from './reports';
import { restaurantsService } from './restaurants';
import type { BotSetup } from './restaurants/bot';
import { type StaffSettings, staffService } from './staff';
import { visitStatsService } from './visit-stats';

export type { AssertOwner } from './context';

export interface ServiceDeps {
  repos: Repositories;
  storage: FileStorage;
  cacheBus: CacheBus;
  pictureLimits: PictureLimits;
  visits: VisitCounter;
  log: Logger;
  /** Where release manifests may come from and the canary threshold (services/releases/). */
  releases: ReleaseSettings;
  /** Wakes the order streams of every server (state/). */
  orderNotices: OrderNotices;
  /** Orders and calls per address and table (services/orders/limits.ts); defaults otherwise. */
  orderLimits?: Partial<OrderRateLimits> | undefined;
  /** The live streams one server holds (services/orders/live.ts); defaults otherwise. */
  streamLimits?: Partial<LiveLimits> | undefined;
  /** Checks a restaurant's bot with Telegram before it is saved (telegram/setup.ts); none: tokens refused. */
  bots?: BotSetup | undefined;
  /** Seals the merchant secrets (the POS's box); none: secrets cannot be stored. */
  box?: SecretBox | undefined;
  /** The providers' addresses and clock (services/payments/context.ts). */
  payments?: Partial<PaymentsSettings> | undefined;
  /** The staff PINs' key (services/staff/pin.ts). */
  staff: StaffSettings;
}

export interface Services {
  catalog: ReturnType<typeof catalogService>;
  pictures: ReturnType<typeof picturesService>;
  restaurants: ReturnType<typeof restaurantsService>;
  accounts: ReturnType<typeof accountsService>;
  placements: ReturnType<typeof placementsService>;
  visitStats: ReturnType<typeof visitStatsService>;
  releases: ReturnType<typeof releasesService>;
  orders: ReturnType<typeof ordersService>;
  payments: ReturnType<typeof paymentsService>;
  reports: ReturnType<typeof reportsService>;
  staff: ReturnType<typeof staffService>;
  /**
   * Runs `work` with the services (and `repos`, the repositories) bound to one transaction: all
   * its writes or none. Stale-answer notices and picture releases wait for the commit.
   */
  transaction<T>(work: (tx: Services, repos: Repositories) => Promise<T>): Promise<T>;
}

/** The deps with what lives once per app (the releases' copy in memory and pending reports). */
type Deps = ServiceDeps & { releaseRuntime: ReleaseRuntime };

function servicesOn(
  deps: Deps,
  orders: OrdersShared,
  repos: Repositories,
  effects: Effects,
  inTransaction: boolean,
): Services {
  const context: ServiceContext = {
    repos,
    effects,
    storage: deps.storage,
    pictureLimits: deps.pictureLimits,
    log: deps.log,
  };
  return {
    catalog: catalogService(context),
    pictures: picturesService(context),
    restaurants: restaurantsService(context, deps.bots),
    accounts: accountsService(context),
    placements: placementsService(context),
    visitStats: visitStatsService(context, deps.visits),
    releases: releasesService(context, deps.releaseRuntime),
    orders: ordersService(context, orders),
    payments: paymentsService({
      ...context,
      box: deps.box ?? secretBox(undefined),
      live: orders.live,
      settings: { ...DEFAULT_PAYMENTS_SETTINGS, ...deps.payments },
    }),
    reports: reportsService(context),
    staff: staffService(context, deps.staff),
    async transaction(work) {
      if (inTransaction) {
        // already in one: the same transaction, the same held effects
        return repos.transaction((trx) => work(servicesOn(deps, orders, trx, effects, true), trx));
      }
      const held = deferredEffects(deps);
      const result = await repos.transaction((trx) => work(servicesOn(deps, orders, trx, held, true), trx));
      await held.commit();
      return result;
    },
  };
}

/** The services on `deps.repos` (the database): what the plugin decorates, the seed and the benches use. */
export function createServices(deps: ServiceDeps): Services {
  const withRuntime = { ...deps, releaseRuntime: releaseRuntime(deps.releases) };
  const limits = { ...DEFAULT_ORDER_RATE_LIMITS, ...deps.orderLimits };
  // one per app, not per transaction: the streams' hub and the per-address counts
  const orders: OrdersShared = {
    limits,
    addresses: new AddressWindow(limits.windowMs, limits.addresses),
    tableMisses: new AddressWindow(limits.tableMissWindowMs, limits.addresses),
    live: orderLive(deps.repos, deps.orderNotices, deps.log, {
      ...DEFAULT_LIVE_LIMITS,
      ...deps.streamLimits,
    }),
  };
  return servicesOn(withRuntime, orders, deps.repos, immediateEffects(deps), false);
}

/** How often a server writes the reports it added up (and checks the canaries' threshold). */
export const REPORT_FLUSH_MS = 5000;

/** Decorates the app with its services (after the repositories, the state, the storage and the visit counter). */
export const servicesPlugin = fp(
  async (
    app,
    options: {
      bots?: BotSetup | undefined;
      box?: SecretBox | undefined;
      payments?: Partial<PaymentsSettings> | undefined;
    },
  ) => {
    const services = createServices({
      bots: options.bots,
      box: options.box,
      payments: options.payments,
      repos: app.repos,
      storage: app.storage,
      cacheBus: app.cacheBus,
      pictureLimits: app.appConfig.pictureLimits,
      visits: app.visits,
      log: app.log,
      releases: app.appConfig.releases,
      orderNotices: app.orderNotices,
      orderLimits: app.appConfig.orderLimits,
      streamLimits: app.appConfig.streamLimits,
      staff: { pinKey: app.appConfig.pinKey },
    });
    app.decorate('catalog', services.catalog);
    app.decorate('pictures', services.pictures);
    app.decorate('restaurants', services.restaurants);
    app.decorate('accounts', services.accounts);
    app.decorate('placements', services.placements);
    app.decorate('visitStats', services.visitStats);
    app.decorate('releases', services.releases);
    app.decorate('orders', services.orders);
    app.decorate('payments', services.payments);
    app.decorate('reports', services.reports);
    app.decorate('staff', services.staff);
    // open streams would hold the server's close: they end first (clients reconnect elsewhere)
    app.addHook('preClose', async () => services.orders.closeStreams());
    app.decorate('transaction', services.transaction);
    // every server's copy of the releases goes when any server changes them (or notices were missed)
    const unsubscribe = app.cacheBus.subscribe((scope) => {
      if (scope === 'releases' || scope === 'answers') services.releases.forget();
    });
    const flush = () =>
      services.releases
        .flushReports()
        .catch((err: unknown) => app.log.warn({ err }, 'release reports not written; later ones still are'));
    const timer = setInterval(flush, REPORT_FLUSH_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      unsubscribe();
      await flush();
    });
  },
  { name: 'services', dependencies: ['repositories', 'state', 'visits'] },
);
