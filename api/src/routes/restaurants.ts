import {
  answers,
  ROLES,
  restaurantCreateBody,
  restaurantIdQuery,
  restaurantUpdateBody,
  slugQuery,
  type Translations,
} from '@qrmenu/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { fromBool, isUniqueViolation, now, type RestaurantRow } from '../db';
import { canManageRestaurant, isAdmin, isManager } from '../http/access';
import { clearAnswerCacheOnWrites, sendCached } from '../http/answer-cache';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { releasePictures } from '../images/lifecycle';
import type { Repositories } from '../repos';
import { patchOf } from '../repos/query';
import { countsOf, newRestaurantRow, toPublicRestaurant, toRestaurant } from '../repos/restaurants';
import { changesTranslations, TRANSLATIONS_RULE, translationsColumn } from '../repos/translations';
import type { App } from '../types';
import { monthStart } from '../visits/stats';

/** 400 unless `managerId` names an active manager (a manual or an imported restaurant's). */
export async function assertActiveManager(repos: Repositories, managerId: string): Promise<void> {
  const user = await repos.users.findById(managerId);
  if (!user || user.role !== ROLES.manager || user.is_active !== 1) {
    throw badRequest('Unknown manager', [{ path: 'manager_id', message: 'No such manager' }]);
  }
}

/** A manager_id must name an active manager without another restaurant. */
async function checkManagerFree(repos: Repositories, managerId: string, exceptRestaurantId?: string) {
  await assertActiveManager(repos, managerId);
  const taken = await repos.restaurants.findOfManager(managerId);
  if (taken && taken.id !== exceptRestaurantId) throw conflict('This manager already has a restaurant');
}

const SLUG_RULE =
  "409 when the slug is another restaurant's current slug, or one of its old slugs that still redirects to it (a printed QR code must never open another restaurant's menu); a deleted restaurant's slugs become free.";

function uniqueToConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict('Slug already taken or manager already has a restaurant');
  throw err;
}

/** The restaurant named by slug, if the caller may manage it (else 404). */
async function ownedBySlug(request: FastifyRequest, slug: string): Promise<RestaurantRow> {
  const row = await request.server.repos.restaurants.findBySlug(slug);
  const user = request.user;
  if (!row || !user) throw notFound('Restaurant not found');
  if (!isAdmin(user) && !(isManager(user) && row.manager_id === user._id))
    throw notFound('Restaurant not found');
  return row;
}

