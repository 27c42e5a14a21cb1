import { answers, type Category, type Product, stopListBody } from '@qrmenu/shared/schemas';
import { now } from '../db';
import { assertOwnsRestaurant } from '../http/access';
import { clearAnswerCacheOnWrites } from '../http/answer-cache';
import { notFound } from '../http/errors';
import { toCategory, toProduct } from '../repos/catalog';
import type { App } from '../types';

export default async function stopListRoutes(app: App): Promise<void> {
  // a successful write makes the cached public catalog answers stale
  clearAnswerCacheOnWrites(app);

  app.post(
    '/manager/stop-list',
    {
      config: { access: 'own' },
      schema: {
        tags: ['stop-list'],
        operationId: 'stopList.apply',
        summary: 'Moves products to the stop-list (stop) or back (resume) in one transaction',
        description:
          'stop: each listed product becomes inactive; then every category of the restaurant that has products and whose products are all inactive becomes inactive. ' +
          'resume: each listed product becomes active, and the categories of those products become active (others are left as they are). ' +
          'All products must belong to one restaurant the caller owns, or nothing changes (404). ' +
          'Answers only the products and categories whose state changed.',
        body: stopListBody,
        response: { 200: answers.stopList },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.product_ids)];
      const stop = request.body.action === 'stop';
      const found = await app.repos.products.findMany(ids);
      if (found.length !== ids.length) throw notFound('Product not found');
      const restaurantId = found[0]?.restaurant_id as string;
      if (found.some((p) => p.restaurant_id !== restaurantId)) throw notFound('Product not found');
      await assertOwnsRestaurant(request, restaurantId);

      const target = stop ? 0 : 1;
      const at = now();
      const result = await app.repos.products.applyStopList({
        ids,
        restaurantId,
        stop,
        categoryIds: [...new Set(found.map((p) => p.category_id))],
        at,
      });

      const changed = new Set(result.changedIds);
      const titleOf = new Map(result.categories.map((c) => [c.id, c]));
      const products: Product[] = [];
      for (const p of found) {
        if (!changed.has(p.id)) continue;
        const category = titleOf.get(p.category_id);
        products.push(
          toProduct({
            ...p,
            is_active: target,
            updated_at: at,
            category_title: category?.title ?? p.category_title,
          }),
        );
      }
      const categories: Category[] = result.categories.map(toCategory);
      return { data: { products, categories } };
    },
  );
}
