/**
 * Order spam against the restaurant's chat (docs/ORDERS.md, "Limits"): a restaurant takes at most
 * ORDER_RATE_LIMIT_PER_RESTAURANT orders a minute from all its tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickSettings } from '../src/config/settings';
import { DEFAULT_ORDER_RATE_LIMITS } from '../src/services/orders/limits';
import { createTestApp, expectError, type TestCtx } from './helpers';
import { basket, type OrderWorld, ok, orderWorld, placeAs } from './orders-support';

describe('a restaurant takes at most ORDER_RATE_LIMIT_PER_RESTAURANT orders a minute', () => {
  let ctx: TestCtx;
  let w: OrderWorld;
  beforeAll(async () => {
    ctx = await createTestApp({ orderLimits: { ordersPerRestaurant: 4 } });
    w = await orderWorld(ctx, 6);
  });
  afterAll(async () => ctx.close());

  it('all its tables together: 429 rate_limited with Retry-After past it, nothing stored; a retried order is not counted', async () => {
    const made = basket(w, 0);
    await ok(placeAs(ctx, made, '192.0.2.1'), 201);
    for (let i = 1; i < 4; i++) await ok(placeAs(ctx, basket(w, i), `192.0.2.${i + 1}`), 201);
    const res = await placeAs(ctx, basket(w, 4), '192.0.2.9');
    expectError(res, 429, 'rate_limited');
    expect(res.json().error.message).toBe('Too many orders for this restaurant');
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const count = await ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('restaurant_id', '=', w.restaurantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
    await ok(placeAs(ctx, made, '192.0.2.1'), 200);
    // another restaurant is not held by this one's count
    const other = await orderWorld(ctx, 1);
    await ok(placeAs(ctx, basket(other, 0), '192.0.2.10'), 201);
    // the count is the database's: orders older than the window no longer count
    await ctx.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('restaurant_id', '=', w.restaurantId)
      .execute();
    await ok(placeAs(ctx, basket(w, 5), '192.0.2.11'), 201);
  });

  it('its default is 120 a minute, ORDER_RATE_LIMIT_PER_RESTAURANT sets it', () => {
    expect(DEFAULT_ORDER_RATE_LIMITS.ordersPerRestaurant).toBe(120);
    const read = (env: Record<string, string>) =>
      pickSettings(['ORDER_RATE_LIMIT_PER_RESTAURANT'], env).ORDER_RATE_LIMIT_PER_RESTAURANT;
    expect(read({})).toBe(120);
    expect(read({ ORDER_RATE_LIMIT_PER_RESTAURANT: '300' })).toBe(300);
    expect(() => read({ ORDER_RATE_LIMIT_PER_RESTAURANT: '0' })).toThrow(/ORDER_RATE_LIMIT_PER_RESTAURANT/);
  });
});
