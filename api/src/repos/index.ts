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

export function createRepositories(q: Q, dialect: Dialect = 'sqlite'): Repositories {
  return {
    users: usersRepository(q),
    throttle: throttleRepository(q),
    sessions: sessionsRepository(q),
    restaurants: restaurantsRepository(q, dialect),
    slugs: slugsRepository(q),
    categories: categoriesRepository(q, dialect),
    products: productsRepository(q, dialect),
    options: optionsRepository(q, dialect),
    optionRows: optionRowsRepository(q, dialect),
    integrationAccounts: integrationAccountsRepository(q),
    integrationTokens: integrationTokensRepository(q),
    pictures: picturesRepository(q),
    menu: menuRepository(q),
    placements: placementsRepository(q),
    visits: visitsRepository(q, dialect),
    releases: moduleReleasesRepository(q, dialect),
    releaseReports: releaseReportsRepository(q),
    channels: moduleChannelsRepository(q, dialect),
    deployKeys: deployKeysRepository(q),
    releaseOrigins: releaseOriginsRepository(q),
    orders: ordersRepository(q),
    orderNumbers: orderNumbersRepository(q),
    orderEvents: orderEventsRepository(q, dialect),
    orderPos: orderPosRepository(q),
    paymentPos: paymentPosRepository(q),
    tableCalls: tableCallsRepository(q),
    leases: leasesRepository(q),
    rateCounts: rateCountsRepository(q),
    telegramBots: telegramBotsRepository(q),
    telegramOutbox: telegramOutboxRepository(q),
    telegramUpdates: telegramUpdatesRepository(q),
    paymentAccounts: paymentAccountsRepository(q),
    bills: billsRepository(q, dialect),
    paymeTransactions: paymeTransactionsRepository(q),
    clickTransactions: clickTransactionsRepository(q),
    paymentStatements: paymentStatementsRepository(q),
    paymentReleases: paymentReleasesRepository(q),
    reports: reportsRepository(q, dialect),
    staffActions: staffActionsRepository(q),
    staffDevices: staffDevicesRepository(q),
    telegramLinkCodes: telegramLinkCodesRepository(q),
    telegramGuests: telegramGuestsRepository(q),
    transaction: (work) => inTransaction(q, (trx) => work(createRepositories(trx, dialect))),
  };
}

export interface Repositories {
  users: ReturnType<typeof usersRepository>;
  throttle: ReturnType<typeof throttleRepository>;
  sessions: ReturnType<typeof sessionsRepository>;
  restaurants: ReturnType<typeof restaurantsRepository>;
  slugs: ReturnType<typeof slugsRepository>;
  categories: ReturnType<typeof categoriesRepository>;
  products: ReturnType<typeof productsRepository>;
  options: ReturnType<typeof optionsRepository>;
  optionRows: ReturnType<typeof optionRowsRepository>;
  integrationAccounts: ReturnType<typeof integrationAccountsRepository>;
  integrationTokens: ReturnType<typeof integrationTokensRepository>;
  pictures: ReturnType<typeof picturesRepository>;
  menu: ReturnType<typeof menuRepository>;
  placements: ReturnType<typeof placementsRepository>;
  visits: ReturnType<typeof visitsRepository>;
  releases: ReturnType<typeof moduleReleasesRepository>;
  releaseReports: ReturnType<typeof releaseReportsRepository>;
  channels: ReturnType<typeof moduleChannelsRepository>;
  deployKeys: ReturnType<typeof deployKeysRepository>;
  releaseOrigins: ReturnType<typeof releaseOriginsRepository>;
  orders: ReturnType<typeof ordersRepository>;
  orderNumbers: ReturnType<typeof orderNumbersRepository>;
  orderEvents: ReturnType<typeof orderEventsRepository>;
  orderPos: ReturnType<typeof orderPosRepository>;
  paymentPos: ReturnType<typeof paymentPosRepository>;
  tableCalls: ReturnType<typeof tableCallsRepository>;
  leases: ReturnType<typeof leasesRepository>;
  rateCounts: ReturnType<typeof rateCountsRepository>;
  telegramBots: ReturnType<typeof telegramBotsRepository>;
  telegramOutbox: ReturnType<typeof telegramOutboxRepository>;
  telegramUpdates: ReturnType<typeof telegramUpdatesRepository>;
  paymentAccounts: ReturnType<typeof paymentAccountsRepository>;
  bills: ReturnType<typeof billsRepository>;
  paymeTransactions: ReturnType<typeof paymeTransactionsRepository>;
  clickTransactions: ReturnType<typeof clickTransactionsRepository>;
  paymentStatements: ReturnType<typeof paymentStatementsRepository>;
  paymentReleases: ReturnType<typeof paymentReleasesRepository>;
  reports: ReturnType<typeof reportsRepository>;
  staffActions: ReturnType<typeof staffActionsRepository>;
  staffDevices: ReturnType<typeof staffDevicesRepository>;
  telegramLinkCodes: ReturnType<typeof telegramLinkCodesRepository>;
  telegramGuests: ReturnType<typeof telegramGuestsRepository>;
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
