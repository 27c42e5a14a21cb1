/**
 * Placements of a restaurant's QR codes (issue 22): a manager (or an admin) names where codes
 * go ("Stol 1" ... "Stol 20", "Eshik", "Instagram"); each placement's code opens
 * `/m/<slug>?p=<placement id>` and its visits are counted apart.
 */
import {
  answers,
  idParam,
  optionalRestaurantIdFilter,
  PLACEMENT_LIMITS,
  placementCreateBody,
  placementUpdateBody,
} from '@qrmenu/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { isUniqueViolation, newId, now, type PlacementRow } from '../db';
import { assertOwnsRestaurant, ownedRestaurantId } from '../http/access';
import { badRequest, conflict, notFound } from '../http/errors';
import { toPlacement } from '../repos/placements';
import type { App } from '../types';

const NAME_TAKEN = 'A placement of this restaurant already has this name';

export default async function placementRoutes(app: App): Promise<void> {
  const repos = app.repos;

  /** The placement `id`, if the caller may manage its restaurant (else 404). */
  async function owned(request: FastifyRequest, id: string): Promise<PlacementRow> {
    const row = await repos.placements.find(id);
    if (!row) throw notFound('Placement not found');
    await assertOwnsRestaurant(request, row.restaurant_id);
    return row;
  }

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
      return { data: (await repos.placements.list(restaurantId)).map(toPlacement) };
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
      await assertOwnsRestaurant(request, restaurantId);
      const seen = new Set<string>();
      names.forEach((name, i) => {
        if (seen.has(name))
          throw badRequest('A name is given twice', [{ path: `names.${i}`, message: 'Duplicate' }]);
        seen.add(name);
      });
      const at = now();
      const rows: PlacementRow[] = names.map((name) => ({
        id: newId(),
        restaurant_id: restaurantId,
        name,
        created_at: at,
        updated_at: at,
      }));
      try {
        await repos.transaction(async (trx) => {
          const had = await trx.placements.count(restaurantId);
          if (had + rows.length > PLACEMENT_LIMITS.perRestaurant) {
            throw badRequest(`At most ${PLACEMENT_LIMITS.perRestaurant} placements a restaurant`, [
              { path: 'names', message: 'Too many placements' },
            ]);
          }
          await trx.placements.createMany(rows);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(NAME_TAKEN);
        throw err;
      }
      return reply.status(201).send({ data: rows.map(toPlacement) });
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
    async (request) => {
      const row = await owned(request, request.params.id);
      const at = now();
      try {
        await repos.placements.rename(row.id, request.body.name, at);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(NAME_TAKEN);
        throw err;
      }
      return { data: toPlacement({ ...row, name: request.body.name, updated_at: at }) };
    },
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
    async (request) => {
      const row = await owned(request, request.params.id);
      if (!(await repos.placements.delete(row.id))) throw notFound('Placement not found');
      return { data: { _id: row.id } };
    },
  );
}
