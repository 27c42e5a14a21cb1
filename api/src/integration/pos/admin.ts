/**
 * The admin's POS flow: which locations credentials reach, what an import would bring, the
 * import itself (a new restaurant of a manager, the credentials sealed), the account's status
 * and Sinxronlash. The work is service.ts's; here are the checks before it.
 */
import type { Restaurant } from '@qrmenu/shared/schemas';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { toRestaurant } from '../../repos/restaurants';
import type { App } from '../../types';
import {
  accountView,
  connectionOf,
  importPos,
  type PosPreview,
  type PosSyncResult,
  previewOf,
  syncPos,
} from './service';

/** The provider's parsed credentials (a zod error for the fields it refuses; 400 for an unknown provider). */
function credentialsOf(app: App, provider: string, credentials: unknown): Record<string, string> {
  const factory = app.pos.providers.get(provider);
  if (!factory) throw badRequest('Unknown provider', [{ path: 'provider', message: provider }]);
  return factory.parseCredentials(credentials);
}

/** The iiko organizations or Poster spots these credentials reach. */
export async function posLocations(app: App, provider: string, credentials: unknown) {
  return connectionOf(app, provider, credentialsOf(app, provider, credentials)).listRestaurants();
}

/** What an import of this location would bring. */
export async function posPreview(
  app: App,
  provider: string,
  credentials: unknown,
  locationId: string,
): Promise<PosPreview> {
  const connection = connectionOf(app, provider, credentialsOf(app, provider, credentials));
  const { menu } = await connection.fetchMenu(locationId, null);
  if (!menu) throw notFound('No menu');
  return previewOf(menu);
}

/** Imports a location as a new restaurant of an active manager without one (409 otherwise). */
export async function importPosRestaurant(
  app: App,
  input: { provider: string; credentials: unknown; location_id: string; manager_id: string },
): Promise<{ restaurant: Restaurant; webhook_token: string }> {
  const { provider, location_id, manager_id } = input;
  const credentials = credentialsOf(app, provider, input.credentials);
  await app.restaurants.assertActiveManager(manager_id);
  await app.restaurants.assertImportable(provider, location_id, manager_id);
  try {
    const { restaurant, webhookToken } = await importPos(app, {
      provider,
      credentials,
      location_id,
      manager_id,
    });
    return { restaurant: toRestaurant(restaurant), webhook_token: webhookToken };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This restaurant or manager was just taken');
    throw err;
  }
}

/** A POS restaurant's account as the admin sees it (404: not a POS restaurant). */
export async function posAccount(app: App, restaurantId: string) {
  const account = await app.repos.integrationAccounts.find(restaurantId);
  if (!account) throw notFound('Not a POS restaurant');
  return accountView(app, account);
}

/** Sinxronlash of a POS restaurant (404: not a POS restaurant). */
export async function syncPosRestaurant(
  app: App,
  restaurantId: string,
): Promise<Omit<PosSyncResult, 'restaurant'> & { restaurant: Restaurant }> {
  if (!(await app.repos.integrationAccounts.find(restaurantId))) throw notFound('Not a POS restaurant');
  const r = await syncPos(app, restaurantId);
  return { ...r, restaurant: toRestaurant(r.restaurant) };
}
