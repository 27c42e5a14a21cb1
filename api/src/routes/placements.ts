/**
 * Placements of a restaurant's QR codes: a manager (or an admin) names where codes go ("Stol 1"
 * ... "Stol 20", "Eshik", "Instagram"); each placement's code opens `/m/<slug>?p=<placement id>`
 * and its visits are counted apart (services/placements.ts).
 */
import { answers, PLACEMENT_LIMITS, placementCreateBody, placementUpdateBody } from '@qrmenu/shared/schemas';
import { ownerCheck } from '../http/access';
import { itemScoped, restaurantScoped, routeKit } from '../http/route';
import type { App } from '../types';

export default async function placementRoutes(app: App): Promise<void> {
  const { placements } = app;
  const route = routeKit(app, { tag: 'placements', access: 'own' });
  const ofRestaurant = restaurantScoped(route);
  const item = itemScoped(route);

  ofRestaurant.get(
    '/manager/placements',
    {
      operationId: 'placements.list',
      summary:
        "The restaurant's placements, in the order they were made (admins name it with ?restaurant_id=)",
      response: { 200: answers.placements },
    },
    (restaurantId) => placements.list(restaurantId),
  );

  route.post(
    '/manager/placements',
    {
      operationId: 'placements.create',
      summary: 'Creates placements, one per name (a range "Stol 1-20" is sent as its 20 names)',
      description: `400 on a name given twice or past ${PLACEMENT_LIMITS.perRestaurant} placements a restaurant; 409 when the restaurant already has a placement of one of the names (nothing is created).`,
      body: placementCreateBody,
      response: { 201: answers.placementsCreated },
    },
    (request) => {
      const { restaurant_id: restaurantId, names } = request.body;
      return placements.create(restaurantId, names, ownerCheck(request));
    },
  );

  item.put(
    '/manager/placements/:id',
    {
      operationId: 'placements.rename',
      summary: 'Renames a placement (its code and counts stay)',
      body: placementUpdateBody,
      response: { 200: answers.placement },
    },
    ({ id, owner }, request) => placements.rename(id, request.body.name, owner),
  );

  item.delete(
    '/manager/placements/:id',
    {
      operationId: 'placements.delete',
      summary: 'Deletes a placement: its printed codes then count as "QR kod"; its past visits stay',
      response: { 200: answers.deleted },
    },
    ({ id, owner }) => placements.remove(id, owner),
  );
}
