/** The restaurants' resources: restaurants, their managers, the manager's stop-list. */
import { api } from '../api';
import { ROUTES } from '../paths';
import {
  queryKeys,
  useAdminRestaurants,
  useApplyStopList,
  useCreateManager,
  useCreateRestaurant,
  useDeleteRestaurant,
  useManagers,
  useMyRestaurant,
  useRestaurantBySlug,
  useUpdateRestaurant,
} from '../query';
import type { Manager, PublicRestaurant, Restaurant } from '../schemas';
import { t } from '../texts';
import type { Resource } from './resource';

const A = ROUTES.admin;
const M = ROUTES.manager;

export const restaurants = {
  name: 'restaurants',
  routes: {
    list: [A.restaurants],
    create: [A.restaurantNew],
    edit: [A.restaurantEdit],
    detail: [A.restaurant, M.restaurant],
  },
  keys: queryKeys.restaurants,
  api: api.restaurants,
  texts: {
    title: t.restaurants,
    add: t.addRestaurant,
    notFound: t.restaurantNotFound,
    empty: t.noRestaurants,
  },
  /** Every restaurant with counters (admins). */
  useList: useAdminRestaurants,
  /** The manager's own restaurant, or null. */
  useMine: useMyRestaurant,
  useBySlug: useRestaurantBySlug,
  useCreate: useCreateRestaurant,
  useUpdate: useUpdateRestaurant,
  remove: {
    use: useDeleteRestaurant,
    // deleted by slug: a restaurant without one cannot be deleted from here (spec 8)
    variables: (r) => ({ slug: r.slug }),
    guard: (r) => (r.slug ? undefined : t.slugMissing),
    label: (r) => r.name,
    success: t.restaurantDeleted,
    error: t.deleteError,
  },
} as const satisfies Resource<Restaurant | PublicRestaurant, { slug: string }>;

export const managers = {
  name: 'managers',
  routes: { list: [A.managers] },
  keys: { all: queryKeys.managers },
  api: api.managers,
  texts: { title: t.managers },
  useList: useManagers,
  useCreate: useCreateManager,
} as const satisfies Resource<Manager>;

export const stopList = {
  name: 'stopList',
  routes: { list: [M.stopList] },
  // the stop-list's rows are the manager's own products and categories (their resources' keys)
  keys: { products: queryKeys.products.managerAll, categories: queryKeys.categories.managerAll },
  api: api.stopList,
  texts: { title: t.menu, loadError: t.productsLoadError },
  useApply: useApplyStopList,
} as const satisfies Resource<never>;
