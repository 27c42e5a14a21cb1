import {
  answers,
  categoryCreateBody,
  categoryUpdateBody,
  idParam,
  optionalRestaurantIdFilter,
  restaurantIdFilter,
} from '@qrmenu/shared/schemas';
import { type CategoryRow, fromBool, newId, now } from '../db';
import { assertOwnsRestaurant, canManageRestaurant, ownedRestaurantId } from '../http/access';
import { clearAnswerCacheOnWrites } from '../http/answer-cache';
import { notFound } from '../http/errors';
import { releasePictures } from '../images/lifecycle';
import { toCategory } from '../repos/catalog';
import { patchOf } from '../repos/query';
import { changesTranslations, TRANSLATIONS_RULE, translationsColumn } from '../repos/translations';
import type { App } from '../types';

export default async function categoryRoutes(app: App): Promise<void> {
  // a successful write makes the cached public catalog answers stale
  clearAnswerCacheOnWrites(app);

  app.get(
    '/manager/category',
    {
      config: { access: 'own' },
      schema: {
        tags: ['categories'],
        operationId: 'categories.managerList',
        summary: "The restaurant's categories (admins name it with ?restaurant_id=)",
        querystring: optionalRestaurantIdFilter,
        response: { 200: answers.managerCategories },
      },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      const data = await app.repos.categories.list(restaurantId, false);
      return { data, count: data.length };
    },
  );

  app.get(
    '/user/category',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['categories'],
        operationId: 'categories.publicList',
        summary: 'Categories of a restaurant; only active ones without an owner/admin token',
        querystring: restaurantIdFilter,
        response: { 200: answers.userCategories },
      },
    },
    async (request) => {
      const restaurantId = request.query.restaurant_id;
      if (!(await app.repos.restaurants.exists(restaurantId))) throw notFound('Restaurant not found');
      const all = await canManageRestaurant(request, restaurantId);
      const categories = await app.repos.categories.list(restaurantId, !all);
      return { categories, count: categories.length };
    },
  );

  app.post(
    '/manager/category/create',
    {
      config: { access: 'own' },
      schema: {
        tags: ['categories'],
        operationId: 'categories.create',
        summary: 'Creates a category in a restaurant the caller owns',
        body: categoryCreateBody,
        response: { 201: answers.category },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertOwnsRestaurant(request, body.restaurant_id);
      const at = now();
      const row: CategoryRow = {
        id: newId(),
        restaurant_id: body.restaurant_id,
        title: body.title,
        is_active: fromBool(body.is_active),
        translations: translationsColumn(body.translations),
        external_id: null,
        created_at: at,
        updated_at: at,
      };
      await app.repos.categories.create(row);
      return reply.status(201).send({ data: toCategory(row) });
    },
  );

  app.put(
    '/manager/category/update/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['categories'],
        operationId: 'categories.update',
        summary: 'Changes the fields sent (title, is_active, translations: one language set or cleared)',
        description: TRANSLATIONS_RULE,
        params: idParam,
        body: categoryUpdateBody,
        response: { 200: answers.category },
      },
    },
    async (request) => {
      const found = await app.repos.categories.find(request.params.id);
      if (!found) throw notFound('Category not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      const set = patchOf<CategoryRow>(request.body, { title: true, is_active: fromBool }, found);
      const translations = changesTranslations(found.translations, request.body.translations)
        ? request.body.translations
        : undefined;
      if (Object.keys(set).length === 0 && !translations) return { data: toCategory(found) };
      const updated = { ...found, ...set, updated_at: now() };
      const merged = await app.repos.categories.updateTranslated(
        found.id,
        { ...set, updated_at: updated.updated_at },
        translations,
      );
      return { data: { ...toCategory(updated), ...(merged ? { translations: merged } : {}) } };
    },
  );

  app.delete(
    '/manager/category/delete/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['categories'],
        operationId: 'categories.remove',
        summary: 'Deletes a category with its products, their options and rows',
        params: idParam,
        response: { 200: answers.deleted },
      },
    },
    async (request) => {
      const found = await app.repos.categories.find(request.params.id);
      if (!found) throw notFound('Category not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      await app.repos.categories.delete([found.id]);
      // its products' pictures are referred to by nothing now
      await releasePictures(app, found.restaurant_id);
      return { data: { _id: found.id } };
    },
  );
}
