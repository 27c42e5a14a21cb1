/**
 * Input strings: NUL is refused everywhere with 400 (PostgreSQL text cannot hold it, so it must
 * never reach the database), and image URLs are trimmed and not blank like other strings.
 */
import { answers } from '@qrmenu/shared/schemas';
import { describe, expect, it } from 'vitest';
import { apiCall, createWorld, expectError, expectShape, type Method, ownPicture, snapshot } from './helpers';
import { fileWorld } from './world';

const { ctx, world: w } = fileWorld({ loginRateLimit: { max: 1000, windowMs: 60_000 } }, createWorld);

const call = (method: Method, url: string, token?: string | null, payload?: unknown) =>
  apiCall(ctx, method, url, token, payload);

const NUL = '\u0000';

describe('a NUL character in any input string', () => {
  it('answers 400 validation and changes nothing', async () => {
    const admin = w.admin.token;
    const own = w.own;
    const restaurant = {
      name: `Ray${NUL}hon`,
      slug: 'nul-test',
      address: 'Toshkent',
      phone_number: '+998901112233',
      work_time: '09:00-22:00',
    };
    const cases: [Method, string, unknown?][] = [
      ['GET', '/user/products/%00'],
      ['GET', `/user/products/${own.product.id}%00`],
      ['GET', '/user/category?restaurant_id=%00'],
      ['GET', `/user/products/?restaurant_id=${own.restaurant.id}&category_id=a%00`],
      ['GET', '/user/restaurants/view?slug=a%00'],
      ['POST', '/auth/login', { login: `a${NUL}`, password: 'x' }],
      ['POST', '/admin/restaurants/create', restaurant],
      ['POST', '/admin/restaurants/create', { ...restaurant, name: 'Rayhon', bot_token: `t${NUL}` }],
      ['PUT', `/manager/restaurants/update?slug=${own.restaurant.slug}`, { address: `a${NUL}b` }],
      ['PUT', `/manager/restaurants/update?slug=${own.restaurant.slug}`, { image: `/uploads/${NUL}.png` }],
      ['POST', '/admin/managers', { login: `m${NUL}`, password: 'secret123' }],
      ['POST', '/admin/managers', { login: 'nul-manager', password: `secret${NUL}123` }],
      ['POST', '/manager/category/create', { title: `K${NUL}`, restaurant_id: own.restaurant.id }],
      ['PUT', `/manager/category/update/${own.category.id}`, { title: `${NUL}` }],
      ['POST', '/manager/products', { name: 'P', category_id: own.category.id, price: 1, description: NUL }],
      [
        'POST',
        '/manager/products',
        { name: 'P', category_id: own.category.id, price: 1, images: [{ file: `a${NUL}.png` }] },
      ],
      ['PUT', `/manager/products/${own.product.id}`, { name: `Osh${NUL}` }],
      ['POST', '/manager/product-option', { product_id: own.product.id, name: `O${NUL}` }],
      ['PUT', `/manager/product-option-row/${own.row.id}`, { name: `R${NUL}` }],
      ['POST', '/manager/stop-list', { product_ids: [`${own.product.id}${NUL}`], action: 'stop' }],
      ['POST', '/admin/integration/restaurants/create', { id: `ext${NUL}`, manager_id: w.manager1.id }],
    ];
    const before = await snapshot(ctx.db);
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, admin, payload);
      expectError(res, 400, 'validation');
      expect(res.json().error.details?.length, `${method} ${url}`).toBeGreaterThan(0);
    }
    expect(await snapshot(ctx.db)).toBe(before);
  });
});

describe('image URLs are trimmed and not blank', () => {
  it('restaurant image and logotype', async () => {
    const url = `/manager/restaurants/update?slug=${w.own.restaurant.slug}`;
    const before = await snapshot(ctx.db);
    for (const body of [{ image: '' }, { image: '   ' }, { logotype: ' \t ' }]) {
      expectError(await call('PUT', url, w.manager1.token, body), 400, 'validation');
    }
    expect(await snapshot(ctx.db)).toBe(before);
    const picture = await ownPicture(ctx, w.own.restaurant.id);
    const res = await call('PUT', url, w.manager1.token, { image: ` ${picture} `, logotype: null });
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.restaurant, res.json()).data).toMatchObject({
      image: picture,
      logotype: null,
    });
  });

  it('product images[].file', async () => {
    const base = { name: 'Somsa', category_id: w.own.category.id, price: 8000 };
    const before = await snapshot(ctx.db);
    for (const file of ['', '  ']) {
      expectError(
        await call('POST', '/manager/products', w.manager1.token, { ...base, images: [{ file }] }),
        400,
        'validation',
      );
    }
    expect(await snapshot(ctx.db)).toBe(before);
    const picture = await ownPicture(ctx, w.own.restaurant.id);
    const created = await call('POST', '/manager/products', w.manager1.token, {
      ...base,
      images: [{ file: `  ${picture}\n` }],
    });
    expect(created.statusCode).toBe(201);
    const id = expectShape(answers.productCreated, created.json()).data.id;
    const row = await ctx.db
      .selectFrom('products')
      .select('images')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.images)).toEqual([{ file: picture }]);
  });
});
