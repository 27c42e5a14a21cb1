import {
  answers,
  optionCreateBody,
  optionRowCreateBody,
  optionRowUpdateBody,
  optionUpdateBody,
  productIdParam,
} from '@qrmenu/shared/schemas';
import { ownerCheck } from '../http/access';
import { itemScoped, restaurantScoped, routeKit } from '../http/route';
import type { App } from '../types';
import { catalogWrites } from './catalog-item';

export default async function optionRoutes(app: App): Promise<void> {
  const { options, optionRows } = app.catalog;
  const optionRoute = routeKit(app, { tag: 'options', access: 'own' });
  const rowRoute = routeKit(app, { tag: 'option rows', access: 'own' });

  // ---------- options ----------

  optionRoute.get(
    '/manager/product-option/product/:productId',
    {
      operationId: 'options.listByProduct',
      summary: 'The options of a product',
      params: productIdParam,
      response: { 200: answers.options },
    },
    (request) => options.listOf(request.params.productId, ownerCheck(request)),
  );

  restaurantScoped(optionRoute).get(
    '/manager/restaurant-options',
    {
      operationId: 'options.restaurantList',
      summary:
        "Every option of the restaurant's products with its rows, in one answer (admins name it with ?restaurant_id=)",
      response: { 200: answers.restaurantOptions },
    },
    (restaurantId) => options.ofRestaurant(restaurantId),
  );

  catalogWrites(optionRoute, 'options', options, {
    create: {
      url: '/manager/product-option',
      summary: 'Adds an option to a product the caller owns',
      body: optionCreateBody,
      answer: answers.option,
    },
    update: {
      url: '/manager/product-option/:id',
      summary: 'Renames an option and/or sets or clears its translations',
      body: optionUpdateBody,
      answer: answers.option,
    },
    remove: { url: '/manager/product-option/:id', summary: 'Deletes an option with its rows' },
  });

  // ---------- option rows ----------

  itemScoped(rowRoute).get(
    // `:id` like the row's PUT/DELETE: one URL template in the OpenAPI document (no-identical-paths)
    '/manager/product-option-row/:id',
    {
      operationId: 'optionRows.listByOption',
      summary: 'The rows of one option ({id} is the option id)',
      response: { 200: answers.optionRows },
    },
    ({ id, owner }) => optionRows.listOf(id, owner),
  );

  catalogWrites(rowRoute, 'optionRows', optionRows, {
    create: {
      url: '/manager/product-option-row',
      summary: 'Adds a row (name, price) to an option the caller owns',
      body: optionRowCreateBody,
      answer: answers.optionRow,
    },
    update: {
      url: '/manager/product-option-row/:id',
      summary: 'Changes the fields sent (name, price, translations)',
      body: optionRowUpdateBody,
      answer: answers.optionRow,
    },
    remove: { url: '/manager/product-option-row/:id', summary: 'Deletes an option row' },
  });
}
