/**
 * Moves (a manager drags a list into its order): one call puts one item at a place of its list
 * and answers the list in its new order, in the shape of that list's read. Scoped like every
 * catalog write: a manager moves only its own restaurant's items (another's are 404), an admin
 * any. Each move is one transaction holding the list's parent (repos/positions.ts), retried when
 * PostgreSQL aborts it for a concurrent one.
 */
import { answers, idParam, positionBody, productPositionBody } from '@qrmenu/shared/schemas';
import { ownerCheck } from '../http/access';
import type { App } from '../types';
import { ORDER_NOTE } from './descriptions';

export default async function positionRoutes(app: App): Promise<void> {
  const { categories, products, options, optionRows } = app.catalog;

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
      const data = await categories.move(request.params.id, request.body.position, ownerCheck(request));
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
      const data = await products.move(request.params.id, request.body, ownerCheck(request));
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
    async (request) => ({
      data: await options.move(request.params.id, request.body.position, ownerCheck(request)),
    }),
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
    async (request) => ({
      data: await optionRows.move(request.params.id, request.body.position, ownerCheck(request)),
    }),
  );
}
