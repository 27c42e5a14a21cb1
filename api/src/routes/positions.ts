/**
 * Moves (a manager drags a list into its order): one call puts one item at a place of its list
 * and answers the list in its new order, in the shape of that list's read. Scoped like every
 * catalog write: a manager moves only its own restaurant's items (another's are 404), an admin
 * any. Each move is one transaction holding the list's parent (repos/positions.ts), retried when
 * PostgreSQL aborts it for a concurrent one.
 */
import { answers, idParam, productPositionBody } from '@qrmenu/shared/schemas';
import { ownerCheck } from '../http/access';
import { routeKit } from '../http/route';
import type { App } from '../types';
import { catalogMove } from './catalog-item';
import { ORDER_NOTE } from './descriptions';

export default async function positionRoutes(app: App): Promise<void> {
  const { categories, products, options, optionRows } = app.catalog;
  const categoryRoute = routeKit(app, { tag: 'categories', access: 'own' });
  const optionRoute = routeKit(app, { tag: 'options', access: 'own' });
  const productRoute = routeKit(app, { tag: 'products', access: 'own' });

  catalogMove(categoryRoute, 'categories', categories, {
    url: '/manager/category/position/:id',
    summary: "Moves a category within its restaurant's list",
    answer: answers.managerCategories,
  });

  productRoute.put(
    '/manager/products/position/:id',
    {
      operationId: 'products.move',
      summary: 'Moves a product within its category, or into another category of its restaurant',
      description:
        `${ORDER_NOTE} With category_id (another category of the same restaurant) the product ` +
        'moves into that category at position; the answer is the list of the category it is in afterwards.',
      params: idParam,
      body: productPositionBody,
      response: { 200: answers.managerProducts },
    },
    (request) => products.move(request.params.id, request.body, ownerCheck(request)),
  );

  catalogMove(optionRoute, 'options', options, {
    url: '/manager/product-option/position/:id',
    summary: "Moves an option within its product's list",
    answer: answers.options,
  });

  catalogMove(optionRoute, 'optionRows', optionRows, {
    url: '/manager/product-option-row/position/:id',
    summary: "Moves an option row within its option's list",
    answer: answers.optionRows,
  });
}
