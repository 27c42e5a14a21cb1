import {
  answers,
  categoryCreateBody,
  categoryUpdateBody,
  idParam,
  optionalRestaurantIdFilter,
  restaurantIdFilter,
} from '@qrmenu/shared/schemas';
import { canManageRestaurant, ownedRestaurantId, ownerCheck } from '../http/access';
import { routeKit } from '../http/route';
import type { App } from '../types';
import { TRANSLATIONS_RULE } from './descriptions';

export default async function categoryRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'categories', access: 'own' });
  route.get(
    '/manager/category',
    {
      staff: ['kitchen'],
      operationId: 'categories.managerList',
      summary: "The restaurant's categories (admins name it with ?restaurant_id=)",
      description:
        "The kitchen reads its restaurant's list for the stop-list (no other catalog call is its).",
      querystring: optionalRestaurantIdFilter,
      response: { 200: answers.managerCategories },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      return app.catalog.categories.list(restaurantId);
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

  route.post(
    '/manager/category/create',
    {
      operationId: 'categories.create',
      summary: 'Creates a category in a restaurant the caller owns',
      body: categoryCreateBody,
      response: { 201: answers.category },
    },
    (request) => app.catalog.categories.create(request.body, ownerCheck(request)),
  );

  route.put(
    '/manager/category/update/:id',
    {
      operationId: 'categories.update',
      summary: 'Changes the fields sent (title, is_active, translations: one language set or cleared)',
      description: TRANSLATIONS_RULE,
      params: idParam,
      body: categoryUpdateBody,
      response: { 200: answers.category },
    },
    (request) => app.catalog.categories.update(request.params.id, request.body, ownerCheck(request)),
  );

  route.delete(
    '/manager/category/delete/:id',
    {
      operationId: 'categories.remove',
      summary: 'Deletes a category with its products, their options and rows',
      params: idParam,
      response: { 200: answers.deleted },
    },
    (request) => app.catalog.categories.remove(request.params.id, ownerCheck(request)),
  );
}
