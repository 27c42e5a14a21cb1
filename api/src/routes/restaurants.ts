import {
  adminRestaurantsQuery,
  answers,
  oldSlugParams,
  restaurantCreateBody,
  restaurantIdQuery,
  restaurantUpdateBody,
  slugQuery,
} from '@qrmenu/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { canManageRestaurant, isAdmin, isManager } from '../http/access';
import { sendCached } from '../http/answer-cache';
import { forbidden, notFound } from '../http/errors';
import { itemScoped, routeKit } from '../http/route';
import type { App } from '../types';
import { TRANSLATIONS_RULE } from './descriptions';

const SLUG_RULE =
  "409 when the slug is another restaurant's current slug, or one of its old slugs that still redirects to it (a printed QR code must never open another restaurant's menu); a deleted restaurant's slugs become free.";

/** The restaurant named by slug, if the caller may manage it (else 404). */
async function ownedBySlug(request: FastifyRequest, slug: string) {
  const row = await request.server.restaurants.findBySlug(slug);
  const user = request.user;
  if (!row || !user) throw notFound('Restaurant not found');
  if (!isAdmin(user) && !(isManager(user) && row.manager_id === user._id))
    throw notFound('Restaurant not found');
  return row;
}

export default async function restaurantRoutes(app: App): Promise<void> {
  const { restaurants } = app;
  const route = routeKit(app, { tag: 'restaurants', access: 'adm' });
  const byId = itemScoped(route);

  app.get(
    '/admin/restaurants',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.adminList',
        summary: 'All restaurants with counters, or one page of them (?limit=, ?page=, ?sort=)',
        description:
          'Newest first, or by the visits of the last 30 days (sort=visits_desc, visits_asc; the newest first among equals). With limit, only that many from page (1 by default), with the counters of all.',
        querystring: adminRestaurantsQuery,
        response: { 200: answers.adminRestaurants },
      },
    },
    // the same answer for every admin; every restaurant write clears the cache
    async (request, reply) => {
      const { page, limit, sort } = request.query;
      const key =
        limit === undefined && sort === undefined
          ? 'admin-restaurants'
          : `admin-restaurants\u0000${limit === undefined ? '' : `${page ?? 1}\u0000${limit}`}\u0000${sort ?? ''}`;
      return sendCached(app, reply, key, () => restaurants.adminList(request.query));
    },
  );

  route.get(
    '/manager/restaurants/me',
    {
      access: 'any',
      operationId: 'restaurants.mine',
      summary: "A manager's own restaurant; null when it has none (and for other roles)",
      response: { 200: answers.myRestaurant },
    },
    async (request) => {
      const user = request.user!;
      return isManager(user) ? await restaurants.ofManager(user._id) : null;
    },
  );

  byId.get(
    '/admin/restaurants/:id/old-slugs',
    {
      operationId: 'restaurants.oldSlugs',
      summary: "A restaurant's old slugs (its printed QR codes' redirects), newest first: at most 5",
      response: { 200: answers.oldSlugs },
    },
    ({ id }) => restaurants.oldSlugs(id),
  );

  route.delete(
    '/admin/restaurants/:id/old-slugs/:slug',
    {
      operationId: 'restaurants.releaseOldSlug',
      summary: 'Release an old slug: its printed QR codes lead nowhere, another restaurant may take it',
      params: oldSlugParams,
      response: { 200: answers.oldSlugReleased },
    },
    (request) => restaurants.releaseOldSlug(request.params.id, request.params.slug),
  );

  route.post(
    '/admin/restaurants/create',
    {
      operationId: 'restaurants.create',
      summary: 'Create a manual restaurant (409: duplicate slug, manager already has a restaurant)',
      description: SLUG_RULE,
      body: restaurantCreateBody,
      response: { 201: answers.restaurant },
    },
    (request) => restaurants.create(request.body),
  );

  route.put(
    '/manager/restaurants/update',
    {
      access: 'own',
      operationId: 'restaurants.update',
      summary: 'Change fields of a restaurant (a manager: only its own, and not manager_id or is_active)',
      description: `${TRANSLATIONS_RULE} ${SLUG_RULE} A slug change keeps the old slug as a permanent redirect: \`GET /m/<old>\` answers 301 to \`/m/<new>\` (old QR codes keep working; chains resolve in one hop); a restaurant may take back one of its own old slugs.`,
      querystring: slugQuery,
      body: restaurantUpdateBody,
      response: { 200: answers.restaurant },
    },
    async (request) => {
      const row = await ownedBySlug(request, request.query.slug);
      const b = request.body ?? {};
      if (!isAdmin(request.user) && (b.manager_id !== undefined || b.is_active !== undefined)) {
        throw forbidden('Managers cannot change manager_id or is_active');
      }
      return restaurants.update(row, b);
    },
  );

  route.delete(
    '/admin/restaurants/delete',
    {
      operationId: 'restaurants.deleteBySlug',
      summary: 'Delete a restaurant by slug with its categories, products, options and rows',
      querystring: slugQuery,
      response: { 200: answers.deleted },
    },
    (request) => restaurants.removeBySlug(request.query.slug),
  );

  route.delete(
    '/manager/restaurants/delete',
    {
      operationId: 'restaurants.deleteById',
      summary: 'Delete a restaurant by id (admins only) with everything in it',
      querystring: restaurantIdQuery,
      response: { 200: answers.deleted },
    },
    (request) => restaurants.removeById(request.query.restaurantId),
  );

  route.get(
    '/user/restaurants/view',
    {
      access: 'pub',
      operationId: 'restaurants.view',
      summary: 'A restaurant by slug; public fields only unless the caller is an admin or its manager',
      querystring: slugQuery,
      response: { 200: answers.restaurantView },
    },
    (request) => restaurants.view(request.query.slug, (id) => canManageRestaurant(request, id)),
  );
}
