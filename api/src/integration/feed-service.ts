/**
 * The JSON feed's work (the admin's import and Sinxronlash of a restaurant from the integration
 * source), and the one sync entry of an imported restaurant: a POS restaurant syncs through its
 * POS (pos/service.ts), a feed restaurant through its provider. The rules are the services'
 * (importer.ts); here are the source calls, their failures as answers, and the retries.
 */
import type { FeedRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { isConcurrencyFailure, isUniqueViolation } from '../db';
import { badGateway, badRequest, conflict, HttpError, notFound } from '../http/errors';
import { toRestaurant } from '../repos/restaurants';
import type { App } from '../types';
import { importRestaurant, syncRestaurant } from './importer';
import { answeringPosErrors } from './pos/errors';
import { syncPos } from './pos/service';
import { IntegrationUnavailableError } from './provider';

const SYNC_ATTEMPTS = 3;

/** Runs a provider call, turning "source unavailable" into 502 `bad_gateway`. */
export async function fromSource<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof IntegrationUnavailableError)
      throw badGateway(`Integration source failed: ${err.message}`);
    throw err;
  }
}

/** Imports the default provider's restaurant `externalId` with its whole menu for a manager. */
export async function importFromSource(app: App, externalId: string, managerId: string): Promise<Restaurant> {
  const provider = app.providers.default;
  // as for a manually created restaurant
  await app.restaurants.assertActiveManager(managerId);
  await app.restaurants.assertImportable(provider.name, externalId, managerId);
  const feed = await fromSource(() => provider.fetchRestaurant(externalId));
  if (!feed) throw notFound('No such restaurant in the integration source');
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await app.transaction((tx) => importRestaurant(tx, provider.name, feed, managerId));
      return toRestaurant(row);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 2) throw err;
      // a concurrent create took the manager, the import or the slug: re-check, then retry
      await app.restaurants.assertImportable(provider.name, externalId, managerId);
    }
  }
}

/** Syncs an imported restaurant with its source (a POS, or the feed's provider). */
export async function syncImported(
  app: App,
  restaurantId: string,
): Promise<{ restaurant: Restaurant; categories: number; products: number }> {
  const restaurant = await app.restaurants.find(restaurantId);
  if (!restaurant) throw notFound('Restaurant not found');
  // a POS restaurant (iiko, Poster): its own sync (its credentials, revision, lock, status)
  if (await app.repos.integrationAccounts.find(restaurant.id)) {
    const r = await answeringPosErrors(() => syncPos(app, restaurant.id));
    return { restaurant: toRestaurant(r.restaurant), categories: r.categories, products: r.products };
  }
  const source = app.providers.get(restaurant.type);
  if (!source || !restaurant.external_id) {
    throw badRequest('Only a restaurant imported from the integration source can be synchronised', [
      { path: '_id', message: `type is "${restaurant.type}"` },
    ]);
  }
  const externalId = restaurant.external_id;
  const feed = await fromSource(() => source.fetchRestaurant(externalId));
  if (!feed) throw new HttpError(404, 'not_found', 'The integration source no longer has this restaurant');
  const result = await syncAttempts(app, restaurant.id, feed);
  return {
    restaurant: toRestaurant(result.restaurant),
    categories: result.categories,
    products: result.products,
  };
}

/**
 * One sync in one transaction, started over when a concurrent sync of the same restaurant got
 * there first (PostgreSQL runs them in parallel: the unique keys of imported items, migration
 * 0003_unique_external_items, refuse the second copy of a new item, or the database aborts one of
 * two crossing transactions). The next attempt reads what the other stored, so nothing is
 * duplicated. SQLite runs them one after the other on its single connection.
 */
async function syncAttempts(app: App, restaurantId: string, feed: FeedRestaurant) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await app.transaction(async (tx) => {
        const current = await tx.restaurants.find(restaurantId);
        if (!current) throw notFound('Restaurant not found');
        return syncRestaurant(tx, current, feed);
      });
    } catch (err) {
      if (!isUniqueViolation(err) && !isConcurrencyFailure(err)) throw err;
      if (attempt >= SYNC_ATTEMPTS) throw conflict('Another sync of this restaurant is running; try again');
    }
  }
}
