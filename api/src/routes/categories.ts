import {
  answers,
  categoryCreateBody,
  categoryUpdateBody,
  idParam,
  optionalRestaurantIdFilter,
  restaurantIdFilter,
} from '@qrmenu/shared/schemas';
import { canManageRestaurant, ownedRestaurantId, ownerCheck } from '../http/access';
import type { App } from '../types';
import { TRANSLATIONS_RULE } from './descriptions';

export default async function categoryRoutes(app: App): Promise<void> {
  app.get(
    '/manager/category',
    {
      config: { access: 'own', staff: ['kitchen'] },
      schema: {
        tags: ['categories'],
        operationId: 'categories.managerList',
        summary: "The restaurant's categories (admins name it with ?restaurant_id=)",
        description:
          "The kitchen reads its restaurant's list for the stop-list (no other catalog call is its).",
        querystring: optionalRestaurantIdFilter,
        response: { 200: answers.managerCategories },
      },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      const data = await app.catalog.categories.list(restaurantId);
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
      const all = await canManageRestaurant(request, restaurantId);
      const categories = await app.catalog.categories.listOf(restaurantId, all);
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
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await app.catalog.categories.create(request.body, ownerCheck(request)) }),
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
    async (request) => ({
      data: await app.catalog.categories.update(request.params.id, request.body, ownerCheck(request)),
    }),
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
    async (request) => ({
      data: await app.catalog.categories.remove(request.params.id, ownerCheck(request)),
    }),
  );
}
