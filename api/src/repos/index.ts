/**
 * The repositories: every read and write of an entity goes through its repository (routes,
 * the integration importer, the guests' menu). Each is bound to a handle, the database or a
 * transaction: `createRepositories(trx)` gives the same repositories inside one transaction.
 * The plugin decorates `app.repos` (bound to `app.db`).
 */
import type { TranslationsPatch } from '@qrmenu/shared/schemas';
import fp from 'fastify-plugin';
import type { CategoriesTable, OptionRowsTable, ProductOptionsTable, ProductsTable } from '../db';
import * as userAccounts from './accounts';
import * as catalog from './catalog';
import * as accounts from './integration-accounts';
import * as throttle from './login-throttle';
import * as menu from './menu';
import * as pictures from './pictures';
import * as placements from './placements';
import * as positions from './positions';
import { bind, inTransaction, type Q } from './query';
import * as restaurants from './restaurants';
import * as sessions from './sessions';
import * as slugs from './slug-history';
import { applyStopList } from './stop-list';
import { type TranslatedTable, updateTranslated } from './translations';
import * as users from './users';
import * as visits from './visits';

export function createRepositories(q: Q, dialect: 'sqlite' | 'postgres' = 'sqlite'): Repositories {
  return {
    ...entityRepositories(q, dialect),
    transaction: (work) => inTransaction(q, (trx) => work(createRepositories(trx, dialect))),
  };
}

