import { answers, categoryCreateBody, categoryUpdateBody, restaurantIdFilter } from '@qrmenu/shared/schemas';
import { canManageRestaurant } from '../http/access';
import { routeKit } from '../http/route';
import type { App } from '../types';
import { catalogManagerList, catalogWrites } from './catalog-item';

export default async function categoryRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'categories', access: 'own' });
  catalogManagerList(route, 'categories', app.catalog.categories, {
    url: '/manager/category',
    summary: "The restaurant's categories (admins name it with ?restaurant_id=)",
    answer: answers.managerCategories,
  });

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
