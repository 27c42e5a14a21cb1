/**
 * Kept whole: one entry a query or mutation, so that what a mutation invalidates is read beside
 * every key it names.
 *
 * Every query hook, one entry each: its key and call, or its call and the data its success
 * changes (invalidated across modules). Made by `defineQuery` / `defineMutation` (define.ts).
 * Query hooks take their ids, then optional `useQuery` extras; they wait for a stored token.
 */
import { type QueryKey, useMutationState } from '@tanstack/react-query';
import { api } from '../api';
import type {
  CategoryUpdateBody,
  OptionRowUpdateBody,
  OptionUpdateBody,
  ProductUpdateBody,
  RestaurantUpdateBody,
  StopListResult,
  UploadTargetType,
} from '../schemas';
import { replaceInLists } from './cache';
import { queryClient } from './client';
import { defineMutation, defineQuery, defineQueryById } from './define';
import { queryKeys as k } from './keys';

type Files = Iterable<File | Blob> | ArrayLike<File | Blob>;
const has = (id: string | undefined): boolean => !!id;

// What the writes change, named once.
const RESTAURANTS: QueryKey[] = [k.restaurants.all()];
const CATALOG: QueryKey[] = [k.categories.all(), k.products.all(), k.options.all(), k.optionRows.all()];
const PRODUCTS_AND_CATEGORIES: QueryKey[] = [k.products.all(), k.categories.all()];

// ---------- profile ----------

/** The signed-in user's profile. */
export const useProfile = defineQuery({ key: k.profile, fetch: () => api.auth.profile() });

// ---------- restaurants ----------

export const useAdminRestaurants = defineQuery({
  key: k.restaurants.adminList,
  fetch: () => api.restaurants.adminList(),
});

/** Rows a page of the admin's restaurant table holds (the tables' page size, ui/pagination.tsx). */
export const ADMIN_PAGE_SIZE = 10;

/**
 * One page of the admin's restaurant table (`page` from "1"; `sort` by 30-day visits or none):
 * the server reads only those rows and the counters.
 */
export const useAdminRestaurantsPage = defineQuery({
  key: k.restaurants.adminPage,
  fetch: (page: string, sort: string | undefined) =>
    api.restaurants.adminList({
      page: Number(page),
      limit: ADMIN_PAGE_SIZE,
      ...(sort === 'visits_desc' || sort === 'visits_asc' ? { sort } : {}),
    }),
});

/** The manager's own restaurant, or null (`/manager/restaurants/me`: a list or an object). */
export const useMyRestaurant = defineQuery({ key: k.restaurants.mine, fetch: api.restaurants.mine });

export const useRestaurantBySlug = defineQueryById(k.restaurants.view, api.restaurants.view);

export const useCreateRestaurant = defineMutation({
  run: api.restaurants.create,
  invalidates: [...RESTAURANTS, k.managers()],
});

export const useUpdateRestaurant = defineMutation({
  run: ({ slug, changed }: { slug: string; changed: RestaurantUpdateBody }) =>
    api.restaurants.update(slug, changed),
  invalidates: RESTAURANTS,
});

/** A restaurant's old slugs, newest first (under restaurants: a rename refreshes them). */
export const useOldSlugs = defineQueryById(k.restaurants.oldSlugs, api.restaurants.oldSlugs);

/** The restaurant's Telegram bot as checked (docs/TELEGRAM.md). */
export const useTelegramStatus = defineQueryById(k.restaurants.telegram, api.telegram.status);

/** A restaurant's Payme and Click credentials as the admin sees them: never a secret (docs/PAYMENTS.md). */
export const usePaymentSettings = defineQueryById(k.restaurants.payments, api.payments.settings);

/** Saves them; a secret left out keeps the saved one. */
export const useChangePaymentSettings = defineMutation({
  run: api.payments.change,
  invalidates: [k.restaurants.all()],
});