function entityRepositories(q: Q, dialect: 'sqlite' | 'postgres') {
  /** `update` with translations merged in (repos/translations.ts), bound to the dialect. */
  const translatedUpdate =
    <Row>(table: TranslatedTable) =>
    (q: Q, id: string, set: Partial<Row>, translations?: TranslationsPatch) =>
      updateTranslated(q, dialect, table, id, set, translations);
  return {
    users: bind(q, {
      findByLogin: users.findUserByLogin,
      findById: users.findUserById,
      findActive: users.findActiveUser,
      listManagers: users.listManagers,
      create: users.createUser,
      ensureAdmin: users.ensureAdmin,
      listAccounts: userAccounts.listManagerAccounts,
      findManager: userAccounts.findManager,
      setPassword: userAccounts.setPassword,
      setActive: userAccounts.setActive,
    }),
    throttle: bind(q, {
      lock: throttle.lockFailures,
      save: throttle.saveFailures,
      clear: throttle.clearFailures,
      knownUntil: throttle.knownUntil,
      setKnown: throttle.setKnown,
      prune: throttle.pruneThrottle,
    }),
    sessions: bind(q, {
      epoch: sessions.sessionEpoch,
      raiseEpoch: sessions.raiseEpoch,
      revoke: sessions.revokeToken,
      findUser: sessions.findSessionUser,
    }),
    restaurants: bind(q, {
      list: restaurants.listRestaurants,
      findById: restaurants.findRestaurantById,
      findBySlug: restaurants.findRestaurantBySlug,
      findOfManager: restaurants.findRestaurantOfManager,
      findImported: restaurants.findImportedRestaurant,
      exists: restaurants.restaurantExists,
      isManagedBy: restaurants.isManagedBy,
      create: restaurants.insertRestaurant,
      update: (
        q: Q,
        id: string,
        set: Parameters<typeof restaurants.updateRestaurant>[2],
        oldSlug?: string,
        translations?: TranslationsPatch,
      ) => restaurants.updateRestaurant(q, id, set, oldSlug, translations, dialect),
      delete: restaurants.deleteRestaurant,
      countMenu: restaurants.countMenu,
    }),
    slugs: bind(q, {
      assertFree: slugs.assertSlugFree,
      like: slugs.slugsLike,
      findRenamed: slugs.findRenamedRestaurant,
    }),
    categories: bind(q, {
      list: catalog.listCategories,
      find: catalog.findCategory,
      listImported: catalog.listImportedCategories,
      create: catalog.insertCategory,
      ...positions.listWrites('categories'),
      update: catalog.updateCategory,
      updateTranslated: translatedUpdate<CategoriesTable>('categories'),
      delete: catalog.deleteCategories,
    }),
    products: bind(q, {
      list: catalog.listProducts,
      find: catalog.findProduct,
      findMany: catalog.findProducts,
      restaurantOf: catalog.restaurantOfProduct,
      optionsWithRows: catalog.optionsWithRows,
      listImported: catalog.listImportedProducts,
      create: catalog.insertProduct,
      ...positions.listWrites('products'),
      // a product may move into another category of its restaurant
      move: positions.moveProduct,
      update: catalog.updateProduct,
      updateTranslated: translatedUpdate<ProductsTable>('products'),
      rewriteImages: (q: Q, id: string, next: catalog.ImagesRewrite, at: string) =>
        catalog.rewriteImages(q, id, next, at, dialect),
      delete: catalog.deleteProducts,
      claimPosPictures: catalog.claimPosPictures,
      applyStopList,
    }),
    options: bind(q, {
      list: catalog.listOptions,
      ofRestaurant: catalog.optionsOfRestaurant,
      find: catalog.findOption,
      listImported: catalog.listImportedOptions,
      create: catalog.insertOption,
      ...positions.listWrites('product_options'),
      update: catalog.updateOption,
      updateTranslated: translatedUpdate<ProductOptionsTable>('product_options'),
      delete: catalog.deleteOptions,
    }),
    optionRows: bind(q, {
      list: catalog.listOptionRows,
      find: catalog.findOptionRow,
      listImported: catalog.listImportedOptionRows,
      create: catalog.insertOptionRow,
      ...positions.listWrites('option_rows'),
      update: catalog.updateOptionRow,
      updateTranslated: translatedUpdate<OptionRowsTable>('option_rows'),
      delete: catalog.deleteOptionRows,
    }),
    integrationAccounts: bind(q, {
      find: accounts.findAccount,
      list: accounts.listAccounts,
      create: accounts.insertAccount,
      tryLock: accounts.tryLock,
      unlock: accounts.unlock,
      recordSync: accounts.recordSync,
      recordPictures: accounts.recordPictures,
      applyStopList: accounts.applyPosStopList,
      findToken: accounts.findToken,
      saveToken: accounts.saveToken,
      deleteToken: accounts.deleteToken,
    }),
    pictures: bind(q, {
      add: pictures.addPictures,
      usedBytes: pictures.usedBytes,
      ofRestaurant: pictures.picturesOf,
      referencedIds: pictures.referencedPictureIds,
      restaurantsWithAny: pictures.restaurantsWithPictures,
      remove: pictures.removePictures,
      references: pictures.pictureReferences,
      swapReferences: pictures.swapPictureReferences,
    }),
    menu: bind(q, {
      findRestaurant: menu.findMenuRestaurant,
      findRenamed: menu.findRenamedRestaurant,
      activeRows: menu.activeMenuRows,
    }),
    placements: bind(q, {
      list: placements.listPlacements,
      find: placements.findPlacement,
      count: placements.countPlacements,
      createMany: placements.insertPlacements,
      rename: placements.renamePlacement,
      delete: placements.deletePlacement,
      owners: placements.placementOwners,
    }),
    visits: bind(q, {
      addViews: visits.addViews,
      addHashes: visits.addHashes,
      daySalt: visits.daySalt,
      foldDays: visits.foldDays,
      idsOfSlugs: visits.idsOfSlugs,
      daily: visits.dailyCounts,
      byPlacement: visits.viewsByPlacement,
      byLanguage: visits.viewsByLanguage,
      restaurantsWithVisits: visits.restaurantsWithVisits,
    }),
  };
}

export type Repositories = ReturnType<typeof entityRepositories> & {
  /** Runs `work` with repositories bound to one transaction (or this one, inside a transaction). */
  transaction<T>(work: (trx: Repositories) => Promise<T>): Promise<T>;
};

/** Decorates `app.repos`: the repositories bound to `app.db`. */
export const repositoriesPlugin = fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.db, app.dbDialect));
  },
  { name: 'repositories' },
);
