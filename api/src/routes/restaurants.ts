import {
  answers,
  ROLES,
  restaurantCreateBody,
  restaurantIdQuery,
  restaurantUpdateBody,
  slugQuery,
} from '@qrmenu/shared/schemas';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app';
import { type DB, isUniqueViolation, newId, now, type RestaurantRow } from '../db';
import { canManageRestaurant, isAdmin, isManager } from '../http/access';
import { clearAnswerCacheOnWrites, sendCached } from '../http/answer-cache';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { releasePictures } from '../images/lifecycle';
import {
  countsOf,
  deleteRestaurant,
  findRestaurantById,
  findRestaurantBySlug,
  findRestaurantOfManager,
  listRestaurants,
  toPublicRestaurant,
  toRestaurant,
} from '../repos/restaurants';
import { assertSlugFree, recordSlugChange } from '../repos/slug-history';

/** A manager_id must name an active manager without another restaurant. */
async function checkManagerFree(db: DB, managerId: string, exceptRestaurantId?: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'is_active'])
    .where('id', '=', managerId)
    .executeTakeFirst();
  if (!user || user.role !== ROLES.manager || user.is_active !== 1) {
    throw badRequest('Unknown manager', [{ path: 'manager_id', message: 'No such manager' }]);
  }
  const taken = await findRestaurantOfManager(db, managerId);
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
  const row = await findRestaurantBySlug(request.server.db, slug);
  const user = request.user;
  if (!row || !user) throw notFound('Restaurant not found');
  if (!isAdmin(user) && !(isManager(user) && row.manager_id === user._id))
    throw notFound('Restaurant not found');
  return row;
}

export default async function restaurantRoutes(app: App): Promise<void> {
  const db = app.db;
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
        const rows = await listRestaurants(db);
        return { restaurants: rows.map(toRestaurant), counts: countsOf(rows) };
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
      const row = await findRestaurantOfManager(db, user._id);
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
      await assertSlugFree(db, b.slug);
      if (b.manager_id) await checkManagerFree(db, b.manager_id);
      const t = now();
      const row: RestaurantRow = {
        id: newId(),
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
        image: null,
        logotype: null,
        external_id: null,
        created_at: t,
        updated_at: t,
      };
      try {
        await db.insertInto('restaurants').values(row).execute();
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
        description: `${SLUG_RULE} A slug change keeps the old slug as a permanent redirect: \`GET /m/<old>\` answers 301 to \`/m/<new>\` (old QR codes keep working; chains resolve in one hop); a restaurant may take back one of its own old slugs.`,
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
      const patch: Partial<RestaurantRow> = {};
      if (b.name !== undefined) patch.name = b.name;
      if (b.slug !== undefined && b.slug !== row.slug) {
        await assertSlugFree(db, b.slug, row.id);
        patch.slug = b.slug;
      }
      if (b.address !== undefined) patch.address = b.address;
      if (b.phone_number !== undefined) patch.phone_number = b.phone_number;
      if (b.work_time !== undefined) patch.work_time = b.work_time;
      if (b.manager_id !== undefined && b.manager_id !== row.manager_id) {
        if (b.manager_id !== null) await checkManagerFree(db, b.manager_id, row.id);
        patch.manager_id = b.manager_id;
      }
      if (b.is_active !== undefined) patch.is_active = b.is_active ? 1 : 0;
      if (b.bot_token !== undefined) patch.bot_token = b.bot_token;
      if (b.channel_id !== undefined) patch.channel_id = b.channel_id;
      if (b.image !== undefined) patch.image = b.image;
      if (b.logotype !== undefined) patch.logotype = b.logotype;
      if (Object.keys(patch).length === 0) return { data: toRestaurant(row) };
      patch.updated_at = now();
      try {
        await db.transaction().execute(async (trx) => {
          if (patch.slug !== undefined) await recordSlugChange(trx, row.id, row.slug, patch.slug);
          await trx.updateTable('restaurants').set(patch).where('id', '=', row.id).execute();
        });
      } catch (err) {
        uniqueToConflict(err);
      }
      // the picture or logo replaced (or cleared) here is referred to by nothing now
      if (patch.image !== undefined || patch.logotype !== undefined) await releasePictures(app, row.id);
      return { data: toRestaurant({ ...row, ...patch }) };
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
      const row = await findRestaurantBySlug(db, request.query.slug);
      if (!row || !(await deleteRestaurant(db, row.id))) throw notFound('Restaurant not found');
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
      const row = await findRestaurantById(db, request.query.restaurantId);
      if (!row || !(await deleteRestaurant(db, row.id))) throw notFound('Restaurant not found');
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
      const row = await findRestaurantBySlug(db, request.query.slug);
      if (!row) throw notFound('Restaurant not found');
      const full = await canManageRestaurant(request, row.id);
      return { data: full ? toRestaurant(row) : toPublicRestaurant(row) };
    },
  );
}