export default async function restaurantRoutes(app: App): Promise<void> {
  const repos = app.repos;
  // any restaurant write makes the cached admin list and public catalog answers stale
  clearAnswerCacheOnWrites(app);

  app.get(
    '/admin/restaurants',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.adminList',
        summary: 'All restaurants with counters',
        response: { 200: answers.adminRestaurants },
      },
    },
    // the same answer for every admin; every restaurant write clears the cache
    async (_request, reply) =>
      sendCached(app, reply, 'admin-restaurants', async () => {
        // one query: each restaurant with its guests' visits of the last 30 days ("30 kun")
        const rows = await repos.visits.restaurantsWithVisits(monthStart());
        const visits30d = Object.fromEntries(rows.map((r) => [r.id, Number(r.visits_30d ?? 0)]));
        return { restaurants: rows.map(toRestaurant), counts: countsOf(rows), visits_30d: visits30d };
      }),
  );

  app.get(
    '/manager/restaurants/me',
    {
      config: { access: 'any' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.mine',
        summary: "A manager's own restaurant; null when it has none (and for other roles)",
        response: { 200: answers.myRestaurant },
      },
    },
    async (request) => {
      const user = request.user!;
      if (!isManager(user)) return { data: null };
      const row = await repos.restaurants.findOfManager(user._id);
      return { data: row ? toRestaurant(row) : null };
    },
  );

  app.post(
    '/admin/restaurants/create',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.create',
        summary: 'Create a manual restaurant (409: duplicate slug, manager already has a restaurant)',
        description: SLUG_RULE,
        body: restaurantCreateBody,
        response: { 201: answers.restaurant },
      },
    },
    async (request, reply) => {
      const b = request.body;
      await repos.slugs.assertFree(b.slug);
      if (b.manager_id) await checkManagerFree(repos, b.manager_id);
      const row = newRestaurantRow({
        name: b.name,
        slug: b.slug,
        address: b.address,
        phone_number: b.phone_number,
        work_time: b.work_time,
        manager_id: b.manager_id ?? null,
        type: b.type,
        is_active: b.is_active ? 1 : 0,
        bot_token: b.bot_token ?? null,
        channel_id: b.channel_id ?? null,
        translations: translationsColumn(b.translations),
      });
      try {
        await repos.restaurants.create(row);
      } catch (err) {
        uniqueToConflict(err);
      }
      return reply.status(201).send({ data: toRestaurant(row) });
    },
  );

  app.put(
    '/manager/restaurants/update',
    {
      config: { access: 'own' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.update',
        summary: 'Change fields of a restaurant (a manager: only its own, and not manager_id or is_active)',
        description: `${TRANSLATIONS_RULE} ${SLUG_RULE} A slug change keeps the old slug as a permanent redirect: \`GET /m/<old>\` answers 301 to \`/m/<new>\` (old QR codes keep working; chains resolve in one hop); a restaurant may take back one of its own old slugs.`,
        querystring: slugQuery,
        body: restaurantUpdateBody,
        response: { 200: answers.restaurant },
      },
    },
    async (request) => {
      const row = await ownedBySlug(request, request.query.slug);
      const b = request.body ?? {};
      if (!isAdmin(request.user) && (b.manager_id !== undefined || b.is_active !== undefined)) {
        throw forbidden('Managers cannot change manager_id or is_active');
      }
      // a slug or manager that does not change is not checked (nor a redirect recorded); every
      // other field sent is written, so updatedAt moves even when its value is the same
      const patch = {
        ...patchOf<RestaurantRow>(b, { slug: true, manager_id: true }, row),
        ...patchOf<RestaurantRow>(b, {
          name: true,
          address: true,
          phone_number: true,
          work_time: true,
          is_active: fromBool,
          bot_token: true,
          channel_id: true,
          image: true,
          logotype: true,
        }),
      };
      if (patch.slug !== undefined) await repos.slugs.assertFree(patch.slug, row.id);
      if (patch.manager_id) await checkManagerFree(repos, patch.manager_id, row.id);
      const translations = changesTranslations(row.translations, b.translations) ? b.translations : undefined;
      if (Object.keys(patch).length === 0 && !translations) return { data: toRestaurant(row) };
      patch.updated_at = now();
      let merged: Translations | undefined;
      try {
        merged = await repos.restaurants.update(row.id, patch, row.slug, translations);
      } catch (err) {
        uniqueToConflict(err);
      }
      // the picture or logo replaced (or cleared) here is referred to by nothing now
      if (patch.image !== undefined || patch.logotype !== undefined) await releasePictures(app, row.id);
      const data = toRestaurant({ ...row, ...patch });
      return { data: merged ? { ...data, translations: merged } : data };
    },
  );

  app.delete(
    '/admin/restaurants/delete',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.deleteBySlug',
        summary: 'Delete a restaurant by slug with its categories, products, options and rows',
        querystring: slugQuery,
        response: { 200: answers.deleted },
      },
    },
    async (request) => {
      const row = await repos.restaurants.findBySlug(request.query.slug);
      if (!row || !(await repos.restaurants.delete(row.id))) throw notFound('Restaurant not found');
      await releasePictures(app, row.id);
      return { data: { _id: row.id } };
    },
  );

  app.delete(
    '/manager/restaurants/delete',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.deleteById',
        summary: 'Delete a restaurant by id (admins only) with everything in it',
        querystring: restaurantIdQuery,
        response: { 200: answers.deleted },
      },
    },
    async (request) => {
      const row = await repos.restaurants.findById(request.query.restaurantId);
      if (!row || !(await repos.restaurants.delete(row.id))) throw notFound('Restaurant not found');
      await releasePictures(app, row.id);
      return { data: { _id: row.id } };
    },
  );

  app.get(
    '/user/restaurants/view',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['restaurants'],
        operationId: 'restaurants.view',
        summary: 'A restaurant by slug; public fields only unless the caller is an admin or its manager',
        querystring: slugQuery,
        response: { 200: answers.restaurantView },
      },
    },
    async (request) => {
      const row = await repos.restaurants.findBySlug(request.query.slug);
      if (!row) throw notFound('Restaurant not found');
      const full = await canManageRestaurant(request, row.id);
      return { data: full ? toRestaurant(row) : toPublicRestaurant(row) };
    },
  );
}
