/**
 * The short-lived answer cache of GET /user/products (list and detail) and of the admin's
 * restaurant list: anonymous catalog reads are served from it, owner/admin catalog reads never
 * are, and every successful catalog or restaurant write clears it.
 */
import { answers } from '@qrmenu/shared/schemas';
import { describe, expect, it, vi } from 'vitest';
import { AnswerCache } from '../src/http/answer-cache';
import {
  adminUser,
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  expectError,
  expectShape,
  ownedRestaurant,
  PNG,
  uploadAs,
} from './helpers';
import { fileWorld } from './world';

// a cache long enough that only a clear can refresh it
const { ctx, world: w } = fileWorld({ answerCacheTtlMs: 60_000 }, async (app) => {
  const own = await ownedRestaurant(app);
  return { ...own, category: await createCategory(app, own.restaurant.id, { title: 'Ichimliklar' }) };
});

const get = (url: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('public answer cache', () => {
  it('serves anonymous lists from the cache until a catalog write clears it', async () => {
    const url = `/user/products/?restaurant_id=${w.restaurant.id}&category_id=${w.category.id}`;
    const first = await createProduct(ctx, w.restaurant.id, w.category.id, { name: 'Choy' });
    const a = expectShape(answers.userProducts, (await get(url)).json()).data;
    expect(a.products.map((p) => p._id)).toEqual([first.id]);
    const res = await get(url);
    expect(res.headers['content-type']).toMatch(/^application\/json/);

    // a change behind the API's back is not seen by anonymous callers while cached ...
    const second = await createProduct(ctx, w.restaurant.id, w.category.id, { name: 'Qahva' });
    expect(expectShape(answers.userProducts, (await get(url)).json()).data.count).toBe(1);
    // extra query parameters do not make new entries (the key is the validated parameters)
    expect(expectShape(answers.userProducts, (await get(`${url}&x=${Date.now()}`)).json()).data.count).toBe(
      1,
    );
    // ... but the owner always reads fresh
    expect(expectShape(answers.userProducts, (await get(url, w.manager.token)).json()).data.count).toBe(2);

    // any successful catalog write clears the cache
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/manager/products/${first.id}`,
      headers: { authorization: `Bearer ${w.manager.token}` },
      payload: { price: 7000 },
    });
    expect(put.statusCode).toBe(200);
    const fresh = expectShape(answers.userProducts, (await get(url)).json()).data;
    expect(fresh.products.map((p) => [p._id, p.price])).toEqual([
      [first.id, 7000],
      [second.id, 25000],
    ]);
  });

  it('clears product details on stop-list and option-row writes; 404s are not cached', async () => {
    const product = (await createProduct(ctx, w.restaurant.id, w.category.id, { name: 'Sharbat' })).id;
    const option = (await createOption(ctx, product, 'Hajmi')).id;
    const url = `/user/products/${product}`;
    expect(expectShape(answers.productDetail, (await get(url)).json()).data.options[0]?.rows).toEqual([]);

    const row = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/product-option-row',
      headers: { authorization: `Bearer ${w.manager.token}` },
      payload: { product_option_id: option, name: 'Katta', price: 3000 },
    });
    expect(row.statusCode).toBe(201);
    const detail = expectShape(answers.productDetail, (await get(url)).json()).data;
    expect(detail.options[0]?.rows.map((r) => r.name)).toEqual(['Katta']);

    const stop = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/stop-list',
      headers: { authorization: `Bearer ${w.manager.token}` },
      payload: { product_ids: [product], action: 'stop' },
    });
    expect(stop.statusCode).toBe(200);
    expectError(await get(url), 404, 'not_found');

    await ctx.db.updateTable('products').set({ is_active: 1 }).where('id', '=', product).execute();
    expect((await get(url)).statusCode).toBe(200); // the 404 was not cached
  });

  it('concurrent misses share one computation and all get the answer', async () => {
    const cat = (await createCategory(ctx, w.restaurant.id, { title: 'Parallel' })).id;
    await createProduct(ctx, w.restaurant.id, cat, { name: 'Bir' });
    const url = `/user/products/?restaurant_id=${w.restaurant.id}&category_id=${cat}`;
    const answersNow = await Promise.all(Array.from({ length: 10 }, () => get(url)));
    for (const res of answersNow) {
      expect(res.statusCode).toBe(200);
      expect(expectShape(answers.userProducts, res.json()).data.products.map((p) => p.name)).toEqual(['Bir']);
    }
    const missing = await Promise.all(Array.from({ length: 5 }, () => get('/user/products/nope')));
    for (const res of missing) expectError(res, 404, 'not_found');
  });

  it('a refused write does not clear it', async () => {
    const url = `/user/products/?restaurant_id=${w.restaurant.id}`;
    const before = (await get(url)).json();
    await createProduct(ctx, w.restaurant.id, w.category.id, { name: 'Yashirin' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/products',
      headers: { authorization: `Bearer ${w.manager.token}` },
      payload: { name: '', category_id: w.category.id, price: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(url)).json()).toEqual(before);
  });
});

describe('admin restaurant list', () => {
  it('is served from the cache until a restaurant write or upload clears it', async () => {
    const admin = await adminUser(ctx);
    const names = async () =>
      expectShape(
        answers.adminRestaurants,
        (await get('/admin/restaurants', admin.token)).json(),
      ).restaurants.map((r) => r.name);
    const before = await names();
    expect(before.length).toBeGreaterThan(0);
    const extra = await createRestaurant(ctx, { name: 'Orqa eshik' }); // behind the API's back
    expect(await names()).toEqual(before);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/manager/restaurants/update?slug=${extra.slug}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { name: 'Yangi nom' },
    });
    expect(put.statusCode).toBe(200);
    expect(await names()).toContain('Yangi nom');

    const up = await uploadAs(ctx, admin.token, { restaurant_id: extra.id, type: 'logotype' }, [
      { data: PNG },
    ]);
    expect(up.statusCode).toBe(200);
    const list = expectShape(answers.adminRestaurants, (await get('/admin/restaurants', admin.token)).json());
    expect(list.restaurants.find((r) => r._id === extra.id)?.logotype).toBe(up.json().url);
    // the cached answer is still the admin's alone
    expectError(await get('/admin/restaurants', w.manager.token), 403, 'forbidden');
    expectError(await get('/admin/restaurants'), 401, 'unauthorized');
  });
});

describe('AnswerCache', () => {
  it('expires entries and never stores a read that began before a clear', async () => {
    const cache = new AnswerCache(20);
    cache.set('a', '1', cache.stamp);
    expect(cache.get('a')?.toString()).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(cache.get('a')).toBeUndefined();

    const stamp = cache.stamp; // a read starts ...
    cache.clear(); // ... a write lands ...
    cache.set('b', 'stale', stamp); // ... the read finishes with old data
    expect(cache.get('b')).toBeUndefined();

    // bounded by the text it holds: past the bound it starts over; huge answers are not kept
    const small = new AnswerCache(60_000, 100);
    small.set('x', 'a'.repeat(20), small.stamp);
    small.set('y', 'b'.repeat(20), small.stamp);
    expect(small.get('x')).toBeDefined();
    small.set('z', 'c'.repeat(20), small.stamp);
    small.set('w', 'd'.repeat(20), small.stamp);
    small.set('v', 'e'.repeat(20), small.stamp); // 100: full
    expect(small.get('x')).toBeDefined();
    small.set('u', 'g'.repeat(20), small.stamp); // past the bound: starts over
    expect(small.get('x')).toBeUndefined();
    expect(small.get('u')).toBeDefined();
    small.set('huge', 'f'.repeat(60), small.stamp);
    expect(small.get('huge')).toBeUndefined();

    // remember(): an entry that aged out is handed to the recompute, one from before a clear never is
    const aged = new AnswerCache(1000);
    const seen: (string | undefined)[] = [];
    const remember = (value: string) =>
      aged.remember(
        'page',
        async (expired: string | undefined) => {
          seen.push(expired);
          return value;
        },
        (v) => v.length,
      );
    expect(await remember('v1')).toBe('v1');
    expect(await remember('v2')).toBe('v1'); // still fresh: not computed
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2000); // past the TTL, without waiting
      expect(await remember('v3')).toBe('v3');
    } finally {
      vi.useRealTimers();
    }
    aged.clear();
    expect(await remember('v4')).toBe('v4');
    expect(seen).toEqual([undefined, 'v1', undefined]);
    // an answer whose size is undefined is not kept
    expect(
      await aged.remember(
        '404',
        async () => 'missing',
        () => undefined,
      ),
    ).toBe('missing');
    expect(
      await aged.remember(
        '404',
        async () => 'again',
        () => undefined,
      ),
    ).toBe('again');

    const off = new AnswerCache(0);
    off.set('c', '1', off.stamp);
    expect(off.enabled).toBe(false);
    expect(off.get('c')).toBeUndefined();
  });
});