/** A page of the restaurant's daily statements, newest day first (docs/PAYMENTS.md, "Reconciliation"). */
export const useStatements = defineQuery({
  key: (restaurantId: string, page: string) => k.restaurants.statements(restaurantId, page),
  fetch: (restaurantId, page) => api.payments.statements(restaurantId, Number(page)),
  ready: has,
});

/** A day's statements with their differences. */
export const useDayStatements = defineQuery({
  key: (restaurantId: string, day: string | undefined) => k.restaurants.statementDay(restaurantId, day ?? ''),
  fetch: (restaurantId, day) => api.payments.dayStatements(restaurantId, day ?? ''),
  ready: (restaurantId, day) => has(restaurantId) && has(day),
});

/** «Hisobotni yangilash»: the day built now. */
export const useRebuildStatements = defineMutation({
  run: api.payments.rebuildDay,
  invalidates: [k.restaurants.statementsAll()],
});

/**
 * «Hisob yopildi»: the staff close a table (paid at the till); 409 while an unfinished payment
 * holds its bill (docs/PAYMENTS.md, "A hold that ends"). Nothing the board shows changes.
 */
export const useCloseTable = defineMutation({ run: api.payments.closeTable, invalidates: [] });

/** An admin ends the unfinished payments holding a table's bill, with a reason. */
export const useReleaseHold = defineMutation({ run: api.payments.releaseHold, invalidates: [] });

/** The provider's list added to a day. */
export const useReconcile = defineMutation({
  run: api.payments.reconcile,
  invalidates: [k.restaurants.statementsAll()],
});

/** "Sinov xabari": a test message to the restaurant's chat (its status refreshed after). */
export const useTelegramTest = defineMutation({
  run: (restaurantId: string) => api.telegram.test(restaurantId),
  invalidates: [k.restaurants.telegramAll()],
});

/** Releases an old slug: it stops redirecting, another restaurant may take it. */
export const useReleaseOldSlug = defineMutation({
  run: api.restaurants.releaseOldSlug,
  invalidates: RESTAURANTS,
});

/** Deletes by slug (`DELETE /admin/restaurants/delete?slug=`), or by id when `{ id }` is given. */
export const useDeleteRestaurant = defineMutation({
  run: (target: { slug: string } | { id: string }) =>
    'slug' in target ? api.restaurants.deleteBySlug(target.slug) : api.restaurants.deleteById(target.id),
  invalidates: [...RESTAURANTS, ...CATALOG],
});

// ---------- managers ----------

export const useManagers = defineQuery({ key: k.managers, fetch: api.managers.list });

export const useCreateManager = defineMutation({ run: api.managers.create, invalidates: [k.managers()] });

/** Every manager account, deactivated ones too (shares the managers' key prefix: one invalidation). */
export const useManagerAccounts = defineQuery({ key: k.managerAccounts, fetch: api.managers.accounts });

export const useResetManagerPassword = defineMutation({
  run: ({ id, password }: { id: string; password: string }) => api.managers.resetPassword(id, password),
  invalidates: [],
});

/** A deactivated manager leaves the select of restaurant forms (the active list) too. */
export const useSetManagerActive = defineMutation({
  run: ({ id, isActive }: { id: string; isActive: boolean }) => api.managers.setActive(id, isActive),
  invalidates: [k.managers()],
});

/** The caller's own password; answers a new token (the other sessions end). */
export const useChangePassword = defineMutation({ run: api.auth.changePassword, invalidates: [] });

// ---------- integration ----------

export const useIntegrationRestaurants = defineQuery({ key: k.integration, fetch: api.integration.list });

export const useCreateIntegrationRestaurant = defineMutation({
  run: api.integration.create,
  invalidates: [...RESTAURANTS, k.managers(), ...CATALOG],
});

export const useSyncRestaurant = defineMutation({
  key: k.restaurants.sync(),
  run: (id: string) => api.integration.sync(id),
  invalidates: [...RESTAURANTS, ...CATALOG],
});

