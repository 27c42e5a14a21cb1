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
import type { App } from '../types';
import { TRANSLATIONS_RULE } from './descriptions';

export default async function optionRoutes(app: App): Promise<void> {
  const { options, optionRows } = app.catalog;

  // ---------- options ----------

  app.get(
    '/manager/product-option/product/:productId',
    {
      config: { access: 'own' },
      schema: {
        tags: ['options'],
        operationId: 'options.listByProduct',
        summary: 'The options of a product',
        params: productIdParam,
        response: { 200: answers.options },
      },
    },
    async (request) => ({ data: await options.listOf(request.params.productId, ownerCheck(request)) }),
  );

  app.get(
    '/manager/restaurant-options',
    {
      config: { access: 'own' },
      schema: {
        tags: ['options'],
        operationId: 'options.restaurantList',
        summary:
          "Every option of the restaurant's products with its rows, in one answer (admins name it with ?restaurant_id=)",
        querystring: optionalRestaurantIdFilter,
        response: { 200: answers.restaurantOptions },
      },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      return { data: await options.ofRestaurant(restaurantId) };
    },
  );

  app.post(
    '/manager/product-option',
    {
      config: { access: 'own' },
      schema: {
        tags: ['options'],
        operationId: 'options.create',
        summary: 'Adds an option to a product the caller owns',
        body: optionCreateBody,
        response: { 201: answers.option },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await options.create(request.body, ownerCheck(request)) }),
  );

  app.put(
    '/manager/product-option/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['options'],
        operationId: 'options.update',
        summary: 'Renames an option and/or sets or clears its translations',
        description: TRANSLATIONS_RULE,
        params: idParam,
        body: optionUpdateBody,
        response: { 200: answers.option },
      },
    },
    async (request) => ({ data: await options.update(request.params.id, request.body, ownerCheck(request)) }),
  );

  app.delete(
    '/manager/product-option/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['options'],
        operationId: 'options.remove',
        summary: 'Deletes an option with its rows',
        params: idParam,
        response: { 200: answers.deleted },
      },
    },
    async (request) => ({ data: await options.remove(request.params.id, ownerCheck(request)) }),
  );

  // ---------- option rows ----------

  app.get(
    // `:id` like the row's PUT/DELETE: one URL template in the OpenAPI document (no-identical-paths)
    '/manager/product-option-row/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['option rows'],
        operationId: 'optionRows.listByOption',
        summary: 'The rows of one option ({id} is the option id)',
        params: idParam,
        response: { 200: answers.optionRows },
      },
    },
    async (request) => ({ data: await optionRows.listOf(request.params.id, ownerCheck(request)) }),
  );

  app.post(
    '/manager/product-option-row',
    {
      config: { access: 'own' },
      schema: {
        tags: ['option rows'],
        operationId: 'optionRows.create',
        summary: 'Adds a row (name, price) to an option the caller owns',
        body: optionRowCreateBody,
        response: { 201: answers.optionRow },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await optionRows.create(request.body, ownerCheck(request)) }),
  );

  app.put(
    '/manager/product-option-row/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['option rows'],
        operationId: 'optionRows.update',
        summary: 'Changes the fields sent (name, price, translations)',
        description: TRANSLATIONS_RULE,
        params: idParam,
        body: optionRowUpdateBody,
        response: { 200: answers.optionRow },
      },
    },
    async (request) => ({
      data: await optionRows.update(request.params.id, request.body, ownerCheck(request)),
    }),
  );

  app.delete(
    '/manager/product-option-row/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['option rows'],
        operationId: 'optionRows.remove',
        summary: 'Deletes an option row',
        params: idParam,
        response: { 200: answers.deleted },
      },
    },
    async (request) => ({ data: await optionRows.remove(request.params.id, ownerCheck(request)) }),
  );
}
