import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, seed } from '../src/seed';
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
    const first = await seed(ctx.app);
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
    const second = await seed(ctx.app);
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

  it("each demo restaurant's menu page lists its categories, products and option rows in the demo's order", async () => {
    for (const r of DEMO) {
      const res = await ctx.app.inject({ method: 'GET', url: `/m/${r.slug}` });
      expect(res.statusCode).toBe(200);
      const shown = r.categories
        .map((c) => ({ ...c, products: c.products.filter((p) => !p.stopped) }))
        .filter((c) => c.products.length > 0);
      const headings = [...res.body.matchAll(/<h[23]>([^<]*)<\/h[23]>/g)].map((m) => m[1]);
      expect(headings).toEqual(shown.flatMap((c) => [c.title, ...c.products.map((p) => p.name)]));
      const options = [...res.body.matchAll(/<dl class="opt">(.*?)<\/dl>/g)].map((m) => m[1]).join('');
      const rows = [...options.matchAll(/<dd>([^<]*?)(?: <b>|<\/dd>)/g)].map((m) => m[1]);
      expect(rows).toEqual(
        shown.flatMap((c) =>
          c.products.flatMap((p) => (p.options ?? []).flatMap((o) => o.rows.map(([n]) => n))),
        ),
      );
    }
  });
});
