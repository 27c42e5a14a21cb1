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
import { newId, now, type OptionRowsTable } from '../db';
import { assertOwnsRestaurant, ownedRestaurantId } from '../http/access';
import { clearAnswerCacheOnWrites } from '../http/answer-cache';
import { notFound } from '../http/errors';
import { toOption, toOptionRow } from '../repos/catalog';
import { patchOf } from '../repos/query';
import { changesTranslations, TRANSLATIONS_RULE, translationsColumn } from '../repos/translations';
import type { App } from '../types';

export default async function optionRoutes(app: App): Promise<void> {
  // a successful write makes the cached public catalog answers stale
  clearAnswerCacheOnWrites(app);

  /** The product's restaurant must be the caller's (404 otherwise). */
  const ownedProduct = async (request: Parameters<typeof assertOwnsRestaurant>[0], productId: string) => {
    const product = await app.repos.products.restaurantOf(productId);
    if (!product) throw notFound('Product not found');
    await assertOwnsRestaurant(request, product.restaurant_id);
    return product;
  };
  const ownedOption = async (request: Parameters<typeof assertOwnsRestaurant>[0], optionId: string) => {
    const option = await app.repos.options.find(optionId);
    if (!option) throw notFound('Option not found');
    await assertOwnsRestaurant(request, option.restaurant_id);
    return option;
  };

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
    async (request) => {
      const product = await ownedProduct(request, request.params.productId);
      return { data: await app.repos.options.list(product.id) };
    },
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
      return { data: await app.repos.options.ofRestaurant(restaurantId) };
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
    async (request, reply) => {
      const product = await ownedProduct(request, request.body.product_id);
      const at = now();
      const row = {
        id: newId(),
        product_id: product.id,
        name: request.body.name,
        translations: translationsColumn(request.body.translations),
        created_at: at,
        updated_at: at,
      };
      await app.repos.options.create({ ...row, external_id: null });
      return reply.status(201).send({ data: toOption(row) });
    },
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
    async (request) => {
      const option = await ownedOption(request, request.params.id);
      const { name } = request.body;
      const renamed = name !== undefined && name !== option.name;
      const translations = changesTranslations(option.translations, request.body.translations)
        ? request.body.translations
        : undefined;
      if (!renamed && !translations) return { data: toOption(option) };
      const updated = { ...option, name: renamed ? name : option.name, updated_at: now() };
      const merged = await app.repos.options.updateTranslated(
        option.id,
        { ...(renamed ? { name } : {}), updated_at: updated.updated_at },
        translations,
      );
      return { data: { ...toOption(updated), ...(merged ? { translations: merged } : {}) } };
    },
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
    async (request) => {
      const option = await ownedOption(request, request.params.id);
      await app.repos.options.delete([option.id]);
      return { data: { _id: option.id } };
    },
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
    async (request) => {
      const option = await ownedOption(request, request.params.id);
      return { data: await app.repos.optionRows.list(option.id) };
    },
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
    async (request, reply) => {
      const option = await ownedOption(request, request.body.product_option_id);
      const row = {
        id: newId(),
        product_option_id: option.id,
        name: request.body.name,
        price: request.body.price,
        translations: translationsColumn(request.body.translations),
        created_at: now(),
      };
      await app.repos.optionRows.create({ ...row, external_id: null });
      return reply.status(201).send({ data: toOptionRow(row) });
    },
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
    async (request) => {
      const found = await app.repos.optionRows.find(request.params.id);
      if (!found) throw notFound('Option row not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      const set = patchOf<OptionRowsTable>(request.body, { name: true, price: true }, found);
      const translations = changesTranslations(found.translations, request.body.translations)
        ? request.body.translations
        : undefined;
      const merged =
        Object.keys(set).length > 0 || translations
          ? await app.repos.optionRows.updateTranslated(found.id, set, translations)
          : undefined;
      const data = toOptionRow({ ...found, ...set });
      return { data: merged ? { ...data, translations: merged } : data };
    },
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
    async (request) => {
      const found = await app.repos.optionRows.find(request.params.id);
      if (!found) throw notFound('Option row not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      await app.repos.optionRows.delete([found.id]);
      return { data: { _id: found.id } };
    },
  );
}
