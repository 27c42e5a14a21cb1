import {
  answers,
  idParam,
  optionalRestaurantIdFilter,
  type Product,
  productCreateBody,
  productListQuery,
  productUpdateBody,
} from '@qrmenu/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fromBool, newId, now, type ProductsTable } from '../db';
import { assertOwnsRestaurant, canManageRestaurant, ownedRestaurantId } from '../http/access';
import { clearAnswerCacheOnWrites, sendCached } from '../http/answer-cache';
import { notFound } from '../http/errors';
import { releasePictures } from '../images/lifecycle';
import { toProduct } from '../repos/catalog';
import { patchOf } from '../repos/query';
import { changesTranslations, TRANSLATIONS_RULE, translationsColumn } from '../repos/translations';
import type { App } from '../types';

export default async function productRoutes(app: App): Promise<void> {
  clearAnswerCacheOnWrites(app);

  /** An anonymous public read: from the cache; owners and admins always read fresh. */
  const cachedPublic = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<T>,
    tag: () => string,
  ) => (request.user ? compute() : sendCached(app, reply, key, compute, tag));

  app.get(
    '/manager/products',
    {
      config: { access: 'own' },
      schema: {
        tags: ['products'],
        operationId: 'products.managerList',
        summary: 'All products of the restaurant (admins name it with ?restaurant_id=)',
        querystring: optionalRestaurantIdFilter,
        response: { 200: answers.managerProducts },
      },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      const data = await app.repos.products.list({ restaurantId });
      return { data, count: data.length };
    },
  );

  const userProductsSchema = {
    tags: ['products'],
    operationId: 'products.publicList',
    summary:
      'Products of a restaurant (optionally of one category); without an owner/admin token only active products of active categories',
    querystring: productListQuery,
    response: { 200: answers.userProducts },
  };
  const userProducts = async (
    request: FastifyRequest<{ Querystring: z.infer<typeof productListQuery> }>,
    reply: FastifyReply,
  ) =>
    // keyed by the validated parameters: anything else in the query cannot add entries
    cachedPublic(
      request,
      reply,
      `list\u0000${request.query.restaurant_id}\u0000${request.query.category_id ?? ''}`,
      async () => {
        const { restaurant_id: restaurantId, category_id: categoryId } = request.query;
        const all = request.user ? await canManageRestaurant(request, restaurantId) : false;
        const products = await app.repos.products.list({ restaurantId, categoryId, onlyActive: !all });
        // an empty answer must still tell an unknown restaurant (404) from an empty menu
        if (products.length === 0 && !(await app.repos.restaurants.exists(restaurantId))) {
          throw notFound('Restaurant not found');
        }
        return { data: { products, count: products.length } };
      },
      // a write in this restaurant clears it, others' writes leave it
      () => request.query.restaurant_id,
    );

  app.get('/user/products/', { config: { access: 'pub' }, schema: userProductsSchema }, userProducts);
  // the same without the trailing slash
  app.get(
    '/user/products',
    { config: { access: 'pub' }, schema: { ...userProductsSchema, hide: true } },
    userProducts,
  );

  app.get(
    '/user/products/:id',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['products'],
        operationId: 'products.detail',
        summary:
          'One product with its category and options (each with rows); an inactive product (or one of an inactive category) is 404 without an owner/admin token',
        params: idParam,
        response: { 200: answers.productDetail },
      },
    },
    async (request, reply) => {
      // the product's restaurant, known once it is read: the tag of the cached answer
      let restaurantId = '';
      return cachedPublic(
        request,
        reply,
        `detail\u0000${request.params.id}`,
        async () => {
          const found = await app.repos.products.find(request.params.id);
          if (!found) throw notFound('Product not found');
          restaurantId = found.restaurant_id;
          if (!found.is_active || !found.category_is_active) {
            if (!(await canManageRestaurant(request, found.restaurant_id)))
              throw notFound('Product not found');
          }
          const options = await app.repos.products.optionsWithRows(found.id);
          return { data: { ...toProduct(found), options } };
        },
        () => restaurantId,
      );
    },
  );

  app.post(
    '/manager/products',
    {
      config: { access: 'own' },
      schema: {
        tags: ['products'],
        operationId: 'products.create',
        summary: 'Creates a product in a category of a restaurant the caller owns',
        body: productCreateBody,
        response: { 201: answers.productCreated },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const category = await app.repos.categories.find(body.category_id);
      if (!category) throw notFound('Category not found');
      await assertOwnsRestaurant(request, category.restaurant_id);
      const at = now();
      const id = newId();
      await app.repos.products.create({
        id,
        restaurant_id: category.restaurant_id,
        category_id: category.id,
        name: body.name,
        description: body.description,
        price: body.price,
        is_active: fromBool(body.is_active),
        images: JSON.stringify(body.images),
        translations: translationsColumn(body.translations),
        external_id: null,
        created_at: at,
        updated_at: at,
      });
      return reply.status(201).send({ data: { id } });
    },
  );

  app.put(
    '/manager/products/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['products'],
        operationId: 'products.update',
        summary: 'Changes the fields sent; category_id must be a category of the same restaurant',
        description: TRANSLATIONS_RULE,
        params: idParam,
        body: productUpdateBody,
        response: { 200: answers.product },
      },
    },
    async (request) => {
      const found = await app.repos.products.find(request.params.id);
      if (!found) throw notFound('Product not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      const body = request.body;
      const set: Partial<ProductsTable> = {};
      let categoryTitle = found.category_title;
      if (body.category_id !== undefined && body.category_id !== found.category_id) {
        const category = await app.repos.categories.find(body.category_id);
        if (!category || category.restaurant_id !== found.restaurant_id) {
          throw notFound('Category not found in this restaurant');
        }
        set.category_id = category.id;
        categoryTitle = category.title;
      }
      Object.assign(
        set,
        patchOf<ProductsTable>(
          body,
          { name: true, description: true, price: true, is_active: fromBool, images: JSON.stringify },
          found,
        ),
      );
      const translations = changesTranslations(found.translations, body.translations)
        ? body.translations
        : undefined;
      if (Object.keys(set).length === 0 && !translations) return { data: toProduct(found) };
      const at = now();
      const merged = await app.repos.products.updateTranslated(
        found.id,
        { ...set, updated_at: at },
        translations,
      );
      // a picture left out of the new list is deleted (the cap of 50 cannot be reset to fill the disk)
      if (set.images !== undefined) await releasePictures(app, found.restaurant_id);
      const data: Product = toProduct({ ...found, ...set, category_title: categoryTitle, updated_at: at });
      return { data: merged ? { ...data, translations: merged } : data };
    },
  );

  app.delete(
    '/manager/products/:id',
    {
      config: { access: 'own' },
      schema: {
        tags: ['products'],
        operationId: 'products.remove',
        summary: 'Deletes a product with its options and rows',
        params: idParam,
        response: { 200: answers.deleted },
      },
    },
    async (request) => {
      const found = await app.repos.products.find(request.params.id);
      if (!found) throw notFound('Product not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      await app.repos.products.delete([found.id]);
      await releasePictures(app, found.restaurant_id);
      return { data: { _id: found.id } };
    },
  );
}
