/**
 * The repositories: every read and write of a table goes through its repository, one file per
 * table, each a factory `(q, dialect) => ({ methods })` whose method names are the ones callers
 * use. They are bound to a handle, the database or a transaction: `createRepositories(trx)`
 * gives the same repositories inside one transaction. The plugin decorates `app.repos` (bound
 * to `app.db`). A repository imports nothing above it (no service, route, http or integration
 * module: api/test/layers.test.ts).
 */
import fp from 'fastify-plugin';
import { billsRepository } from './bills';
import { categoriesRepository } from './categories';
import { clickTransactionsRepository } from './click-transactions';
import { deployKeysRepository } from './deploy-keys';
import { integrationAccountsRepository } from './integration-accounts';
import { integrationTokensRepository } from './integration-tokens';
import { leasesRepository } from './leases';
import { throttleRepository } from './login-throttle';
import { menuRepository } from './menu';
import { moduleChannelsRepository } from './module-channels';
import { moduleReleasesRepository } from './module-releases';
import { optionRowsRepository } from './option-rows';
import { optionsRepository } from './options';
import { orderEventsRepository } from './order-events';
import { orderNumbersRepository } from './order-numbers';
import { orderPosRepository } from './order-pos';
import { ordersRepository } from './orders';
import { paymeTransactionsRepository } from './payme-transactions';
import { paymentAccountsRepository } from './payment-accounts';
import { paymentPosRepository } from './payment-pos';
import { paymentReleasesRepository } from './payment-releases';
import { paymentStatementsRepository } from './payment-statements';
import { picturesRepository } from './pictures';
import { placementsRepository } from './placements';
import { productsRepository } from './products';
import { type Dialect, inTransaction, type Q } from './query';
import { rateCountsRepository } from './rate-counts';
import { releaseOriginsRepository } from './release-origins';
import { releaseReportsRepository } from './release-reports';
import { reportsRepository } from './reports';
import { restaurantsRepository } from './restaurants';
import { sessionsRepository } from './sessions';
import { slugsRepository } from './slug-history';
import { staffActionsRepository } from './staff-actions';
import { staffDevicesRepository } from './staff-devices';
import { tableCallsRepository } from './table-calls';
import { telegramBotsRepository } from './telegram-bots';
import { telegramGuestsRepository } from './telegram-guests';
import { telegramLinkCodesRepository } from './telegram-link-codes';
import { telegramOutboxRepository } from './telegram-outbox';
import { telegramUpdatesRepository } from './telegram-updates';
import { usersRepository } from './users';
import { visitsRepository } from './visits';

export type { Dialect, Q } from './query';

/** Every repository by the name callers use, with its factory: named once, made and typed from here. */
const FACTORIES = {
  users: usersRepository,
  throttle: throttleRepository,
  sessions: sessionsRepository,
  restaurants: restaurantsRepository,
  slugs: slugsRepository,
  categories: categoriesRepository,
  products: productsRepository,
  options: optionsRepository,
  optionRows: optionRowsRepository,
  integrationAccounts: integrationAccountsRepository,
  integrationTokens: integrationTokensRepository,
  pictures: picturesRepository,
  menu: menuRepository,
  placements: placementsRepository,
  visits: visitsRepository,
  releases: moduleReleasesRepository,
  releaseReports: releaseReportsRepository,
  channels: moduleChannelsRepository,
  deployKeys: deployKeysRepository,
  releaseOrigins: releaseOriginsRepository,
  orders: ordersRepository,
  orderNumbers: orderNumbersRepository,
  orderEvents: orderEventsRepository,
  orderPos: orderPosRepository,
  paymentPos: paymentPosRepository,
  tableCalls: tableCallsRepository,
  leases: leasesRepository,
  rateCounts: rateCountsRepository,
  telegramBots: telegramBotsRepository,
  telegramOutbox: telegramOutboxRepository,
  telegramUpdates: telegramUpdatesRepository,
  paymentAccounts: paymentAccountsRepository,
  bills: billsRepository,
  paymeTransactions: paymeTransactionsRepository,
  clickTransactions: clickTransactionsRepository,
  paymentStatements: paymentStatementsRepository,
  paymentReleases: paymentReleasesRepository,
  reports: reportsRepository,
  staffActions: staffActionsRepository,
  staffDevices: staffDevicesRepository,
  telegramLinkCodes: telegramLinkCodesRepository,
  telegramGuests: telegramGuestsRepository,
} satisfies Record<string, (q: Q, dialect: Dialect) => unknown>;

type Made = { [Name in keyof typeof FACTORIES]: ReturnType<(typeof FACTORIES)[Name]> };

export function createRepositories(q: Q, dialect: Dialect = 'sqlite'): Repositories {
  const made = Object.fromEntries(
    Object.entries(FACTORIES).map(([name, factory]) => [name, factory(q, dialect)]),
  ) as Made;
  return {
    ...made,
    transaction: (work) => inTransaction(q, (trx) => work(createRepositories(trx, dialect))),
  };
}

export interface Repositories extends Made {
  /** Runs `work` with repositories bound to one transaction (or this one, inside a transaction). */
  transaction<T>(work: (trx: Repositories) => Promise<T>): Promise<T>;
}

/** Decorates `app.repos`: the repositories bound to `app.db`. */
export const repositoriesPlugin = fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.db, app.dbDialect));
  },
  { name: 'repositories' },
);
