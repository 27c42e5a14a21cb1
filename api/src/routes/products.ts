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
import type { App } from '../app';
import { fromBool, newId, now, type ProductRow } from '../db';
import { assertOwnsRestaurant, canManageRestaurant, ownedRestaurantId } from '../http/access';
import { clearAnswerCacheOnWrites, sendCached } from '../http/answer-cache';
import { notFound } from '../http/errors';
import {
  deleteProductsCascade,
  findCategory,
  findProduct,
  listProducts,
  optionsWithRows,
  toProduct,
} from '../repos/catalog';
import { inListTransaction, insertLast, lockList, nextPosition } from '../repos/positions';

export default async function productRoutes(app: App): Promise<void> {
  clearAnswerCacheOnWrites(app);

  /** An anonymous public read: from the cache; owners and admins always read fresh. */
  const cachedPublic = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<T>,
  ) => (request.user ? compute() : sendCached(app, reply, key, compute));

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
      const data = await listProducts(app.db, { restaurantId });
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
        const products = await listProducts(app.db, { restaurantId, categoryId, onlyActive: !all });
        // an empty answer must still tell an unknown restaurant (404) from an empty menu
        if (products.length === 0) {
          const restaurant = await app.db
            .selectFrom('restaurants')
            .select('id')
            .where('id', '=', restaurantId)
            .executeTakeFirst();
          if (!restaurant) throw notFound('Restaurant not found');
        }
        return { data: { products, count: products.length } };
      },
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
    async (request, reply) =>
      cachedPublic(request, reply, `detail\u0000${request.params.id}`, async () => {
        const found = await findProduct(app.db, request.params.id);
        if (!found) throw notFound('Product not found');
        if (!found.is_active || !found.category_is_active) {
          if (!(await canManageRestaurant(request, found.restaurant_id))) throw notFound('Product not found');
        }
        const options = await optionsWithRows(app.db, found.id);
        return { data: { ...toProduct(found), options } };
      }),
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
      const category = await findCategory(app.db, body.category_id);
      if (!category) throw notFound('Category not found');
      await assertOwnsRestaurant(request, category.restaurant_id);
      const at = now();
      const id = newId();
      // last in the category's list
      const inserted = await insertLast(app.db, 'products', {
        id,
        restaurant_id: category.restaurant_id,
        category_id: category.id,
        name: body.name,
        description: body.description,
        price: body.price,
        is_active: fromBool(body.is_active),
        images: JSON.stringify(body.images),
        external_id: null,
        created_at: at,
        updated_at: at,
      });
      if (!inserted) throw notFound('Category not found');
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
        params: idParam,
        body: productUpdateBody,
        response: { 200: answers.product },
      },
    },
    async (request) => {
      const found = await findProduct(app.db, request.params.id);
      if (!found) throw notFound('Product not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      const body = request.body;
      const set: Partial<ProductRow> = {};
      let categoryTitle = found.category_title;
      if (body.category_id !== undefined && body.category_id !== found.category_id) {
        const category = await findCategory(app.db, body.category_id);
        if (!category || category.restaurant_id !== found.restaurant_id) {
          throw notFound('Category not found in this restaurant');
        }
        set.category_id = category.id;
        categoryTitle = category.title;
      }
      if (body.name !== undefined && body.name !== found.name) set.name = body.name;
      if (body.description !== undefined && body.description !== found.description) {
        set.description = body.description;
      }
      if (body.price !== undefined && body.price !== Number(found.price)) set.price = body.price;
      if (body.is_active !== undefined && fromBool(body.is_active) !== found.is_active) {
        set.is_active = fromBool(body.is_active);
      }
      if (body.images !== undefined) {
        const images = JSON.stringify(body.images);
        if (images !== found.images) set.images = images;
      }
      if (Object.keys(set).length === 0) return { data: toProduct(found) };
      const at = now();
      const target = set.category_id;
      if (target === undefined) {
        await app.db
          .updateTable('products')
          .set({ ...set, updated_at: at })
          .where('id', '=', found.id)
          .execute();
      } else {
        // into another category: last there (its old list keeps its order, with a gap)
        const moved = await inListTransaction(app.db, async (trx) => {
          if (!(await lockList(trx, 'products', target))) return false;
          const position = await nextPosition(trx, 'products', target);
          await trx
            .updateTable('products')
            .set({ ...set, position, updated_at: at })
            .where('id', '=', found.id)
            .execute();
          return true;
        });
        if (!moved) throw notFound('Category not found in this restaurant');
      }
      const data: Product = toProduct({ ...found, ...set, category_title: categoryTitle, updated_at: at });
      return { data };
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
      const found = await findProduct(app.db, request.params.id);
      if (!found) throw notFound('Product not found');
      await assertOwnsRestaurant(request, found.restaurant_id);
      await app.db.transaction().execute((trx) => deleteProductsCascade(trx, [found.id]));
      return { data: { _id: found.id } };
    },
  );
}
