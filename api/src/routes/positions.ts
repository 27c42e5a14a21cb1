/**
 * Moves (issue 18): one call puts one item at a place of its list and answers the list in its
 * new order, in the shape of that list's read. Scoped like every catalog write: a manager moves
 * only its own restaurant's items (another's are 404), an admin any. Each move is one
 * transaction holding the list's parent (`move` of the repositories, repos/positions.ts),
 * retried when PostgreSQL aborts it for a concurrent one.
 */
import { answers, idParam, positionBody, productPositionBody } from '@qrmenu/shared/schemas';
import { assertOwnsRestaurant } from '../http/access';
import { clearAnswerCacheOnWrites } from '../http/answer-cache';
import { notFound } from '../http/errors';
import type { App } from '../types';

const ORDER_NOTE =
  'position is the 0-based index of the item after the move; at or past the end puts it last. ' +
  'The other items keep their relative order; the list is numbered 0..n-1 again. ' +
  "Answers the whole list in its new order, as its read does. Another restaurant's item: 404.";

export default async function positionRoutes(app: App): Promise<void> {
  // the public lists show the order: their cached answers are stale after a move
  clearAnswerCacheOnWrites(app);

  app.put(
    '/manager/category/position/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['categories'],
        operationId: 'categories.move',
        summary: "Moves a category within its restaurant's list",
        description: ORDER_NOTE,
        params: idParam,
        body: positionBody,
        response: { 200: answers.managerCategories },
      },
    },
    async (request) => {
      const found = await app.repos.categories.find(request.params.id);
      if (!found) throw notFound('Category not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      if (!(await app.repos.categories.move(found.restaurant_id, found.id, request.body.position)))
        throw notFound('Category not found');
      const data = await app.repos.categories.list(found.restaurant_id, false);
      return { data, count: data.length };
    },
  );

  app.put(
    '/manager/products/position/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['products'],
        operationId: 'products.move',
        summary: 'Moves a product within its category, or into another category of its restaurant',
        description:
          `${ORDER_NOTE} With category_id (another category of the same restaurant) the product ` +
          'moves into that category at position; the answer is the list of the category it is in afterwards.',
        params: idParam,
        body: productPositionBody,
        response: { 200: answers.managerProducts },
      },
    },
    async (request) => {
      const product = await app.repos.products.find(request.params.id);
      if (!product) throw notFound('Product not found');
      await assertOwnsRestaurant(request, product.restaurant_id);
      const target = request.body.category_id ?? product.category_id;
      if (target !== product.category_id) {
        const category = await app.repos.categories.find(target);
        if (!category || category.restaurant_id !== product.restaurant_id)
          throw notFound('Category not found');
      }
      if (!(await app.repos.products.move(product.id, product.category_id, target, request.body.position)))
        throw notFound('Product not found');
      const data = await app.repos.products.list({ restaurantId: product.restaurant_id, categoryId: target });
      return { data, count: data.length };
    },
  );

  app.put(
    '/manager/product-option/position/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['options'],
        operationId: 'options.move',
        summary: "Moves an option within its product's list",
        description: ORDER_NOTE,
        params: idParam,
        body: positionBody,
        response: { 200: answers.options },
      },
    },
    async (request) => {
      const option = await app.repos.options.find(request.params.id);
      if (!option) throw notFound('Option not found');
      await assertOwnsRestaurant(request, option.restaurant_id);
      if (!(await app.repos.options.move(option.product_id, option.id, request.body.position)))
        throw notFound('Option not found');
      return { data: await app.repos.options.list(option.product_id) };
    },
  );

  app.put(
    '/manager/product-option-row/position/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['options'],
        operationId: 'optionRows.move',
        summary: "Moves an option row within its option's list",
        description: ORDER_NOTE,
        params: idParam,
        body: positionBody,
        response: { 200: answers.optionRows },
      },
    },
    async (request) => {
      const row = await app.repos.optionRows.find(request.params.id);
      if (!row) throw notFound('Option row not found');
      await assertOwnsRestaurant(request, row.restaurant_id);
      if (!(await app.repos.optionRows.move(row.product_option_id, row.id, request.body.position)))
        throw notFound('Option row not found');
      return { data: await app.repos.optionRows.list(row.product_option_id) };
    },
  );
}
