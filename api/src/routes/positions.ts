/**
 * Moves (issue 18): one call puts one item at a place of its list and answers the list in its
 * new order, in the shape of that list's read. Scoped like every catalog write: a manager moves
 * only its own restaurant's items (another's are 404), an admin any. Each move is one
 * transaction holding the list's parent (see repos/positions.ts), retried when PostgreSQL
 * aborts it for a concurrent one.
 */
import { answers, idParam, positionBody, productPositionBody } from '@qrmenu/shared/schemas';
import type { App } from '../app';
import { assertOwnsRestaurant } from '../http/access';
import { clearAnswerCacheOnWrites } from '../http/answer-cache';
import { notFound } from '../http/errors';
import {
  findCategory,
  findOption,
  findOptionRow,
  listCategories,
  listOptionRows,
  listOptions,
  listProducts,
} from '../repos/catalog';
import {
  inListTransaction,
  lockList,
  lockLists,
  nextPosition,
  placeInList,
  renumberList,
} from '../repos/positions';

const ORDER_NOTE =
  'position is the 0-based index of the item after the move; at or past the end puts it last. ' +
  'The other items keep their relative order; the list is numbered 0..n-1 again. ' +
  "Answers the whole list in its new order, as its read does. Another restaurant's item: 404.";

export default async function positionRoutes(app: App): Promise<void> {
  // the public lists show the order: their cached answers are stale after a move
  clearAnswerCacheOnWrites(app);

  app.put(
    '/manager/category/:id/position',
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
      const found = await findCategory(app.db, request.params.id);
      if (!found) throw notFound('Category not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      await inListTransaction(app.db, async (trx) => {
        if (!(await lockList(trx, 'categories', found.restaurant_id))) throw notFound('Restaurant not found');
        if (!(await placeInList(trx, 'categories', found.restaurant_id, found.id, request.body.position)))
          throw notFound('Category not found');
      });
      const data = await listCategories(app.db, found.restaurant_id, false);
      return { data, count: data.length };
    },
  );

  app.put(
    '/manager/products/:id/position',
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
      const product = await app.db
        .selectFrom('products')
        .select(['id', 'restaurant_id', 'category_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!product) throw notFound('Product not found');
      await assertOwnsRestaurant(request, product.restaurant_id);
      const target = request.body.category_id ?? product.category_id;
      if (target !== product.category_id) {
        const category = await findCategory(app.db, target);
        if (!category || category.restaurant_id !== product.restaurant_id)
          throw notFound('Category not found');
      }
      const { position } = request.body;
      await inListTransaction(app.db, async (trx) => {
        const categoryOf = async () =>
          (
            await trx
              .selectFrom('products')
              .select('category_id')
              .where('id', '=', product.id)
              .executeTakeFirst()
          )?.category_id;
        // the lists of the product's category and of the target, locked; the category read
        // again under the lock, in case an edit moved the product meanwhile (then lock that one)
        let source: string | undefined = product.category_id;
        for (;;) {
          if (source === undefined) throw notFound('Product not found');
          if (!(await lockLists(trx, 'products', [source, target]))) throw notFound('Category not found');
          const after = await categoryOf();
          if (after === source) break;
          source = after;
        }
        if (source !== target) {
          // last in the target first, then at its place; the source list closes its gap
          const last = await nextPosition(trx, 'products', target);
          await trx
            .updateTable('products')
            .set({ category_id: target, position: last })
            .where('id', '=', product.id)
            .execute();
          await renumberList(trx, 'products', source);
        }
        if (!(await placeInList(trx, 'products', target, product.id, position)))
          throw notFound('Product not found');
      });
      const data = await listProducts(app.db, { restaurantId: product.restaurant_id, categoryId: target });
      return { data, count: data.length };
    },
  );

  app.put(
    '/manager/product-option/:id/position',
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
      const option = await findOption(app.db, request.params.id);
      if (!option) throw notFound('Option not found');
      await assertOwnsRestaurant(request, option.restaurant_id);
      await inListTransaction(app.db, async (trx) => {
        if (!(await lockList(trx, 'product_options', option.product_id))) throw notFound('Product not found');
        if (!(await placeInList(trx, 'product_options', option.product_id, option.id, request.body.position)))
          throw notFound('Option not found');
      });
      return { data: await listOptions(app.db, option.product_id) };
    },
  );

  app.put(
    '/manager/product-option-row/:id/position',
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
      const row = await findOptionRow(app.db, request.params.id);
      if (!row) throw notFound('Option row not found');
      await assertOwnsRestaurant(request, row.restaurant_id);
      await inListTransaction(app.db, async (trx) => {
        if (!(await lockList(trx, 'option_rows', row.product_option_id))) throw notFound('Option not found');
        if (!(await placeInList(trx, 'option_rows', row.product_option_id, row.id, request.body.position)))
          throw notFound('Option row not found');
      });
      return { data: await listOptionRows(app.db, row.product_option_id) };
    },
  );
}
