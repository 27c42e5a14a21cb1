import { answers, errorBody, id, integrationCreateBody } from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { badRequest } from '../http/errors';
import { routeKit } from '../http/route';
import { fromSource, importFromSource, syncImported } from '../integration/feed-service';
import type { App } from '../types';

const syncParams = z.object({ _id: id });

export default async function integrationRoutes(app: App) {
  const route = routeKit(app, { tag: 'integration', access: 'adm' });
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

  route.get(
    '/admin/integration/restaurants',
    {
      operationId: 'integration.list',
      summary: 'The restaurants the configured integration source offers',
      response: { 200: answers.integrationRestaurants, 502: errorBody },
    },
    () => fromSource(() => app.providers.default.listRestaurants()),
  );

  route.post(
    '/admin/integration/restaurants/create',
    {
      operationId: 'integration.create',
      summary: 'Imports an external restaurant with its whole menu for a manager',
      description:
        'type = provider name, slug generated (unique) from the name, external ids kept; every list of the menu in the order of the provider. 400: unknown manager; 404: unknown external id; 409: the manager already has a restaurant, or the external restaurant is already imported; 502: the source failed.',
      body: integrationCreateBody,
      response: { 201: answers.restaurant, 502: errorBody },
    },
    async (request) => {
      const { id: externalId, manager_id: managerId } = request.body;
      return importFromSource(app, externalId, managerId);
    },
  );

  route.put(
    '/admin/integration/restaurants/:_id/sync',
    {
      operationId: 'integration.sync',
      summary: 'Fetches the source again and brings the restaurant and its menu in step with it',
      description:
        'Names, descriptions, prices and structure follow the source (new items added, vanished ones removed); the local is_active of remaining items is kept. Order: a sync never reorders what the restaurant has (the order of the provider from the first import, or the one its manager arranged); new items go last in their lists in the order of the source, and a product the source moved to another category goes last there. 400 for a manual restaurant; 404 when the source no longer has it (or the restaurant was deleted meanwhile); 502 (nothing changed) when the source cannot be fetched or parsed. Two syncs of one restaurant at the same time both answer 200 and never duplicate an item: each imported item is unique per parent and external id, and a sync that collides with another one starts over on what the other stored; 409 `conflict` only if it still collides after 3 attempts.',
      params: syncParams,
      response: { 200: answers.sync, 502: errorBody },
    },
    (request) => syncImported(app, request.params._id),
  );
}
