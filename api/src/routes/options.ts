import {
  answers,
  idParam,
  optionalRestaurantIdFilter,
  optionCreateBody,
  optionRowCreateBody,
  optionRowUpdateBody,
  optionUpdateBody,
  productIdParam,
} from '@qrmenu/shared/schemas';
import { ownedRestaurantId, ownerCheck } from '../http/access';
import { routeKit } from '../http/route';
import type { App } from '../types';
import { TRANSLATIONS_RULE } from './descriptions';

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

  optionRoute.get(
    '/manager/restaurant-options',
    {
      operationId: 'options.restaurantList',
      summary:
        "Every option of the restaurant's products with its rows, in one answer (admins name it with ?restaurant_id=)",
      querystring: optionalRestaurantIdFilter,
      response: { 200: answers.restaurantOptions },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      return options.ofRestaurant(restaurantId);
    },
  );

  optionRoute.post(
    '/manager/product-option',
    {
      operationId: 'options.create',
      summary: 'Adds an option to a product the caller owns',
      body: optionCreateBody,
      response: { 201: answers.option },
    },
    (request) => options.create(request.body, ownerCheck(request)),
  );

  optionRoute.put(
    '/manager/product-option/:id',
    {
      operationId: 'options.update',
      summary: 'Renames an option and/or sets or clears its translations',
      description: TRANSLATIONS_RULE,
      params: idParam,
      body: optionUpdateBody,
      response: { 200: answers.option },
    },
    (request) => options.update(request.params.id, request.body, ownerCheck(request)),
  );

  optionRoute.delete(
    '/manager/product-option/:id',
    {
      operationId: 'options.remove',
      summary: 'Deletes an option with its rows',
      params: idParam,
      response: { 200: answers.deleted },
    },
    (request) => options.remove(request.params.id, ownerCheck(request)),
  );

  // ---------- option rows ----------

  rowRoute.get(
    // `:id` like the row's PUT/DELETE: one URL template in the OpenAPI document (no-identical-paths)
    '/manager/product-option-row/:id',
    {
      operationId: 'optionRows.listByOption',
      summary: 'The rows of one option ({id} is the option id)',
      params: idParam,
      response: { 200: answers.optionRows },
    },
    (request) => optionRows.listOf(request.params.id, ownerCheck(request)),
  );

  rowRoute.post(
    '/manager/product-option-row',
    {
      operationId: 'optionRows.create',
      summary: 'Adds a row (name, price) to an option the caller owns',
      body: optionRowCreateBody,
      response: { 201: answers.optionRow },
    },
    (request) => optionRows.create(request.body, ownerCheck(request)),
  );

  rowRoute.put(
    '/manager/product-option-row/:id',
    {
      operationId: 'optionRows.update',
      summary: 'Changes the fields sent (name, price, translations)',
      description: TRANSLATIONS_RULE,
      params: idParam,
      body: optionRowUpdateBody,
      response: { 200: answers.optionRow },
    },
    (request) => optionRows.update(request.params.id, request.body, ownerCheck(request)),
  );

  rowRoute.delete(
    '/manager/product-option-row/:id',
    {
      operationId: 'optionRows.remove',
      summary: 'Deletes an option row',
      params: idParam,
      response: { 200: answers.deleted },
    },
    (request) => optionRows.remove(request.params.id, ownerCheck(request)),
  );
}
