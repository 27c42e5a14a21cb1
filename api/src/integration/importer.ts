/**
 * A restaurant from a source (the JSON feed, a POS): its first import and its syncs, the same for
 * every provider (it only sees the neutral `FeedRestaurant` shape). The rules are the services':
 * the restaurant's (services/restaurants/) and the menu's (services/catalog/source.ts). Call with
 * services bound to one transaction (`app.transaction`): all of it or nothing.
 */
import { type FeedRestaurant, slugify } from '@qrmenu/shared/schemas';
import type { RestaurantRow } from '../db';
import { now } from '../db';
import type { Services } from '../services';
import type { SyncCounts } from '../services/catalog';
import type { PosRestaurant } from './pos/types';

export type { SyncCounts };
/** The slug of a name: the one rule the restaurant form suggests with (`@qrmenu/shared`). */
export { slugify };

/** Creates the restaurant and its whole menu. */
export async function importRestaurant(
  tx: Services,
  type: string,
  source: FeedRestaurant | PosRestaurant,
  managerId: string,
): Promise<RestaurantRow> {
  const at = now();
  const restaurant = await tx.restaurants.createImported(type, source, managerId, at);
  await tx.catalog.source.importMenu(restaurant.id, source, at);
  return restaurant;
}

/**
 * Brings an imported restaurant in step with its source: its fields (unless `keepRestaurantFields`:
 * a POS gives only its organization's name) and its menu. Answers the restaurant as it is now,
 * its totals and what changed.
 */
export async function syncRestaurant(
  tx: Services,
  restaurant: RestaurantRow,
  source: FeedRestaurant | PosRestaurant,
  options: { keepRestaurantFields?: boolean } = {},
): Promise<{ restaurant: RestaurantRow; categories: number; products: number } & SyncCounts> {
  const followed = await tx.restaurants.followSource(restaurant, source, options.keepRestaurantFields);
  const counts = await tx.catalog.source.syncMenu(restaurant.id, source);
  const totals = await tx.restaurants.countMenu(restaurant.id);
  return {
    restaurant: followed.restaurant,
    ...totals,
    ...counts,
    changed: counts.changed + (followed.changed ? 1 : 0),
  };
}
