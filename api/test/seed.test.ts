import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed';
import { bearer, createTestApp, loginAs, type TestCtx } from './helpers';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const counts = async () => ({
  users: (await ctx.db.selectFrom('users').select('id').execute()).length,
  restaurants: (await ctx.db.selectFrom('restaurants').select('id').execute()).length,
  categories: (await ctx.db.selectFrom('categories').select('id').execute()).length,
  products: (await ctx.db.selectFrom('products').select('id').execute()).length,
  options: (await ctx.db.selectFrom('product_options').select('id').execute()).length,
  rows: (await ctx.db.selectFrom('option_rows').select('id').execute()).length,
});

describe('seed', () => {
  it('writes the demo once and is idempotent', async () => {
    const first = await seed(ctx.db);
    expect(first.created).toEqual(['rayhon-milliy-taomlar', 'oqtepa-lavash', 'caravan']);
    const after = await counts();
    expect(after.users).toBe(3);
    expect(after.restaurants).toBe(3);
    expect(after.categories).toBeGreaterThanOrEqual(6);
    expect(after.products).toBeGreaterThanOrEqual(12);
    expect(after.options).toBeGreaterThan(0);
    expect(after.rows).toBeGreaterThan(0);
    const stopped = await ctx.db.selectFrom('products').select('id').where('is_active', '=', 0).execute();
    expect(stopped.length).toBeGreaterThanOrEqual(2);
    const second = await seed(ctx.db);
    expect(second.created).toEqual([]);
    expect(await counts()).toEqual(after);
  });

  it('managers log in with manager123 and see their own restaurant', async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/manager/restaurants/me',
      headers: bearer(token),
    });
    expect(res.json().data.name).toBe('Rayhon Milliy Taomlar');
    const token2 = await loginAs(ctx.app, 'manager2', 'manager123');
    const res2 = await ctx.app.inject({
      method: 'GET',
      url: '/api/manager/restaurants/me',
      headers: bearer(token2),
    });
    expect(res2.json().data.name).toBe('Oqtepa Lavash');
  });
});
