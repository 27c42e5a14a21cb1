/**
 * A write clears the cached answers of its own restaurant and the admin's lists, nothing else:
 * the other restaurants' guests' pages and product lists stay cached.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerCache } from '../src/http/answer-cache';
import {
  adminUser,
  apiCall,
  bearer,
  createCategory,
  createProduct,
  createRestaurant,
  createUser,
} from './helpers';
import { fileApp } from './world';

const ctx = fileApp();

beforeAll(async () => {
  answerCache(ctx.db).ttlMs = 60_000;
});

describe('invalidation scoped to what a write touched', () => {
  it("a product edit in A clears A's page and list and the admin's list; B's stay", async () => {
    const admin = await adminUser(ctx);
    const owner = await createUser(ctx, 'manager');
    const a = await createRestaurant(ctx, { manager_id: owner.id });
    const b = await createRestaurant(ctx);
    const entries: Record<string, string> = {};
    for (const r of [a, b]) {
      const category = await createCategory(ctx, r.id);
      const product = await createProduct(ctx, r.id, category.id);
      entries[r.id] = product.id;
      expect((await ctx.app.inject({ url: `/m/${r.slug}` })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: `/api/user/products/?restaurant_id=${r.id}` })).statusCode).toBe(
        200,
      );
      expect((await ctx.app.inject({ url: `/api/user/products/${product.id}` })).statusCode).toBe(200);
    }
    expect(
      (await ctx.app.inject({ url: '/api/admin/restaurants', headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
    const cache = answerCache(ctx.db);
    const keys = (r: { id: string; slug: string }) => [
      `menu-page\u0000${r.slug}\u0000uz`,
      `list\u0000${r.id}\u0000`,
      `detail\u0000${entries[r.id]}`,
    ];
    for (const key of [...keys(a), ...keys(b), 'admin-restaurants']) expect(cache.has(key), key).toBe(true);

    const edit = await apiCall(ctx, 'PUT', `/manager/products/${entries[a.id]}`, owner.token, {
      name: 'Yangi nom',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const key of [...keys(a), 'admin-restaurants']) expect(cache.has(key), key).toBe(false);
    for (const key of keys(b)) expect(cache.has(key), key).toBe(true);
    // and A's page shows the edit at once
    expect((await ctx.app.inject({ url: `/m/${a.slug}` })).body).toContain('Yangi nom');
  });

  it('a write whose restaurant is not known (a restaurant created) clears everything', async () => {
    const admin = await adminUser(ctx);
    const r = await createRestaurant(ctx);
    await ctx.app.inject({ url: `/m/${r.slug}` });
    const cache = answerCache(ctx.db);
    expect(cache.has(`menu-page\u0000${r.slug}\u0000uz`)).toBe(true);
    const created = await apiCall(ctx, 'POST', '/admin/restaurants/create', admin.token, {
      name: 'Yangi',
      slug: `s-${Date.now()}`,
      address: 'T',
      phone_number: '1',
      work_time: '9-18',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(cache.size).toBe(0);
  });
});
