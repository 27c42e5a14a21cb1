import {
  answers,
  categoryCreateBody,
  categoryUpdateBody,
  optionalRestaurantIdFilter,
  restaurantIdFilter,
} from '@qrmenu/shared/schemas';
import { canManageRestaurant, ownedRestaurantId } from '../http/access';
import { routeKit } from '../http/route';
import type { App } from '../types';
import { catalogWrites } from './catalog-writes';

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

  catalogWrites(route, 'categories', app.catalog.categories, {
    create: {
      url: '/manager/category/create',
      summary: 'Creates a category in a restaurant the caller owns',
      body: categoryCreateBody,
      answer: answers.category,
    },
    update: {
      url: '/manager/category/update/:id',
      summary: 'Changes the fields sent (title, is_active, translations: one language set or cleared)',
      body: categoryUpdateBody,
      answer: answers.category,
    },
    remove: {
      url: '/manager/category/delete/:id',
      summary: 'Deletes a category with its products, their options and rows',
    },
  });
}
