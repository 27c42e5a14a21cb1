import { answers, errorBody, type FeedRestaurant, id, integrationCreateBody } from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { isConcurrencyFailure, isUniqueViolation } from '../db';
import { clearAnswerCacheOnWrites } from '../http/answer-cache';
import { badGateway, badRequest, conflict, HttpError, notFound } from '../http/errors';
import { releasePictures } from '../images/lifecycle';
import {
  type IntegrationProvider,
  IntegrationUnavailableError,
  importRestaurant,
  providerRegistry,
  syncRestaurant,
} from '../integration';
import { describePosError } from '../integration/pos/errors';
import { syncPos } from '../integration/pos/service';
import { toRestaurant } from '../repos/restaurants';
import type { App } from '../types';
import { assertActiveManager } from './restaurants';

const syncParams = z.object({ _id: id });

const SYNC_ATTEMPTS = 3;

/**
 * One sync in one transaction, started over when a concurrent sync of the same restaurant got
 * there first (PostgreSQL runs them in parallel: the unique keys of migration 0003 refuse the
 * second copy of a new item, or the database aborts one of two crossing transactions). The next
 * attempt reads what the other stored, so nothing is duplicated. SQLite runs them one after the
 * other on its single connection.
 */
async function syncOnce(app: App, restaurantId: string, feed: FeedRestaurant) {
  const result = await syncAttempts(app, restaurantId, feed);
  // products or categories the feed dropped may have had pictures
  await releasePictures(app, restaurantId);
  return result;
}

async function syncAttempts(app: App, restaurantId: string, feed: FeedRestaurant) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await app.repos.transaction(async (trx) => {
        const current = await trx.restaurants.findById(restaurantId);
        if (!current) throw notFound('Restaurant not found');
        return syncRestaurant(trx, current, feed);
      });
    } catch (err) {
      if (!isUniqueViolation(err) && !isConcurrencyFailure(err)) throw err;
      if (attempt >= SYNC_ATTEMPTS) throw conflict('Another sync of this restaurant is running; try again');
    }
  }
}

/** Runs a provider call, turning "source unavailable" into 502 `bad_gateway`. */
async function fromSource<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof IntegrationUnavailableError)
      throw badGateway(`Integration source failed: ${err.message}`);
    throw err;
  }
}

export default async function integrationRoutes(app: App, opts: { provider?: IntegrationProvider } = {}) {
  // a successful write makes the cached public catalog answers stale
  clearAnswerCacheOnWrites(app);

  const providers = opts.provider ? providerRegistry([opts.provider]) : app.providers;
  // new imports come from the default provider; a sync from the provider of the restaurant's type
  const provider = providers.default;

  // The sync call has an empty body; accept it even when a client labels it JSON (routes of
  // this plugin only). Non-empty bodies are parsed as JSON as usual.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Malformed JSON body'), undefined);
    }
  });

  app.get(
    '/admin/integration/restaurants',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'integration.list',
        summary: 'The restaurants the configured integration source offers',
        response: { 200: answers.integrationRestaurants, 502: errorBody },
      },
    },
    async () => ({ data: await fromSource(() => provider.listRestaurants()) }),
  );

  app.post(
    '/admin/integration/restaurants/create',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'integration.create',
        summary: 'Imports an external restaurant with its whole menu for a manager',
        description:
          'type = provider name, slug generated (unique) from the name, external ids kept; every list of the menu in the order of the provider. 400: unknown manager; 404: unknown external id; 409: the manager already has a restaurant, or the external restaurant is already imported; 502: the source failed.',
        body: integrationCreateBody,
        response: { 201: answers.restaurant, 502: errorBody },
      },
    },
    async (request, reply) => {
      const { id: externalId, manager_id: managerId } = request.body;
      // as for a manually created restaurant
      await assertActiveManager(app.repos, managerId);
      const assert409 = async () => {
        if (await app.repos.restaurants.findOfManager(managerId)) {
          throw conflict('This manager already has a restaurant');
        }
        if (await app.repos.restaurants.findImported(provider.name, externalId)) {
          throw conflict('This restaurant is already imported');
        }
      };
      await assert409();
      const feed = await fromSource(() => provider.fetchRestaurant(externalId));
      if (!feed) throw notFound('No such restaurant in the integration source');
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await app.repos.transaction((trx) =>
            importRestaurant(trx, provider.name, feed, managerId),
          );
          return reply.status(201).send({ data: toRestaurant(row) });
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 2) throw err;
          // a concurrent create took the manager, the import or the slug: re-check, then retry
          await assert409();
        }
      }
    },
  );

  app.put(
    '/admin/integration/restaurants/:_id/sync',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'integration.sync',
        summary: 'Fetches the source again and brings the restaurant and its menu in step with it',
        description:
          'Names, descriptions, prices and structure follow the source (new items added, vanished ones removed); the local is_active of remaining items is kept. Order: a sync never reorders what the restaurant has (the order of the provider from the first import, or the one its manager arranged); new items go last in their lists in the order of the source, and a product the source moved to another category goes last there. 400 for a manual restaurant; 404 when the source no longer has it (or the restaurant was deleted meanwhile); 502 (nothing changed) when the source cannot be fetched or parsed. Two syncs of one restaurant at the same time both answer 200 and never duplicate an item: each imported item is unique per parent and external id, and a sync that collides with another one starts over on what the other stored; 409 `conflict` only if it still collides after 3 attempts.',
        params: syncParams,
        response: { 200: answers.sync, 502: errorBody },
      },
    },
    async (request) => {
      const restaurant = await app.repos.restaurants.findById(request.params._id);
      if (!restaurant) throw notFound('Restaurant not found');
      // a POS restaurant (iiko, Poster): its own sync (its credentials, revision, lock, status)
      if (await app.repos.integrationAccounts.find(restaurant.id)) {
        try {
          const r = await syncPos(app, restaurant.id);
          return {
            data: { restaurant: toRestaurant(r.restaurant), categories: r.categories, products: r.products },
          };
        } catch (err) {
          const { uz, status, code, details } = describePosError(err);
          if (status === 500 && !(err instanceof Error && err.name === 'SecretKeyMissingError')) throw err;
          throw new HttpError(status, code as never, uz, details);
        }
      }
      const source = providers.get(restaurant.type);
      if (!source || !restaurant.external_id) {
        throw badRequest('Only a restaurant imported from the integration source can be synchronised', [
          { path: '_id', message: `type is "${restaurant.type}"` },
        ]);
      }
      const externalId = restaurant.external_id;
      const feed = await fromSource(() => source.fetchRestaurant(externalId));
      if (!feed)
        throw new HttpError(404, 'not_found', 'The integration source no longer has this restaurant');
      const result = await syncOnce(app, restaurant.id, feed);
      return {
        data: {
          restaurant: toRestaurant(result.restaurant),
          categories: result.categories,
          products: result.products,
        },
      };
    },
  );
}