/** POS (iiko, Poster): the steps of the connect dialog are mutations (they send credentials). */
export const usePosLocations = defineMutation({ run: api.pos.locations, invalidates: [] });
export const usePosPreview = defineMutation({ run: api.pos.preview, invalidates: [] });
export const usePosImport = defineMutation({
  run: api.pos.import,
  invalidates: [...RESTAURANTS, k.managers(), ...CATALOG],
});
/** A POS restaurant's integration and last sync (refetched after a sync: it is under restaurants). */
export const usePosAccount = defineQuery({
  key: k.posAccount,
  fetch: api.pos.account,
  ready: (id: string) => !!id,
});

/** Whether a sync of this restaurant is running, wherever it was started (it outlives its row). */
export function useIsSyncing(id: string): boolean {
  const pending = useMutationState(
    {
      filters: {
        mutationKey: k.restaurants.sync(),
        status: 'pending',
        predicate: (mutation) => mutation.state.variables === id,
      },
    },
    queryClient,
  );
  return pending.length > 0;
}

// ---------- uploads ----------

export const useUploadRestaurantImage = defineMutation({
  run: ({ restaurantId, type, files }: { restaurantId: string; type: UploadTargetType; files: Files }) =>
    api.upload.restaurantImage(restaurantId, type, files),
  invalidates: RESTAURANTS,
});

export const useUploadProductImages = defineMutation({
  run: ({ productId, files }: { productId: string; files: Files }) =>
    api.upload.productImages(productId, files),
  invalidates: [k.products.all()],
});

// ---------- categories ----------

/** Categories of a restaurant for its manager/admin (`restaurantId` required for admins). */
export const useManagerCategories = defineQuery({
  key: (restaurantId?: string) => k.categories.manager(restaurantId),
  fetch: (restaurantId) => api.categories.managerList(restaurantId),
});

export const useCreateCategory = defineMutation({
  run: api.categories.create,
  invalidates: [k.categories.all()],
});

export const useUpdateCategory = defineMutation({
  run: ({ id, changed }: { id: string; changed: CategoryUpdateBody }) => api.categories.update(id, changed),
  invalidates: PRODUCTS_AND_CATEGORIES,
});

export const useDeleteCategory = defineMutation({ run: api.categories.remove, invalidates: CATALOG });

// ---------- products ----------

export const useManagerProducts = defineQuery({
  key: (restaurantId?: string) => k.products.manager(restaurantId),
  fetch: (restaurantId) => api.products.managerList(restaurantId),
});

export const useProductDetail = defineQueryById(k.products.detail, api.products.detail);

export const useCreateProduct = defineMutation({
  run: api.products.create,
  invalidates: PRODUCTS_AND_CATEGORIES,
});

/**
 * The answer goes into the restaurant's product list (the one set of rows the product table and
 * the stop-list read: a status toggle refetches no 1,000-product list); the rest is refetched.
 */
export const useUpdateProduct = defineMutation({
  run: ({ id, changed }: { id: string; changed: ProductUpdateBody }) => api.products.update(id, changed),
  update: (product) => replaceInLists(k.products.managerAll(), [product]),
  invalidates: [k.products.details(), k.categories.all()],
});

export const useDeleteProduct = defineMutation({ run: api.products.remove, invalidates: CATALOG });

// ---------- options and rows ----------

const OPTIONS: QueryKey[] = [k.options.all(), k.products.all()];
// a restaurant's options carry their rows (the untranslated-items screen)
const ROWS: QueryKey[] = [k.optionRows.all(), k.products.all(), k.options.restaurantAll()];

export const useProductOptions = defineQueryById(k.options.byProduct, api.options.listByProduct);

/** Every option of a restaurant with its rows (`restaurantId` required for admins). */
export const useRestaurantOptions = defineQuery({
  key: (restaurantId?: string) => k.options.restaurant(restaurantId),
  fetch: (restaurantId) => api.options.restaurantList(restaurantId),
});

export const useCreateOption = defineMutation({ run: api.options.create, invalidates: OPTIONS });

