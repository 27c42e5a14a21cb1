/**
 * Placements of a restaurant's QR codes: a manager (or an admin) names where codes go ("Stol 1"
 * ... "Stol 20", "Eshik", "Instagram"); each placement's code opens `/m/<slug>?p=<placement id>`
 * and its visits are counted apart (services/placements.ts).
 */
import {
  answers,
  idParam,
  optionalRestaurantIdFilter,
  PLACEMENT_LIMITS,
  placementCreateBody,
  placementUpdateBody,
} from '@qrmenu/shared/schemas';
import { ownedRestaurantId, ownerCheck } from '../http/access';
import type { App } from '../types';

export default async function placementRoutes(app: App): Promise<void> {
  const { placements } = app;

  app.get(
    '/manager/placements',
    {
      config: { access: 'own' },
      schema: {
        tags: ['placements'],
        operationId: 'placements.list',
        summary:
          "The restaurant's placements, in the order they were made (admins name it with ?restaurant_id=)",
        querystring: optionalRestaurantIdFilter,
        response: { 200: answers.placements },
      },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      return { data: await placements.list(restaurantId) };
    },
  );

  app.post(
    '/manager/placements',
    {
      config: { access: 'own' },
      schema: {
        tags: ['placements'],
        operationId: 'placements.create',
        summary: 'Creates placements, one per name (a range "Stol 1-20" is sent as its 20 names)',
        description: `400 on a name given twice or past ${PLACEMENT_LIMITS.perRestaurant} placements a restaurant; 409 when the restaurant already has a placement of one of the names (nothing is created).`,
        body: placementCreateBody,
        response: { 201: answers.placementsCreated },
      },
    },
    async (request, reply) => {
      const { restaurant_id: restaurantId, names } = request.body;
      const data = await placements.create(restaurantId, names, ownerCheck(request));
      return reply.status(201).send({ data });
    },
  );

  app.put(
    '/manager/placements/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['placements'],
        operationId: 'placements.rename',
        summary: 'Renames a placement (its code and counts stay)',
        params: idParam,
        body: placementUpdateBody,
        response: { 200: answers.placement },
      },
    },
    async (request) => ({
      data: await placements.rename(request.params.id, request.body.name, ownerCheck(request)),
    }),
  );

  app.delete(
    '/manager/placements/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['placements'],
        operationId: 'placements.delete',
        summary: 'Deletes a placement: its printed codes then count as "QR kod"; its past visits stay',
        params: idParam,
        response: { 200: answers.deleted },
      },
    },
    async (request) => ({ data: await placements.remove(request.params.id, ownerCheck(request)) }),
  );
}
