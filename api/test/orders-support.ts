/**
 * The orders' test world: a manager's restaurant that takes orders at its tables, a menu with
 * an option and its rows (Russian names too), and calls to place orders as a guest would.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  apiCall,
  createCategory,
  createOption,
  createOptionRow,
  createProduct,
  ownedRestaurant,
  type TestCtx,
  type TestUser,
} from './helpers';

export interface OrderWorld {
  manager: TestUser;
  restaurantId: string;
  slug: string;
  categoryId: string;
  /** Osh 30 000 (ru "Плов"), with the option Hajmi: Katta +5 000, Kichik 0. */
  osh: { id: string; price: number };
  big: { id: string; price: number };
  small: { id: string; price: number };
  optionId: string;
  /** Choy 5 000, no options. */
  tea: { id: string; price: number };
  tables: { _id: string; name: string }[];
}

export const ok = async (res: Promise<LightMyRequestResponse> | LightMyRequestResponse, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
};

/** A restaurant with a manager, its menu, `tables` placements ("Stol 1"...), ordering on everywhere. */
export async function orderWorld(ctx: TestCtx, tables = 3, switchOn = true): Promise<OrderWorld> {
  const { manager, restaurant } = await ownedRestaurant(ctx);
  const category = await createCategory(ctx, restaurant.id, { title: 'Taomlar' });
  const osh = await createProduct(ctx, restaurant.id, category.id, { name: 'Osh', price: 30000 });
  await ctx.db
    .updateTable('products')
    .set({ translations: JSON.stringify({ ru: { name: 'Плов' } }), external_id: 'ext-osh' })
    .where('id', '=', osh.id)
    .execute();
  const option = await createOption(ctx, osh.id, 'Hajmi');
  const big = await createOptionRow(ctx, option.id, { name: 'Katta', price: 5000 });
  const small = await createOptionRow(ctx, option.id, { name: 'Kichik', price: 0 });
  await ctx.db
    .updateTable('option_rows')
    .set({ translations: JSON.stringify({ ru: { name: 'Большая' } }), external_id: 'ext-big' })
    .where('id', '=', big.id)
    .execute();
  await ctx.db
    .updateTable('product_options')
    .set({ translations: JSON.stringify({ ru: { name: 'Размер' } }) })
    .where('id', '=', option.id)
    .execute();
  const tea = await createProduct(ctx, restaurant.id, category.id, { name: 'Choy', price: 5000 });
  const made = await ok(
    apiCall(ctx, 'POST', '/manager/placements', manager.token, {
      restaurant_id: restaurant.id,
      names: Array.from({ length: tables }, (_, i) => `Stol ${i + 1}`),
    }),
    201,
  );
  const placed = made.data as { _id: string; name: string }[];
  if (switchOn) {
    await ok(
      apiCall(ctx, 'PUT', '/manager/ordering', manager.token, {
        takes_orders: true,
        placements: placed.map((p) => ({ _id: p._id, takes_orders: true })),
      }),
    );
  }
  return {
    manager,
    restaurantId: restaurant.id,
    slug: restaurant.slug,
    categoryId: category.id,
    osh: { id: osh.id, price: 30000 },
    big: { id: big.id, price: 5000 },
    small: { id: small.id, price: 0 },
    optionId: option.id,
    tea: { id: tea.id, price: 5000 },
    tables: placed,
  };
}

export const newKey = () => randomUUID();

/** Two Osh Katta and a tea, from table `table`, as the cart sends it. */
export const basket = (w: OrderWorld, table = 0, extra: Record<string, unknown> = {}) => ({
  placement_id: w.tables[table]!._id,
  idempotency_key: newKey(),
  language: 'ru',
  items: [
    { product_id: w.osh.id, quantity: 2, row_ids: [w.big.id], price: 35000 },
    { product_id: w.tea.id, quantity: 1, price: 5000 },
  ],
  ...extra,
});

/** POST /api/public/orders as a guest at `address`. */
export const placeAs = (ctx: TestCtx, body: unknown, address = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/public/orders',
    payload: body as object,
    remoteAddress: address,
  });

export const callAs = (ctx: TestCtx, body: unknown, address = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/public/calls',
    payload: body as object,
    remoteAddress: address,
  });

/** Rows of a table counted (state checks beside the answers). */
export async function countRows(
  ctx: TestCtx,
  table: 'orders' | 'order_events' | 'table_calls' | 'order_day_numbers',
): Promise<number> {
  const r = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