export const useUpdateOption = defineMutation({
  run: ({ id, body }: { id: string; body: OptionUpdateBody }) => api.options.update(id, body),
  invalidates: OPTIONS,
});

export const useDeleteOption = defineMutation({
  run: api.options.remove,
  invalidates: [...OPTIONS, k.optionRows.all()],
});

export const useOptionRows = defineQueryById(k.optionRows.byOption, api.optionRows.listByOption);

export const useCreateOptionRow = defineMutation({ run: api.optionRows.create, invalidates: ROWS });

export const useUpdateOptionRow = defineMutation({
  run: ({ id, changed }: { id: string; changed: OptionRowUpdateBody }) => api.optionRows.update(id, changed),
  invalidates: ROWS,
});

export const useDeleteOptionRow = defineMutation({ run: api.optionRows.remove, invalidates: ROWS });

// ---------- stop-list ----------

/**
 * The stop-list answer holds every product and category whose state changed: written into the
 * manager lists the catalog and the stop-list screen read (no refetch of a 1,000-product list).
 */
function applyStopListResult(result: StopListResult): void {
  replaceInLists(k.products.managerAll(), result.products);
  replaceInLists(k.categories.managerAll(), result.categories);
}

/**
 * `POST /manager/stop-list`: the answer goes into the manager lists; what shows those products
 * otherwise (their details) is refetched. No restaurant field changes.
 */
export const useApplyStopList = defineMutation({
  run: api.stopList.apply,
  update: applyStopListResult,
  invalidates: [k.products.details()],
});

// ---------- placements and visits ----------

/** A restaurant's placements (a manager's own without an id). */
export const usePlacements = defineQuery({
  key: (restaurantId?: string) => k.placements.list(restaurantId),
  fetch: (restaurantId?: string) => api.placements.list(restaurantId),
});

// the ordering switches list the placements too
export const useCreatePlacements = defineMutation({
  run: api.placements.create,
  invalidates: [k.placements.all(), k.orders.orderingAll()],
});

export const useRenamePlacement = defineMutation({
  run: ({ id, name }: { id: string; name: string }) => api.placements.rename(id, name),
  invalidates: [k.placements.all(), k.visits.all(), k.orders.orderingAll()],
});

export const useDeletePlacement = defineMutation({
  run: ({ id }: { id: string }) => api.placements.remove(id),
  invalidates: [k.placements.all(), k.visits.all(), k.orders.orderingAll()],
});

/** The menu page's visits: 30 days, totals, placements, languages (one request). */
export const useVisitStats = defineQuery({
  key: (restaurantId?: string) => k.visits.stats(restaurantId),
  fetch: (restaurantId?: string) => api.visits.stats(restaurantId),
});

// ---------- the modules' releases (docs/RELEASES.md) ----------

/** Every module's releases, loads and failures (the admin's Modullar page). */
export const useReleasesOverview = defineQuery({
  key: () => k.releases(),
  fetch: () => api.releases.overview(),
});

/** A change of the modules' releases: the Modullar page reads them again. */
const changeReleases = <V, R>(run: (variables: V) => Promise<R>) =>
  defineMutation({ run, invalidates: [k.releases()] });

export const usePromoteRelease = changeReleases(({ module }: { module: string }) =>
  api.releases.promote(module),
);

export const useRollbackRelease = changeReleases(({ module }: { module: string }) =>
  api.releases.rollback(module),
);

export const useSetCanaryShare = changeReleases(({ module, share }: { module: string; share: number }) =>
  api.releases.setCanaryShare(module, share),
);

export const useCreateDeployKey = changeReleases(({ module }: { module: string }) =>
  api.releases.createDeployKey(module),
);

/** Allows releases from an origin (a CDN): the Modullar page's list. */
export const useAllowReleaseOrigin = changeReleases(({ origin }: { origin: string }) =>
  api.releases.allowOrigin(origin),
);

export const useDisallowReleaseOrigin = changeReleases(({ id }: { id: string }) =>
  api.releases.disallowOrigin(id),
);
