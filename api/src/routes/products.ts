import {
  answers,
  idParam,
  productCreateBody,
  productListQuery,
  productUpdateBody,
} from '@qrmenu/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { canManageRestaurant } from '../http/access';
import { sendCached } from '../http/answer-cache';
import { routeKit } from '../http/route';
import type { App } from '../types';
import { catalogManagerList, catalogWrites } from './catalog-item';

export default async function productRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'products', access: 'own' });
  /** An anonymous public read: from the cache; owners and admins always read fresh. */
  const cachedPublic = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<T>,
    tag: () => string,
  ) => (request.user ? compute() : sendCached(app, reply, key, compute, tag));

  catalogManagerList(route, 'products', app.catalog.products, {
    url: '/manager/products',
    summary: 'All products of the restaurant (admins name it with ?restaurant_id=)',
    answer: answers.managerProducts,
  });

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
        const products = await app.catalog.products.listOf({ restaurantId, categoryId, onlyActive: !all });
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
          const found = await app.catalog.products.detail(request.params.id, (id) =>
            canManageRestaurant(request, id),
          );
          restaurantId = found.restaurantId;
          return { data: found.product };
        },
        () => restaurantId,
      );
    },
  );

  catalogWrites(route, 'products', app.catalog.products, {
    create: {
      url: '/manager/products',
      summary: 'Creates a product in a category of a restaurant the caller owns',
      body: productCreateBody,
      answer: answers.productCreated,
    },
    update: {
      url: '/manager/products/:id',
      summary: 'Changes the fields sent; category_id must be a category of the same restaurant',
      body: productUpdateBody,
      answer: answers.product,
    },
    remove: { url: '/manager/products/:id', summary: 'Deletes a product with its options and rows' },
  });
}
