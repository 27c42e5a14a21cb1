/** The restaurants' resources: restaurants and the manager's stop-list. */
import { ROUTES } from '../paths';
import * as q from '../query';
import type { PublicRestaurant, Restaurant } from '../schemas';
import { t } from '../texts';
import type { Resource } from './resource';

const A = ROUTES.admin;
const M = ROUTES.manager;

export const restaurants = {
  routes: { edit: [A.restaurantEdit], detail: [A.restaurant, M.restaurant] },
  texts: { notFound: t.restaurantNotFound },
  /** Every restaurant with counters (admins). */
  useList: q.useAdminRestaurants,
  /** The manager's own restaurant, or null. */
  useMine: q.useMyRestaurant,
  useBySlug: q.useRestaurantBySlug,
  remove: {
    use: q.useDeleteRestaurant,
    // the delete call names the restaurant by its slug: one without a slug cannot be deleted here
    variables: (r) => ({ slug: r.slug }),
    guard: (r) => (r.slug ? undefined : t.slugMissing),
    label: (r) => r.name,
    success: t.restaurantDeleted,
    error: t.deleteError,
  },
} as const satisfies Resource<Restaurant | PublicRestaurant, { slug: string }>;

/** The manager's stop-list: its rows are the manager's own products and categories (their resources). */
export const stopList = {
  texts: { title: t.menu, loadError: t.productsLoadError },
  useApply: q.useApplyStopList,
} as const satisfies Resource<never>;
