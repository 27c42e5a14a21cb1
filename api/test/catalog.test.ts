/**
 * Categories, products, options and option rows: shapes, ownership, bad input, cascades.
 * Every answer is parsed with the strict shared schemas.
 */
import { answers } from '@qrmenu/shared/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createUser,
  expectError,
  expectShape,
  type Method,
  ownPicture,
  rawCall,
  snapshot as snapshotOf,
} from './helpers';
import { fileApp, twoManagersApart } from './world';

let admin: string;
let m1: string;
let m2: string;
let r1: string;
let r2: string;
let other: string; // a user of a role that owns nothing

const call = (method: Method, url: string, token?: string | null, payload?: unknown) =>
  apiCall(ctx, method, url, token, payload);

const snapshot = () => snapshotOf(ctx.db);

/** An option of a product made by `token`'s user, as the API answers it. */
const madeOption = async (token: string, body: { product_id: string; name: string }) =>
  expectShape(answers.option, (await call('POST', '/manager/product-option', token, body)).json()).data;

/** A row of an option made by `token`'s user, as the API answers it. */
const madeRow = async (token: string, body: { product_option_id: string; name: string; price: number }) =>
  expectShape(answers.optionRow, (await call('POST', '/manager/product-option-row', token, body)).json())
    .data;

async function createCategory(token: string, restaurantId: string, title = 'Ichimliklar', isActive = true) {
  const res = await call('POST', '/manager/category/create', token, {
    title,
    restaurant_id: restaurantId,
    is_active: isActive,
  });
  expect(res.statusCode).toBe(201);
  return expectShape(answers.category, res.json()).data;
}

async function createProduct(token: string, categoryId: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/manager/products', token, {
    name: 'Choy',
    category_id: categoryId,
    price: 5000,
    is_active: true,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return expectShape(answers.productCreated, res.json()).data.id;
}

const ctx = fileApp();

beforeAll(async () => {
  const apart = await twoManagersApart(ctx);
  ({ admin, m1, m2 } = apart);
  [r1, r2] = [apart.r1.id, apart.r2.id];
  other = (await createUser(ctx, 'cook')).token;
});

describe('categories', () => {
  it('creates (201), lists, updates and shows only active ones to the public', async () => {
    const c = await createCategory(m1, r1, '  Salatlar  ');
    expect(c).toMatchObject({ title: 'Salatlar', restaurant_id: r1, is_active: true });
    const hidden = await createCategory(m1, r1, 'Yashirin', false);
    expect(hidden.is_active).toBe(false);

    const mine = await call('GET', '/manager/category', m1);
    expect(mine.statusCode).toBe(200);
    const list = expectShape(answers.managerCategories, mine.json());
    expect(list.count).toBe(list.data.length);
    expect(list.data.map((x) => x._id)).toEqual(expect.arrayContaining([c._id, hidden._id]));

    const pub = expectShape(
      answers.userCategories,
      (await call('GET', `/user/category?restaurant_id=${r1}`)).json(),
    );
    expect(pub.categories.map((x) => x._id)).toContain(c._id);
    expect(pub.categories.map((x) => x._id)).not.toContain(hidden._id);
    expect(pub.categories.every((x) => x.is_active)).toBe(true);
    expect(pub.count).toBe(pub.categories.length);

    // the owner and an admin see all; another manager sees only the active ones
    const own = expectShape(
      answers.userCategories,
      (await call('GET', `/user/category?restaurant_id=${r1}`, m1)).json(),
    );
    expect(own.categories.map((x) => x._id)).toContain(hidden._id);
    const adm = expectShape(
      answers.userCategories,
      (await call('GET', `/user/category?restaurant_id=${r1}`, admin)).json(),
    );
    expect(adm.categories.map((x) => x._id)).toContain(hidden._id);
    const stranger = expectShape(
      answers.userCategories,
      (await call('GET', `/user/category?restaurant_id=${r1}`, m2)).json(),
    );
    expect(stranger.categories.map((x) => x._id)).not.toContain(hidden._id);

    const upd = await call('PUT', `/manager/category/update/${hidden._id}`, m1, { is_active: true });
    expect(upd.statusCode).toBe(200);
    const updated = expectShape(answers.category, upd.json()).data;
    expect(updated).toMatchObject({ _id: hidden._id, title: 'Yashirin', is_active: true });
    const renamed = expectShape(
      answers.category,
      (await call('PUT', `/manager/category/update/${hidden._id}`, admin, { title: 'Ochiq' })).json(),
    ).data;
    expect(renamed.title).toBe('Ochiq');
    expect(renamed.createdAt).toBe(hidden.createdAt);
  });

  it('admins must name the restaurant; managers get their own', async () => {
    expectError(await call('GET', '/manager/category', admin), 400, 'validation');
    const adm = expectShape(
      answers.managerCategories,
      (await call('GET', `/manager/category?restaurant_id=${r1}`, admin)).json(),
    );
    expect(adm.data.every((c) => c.restaurant_id === r1)).toBe(true);
    expectError(await call('GET', '/manager/category?restaurant_id=nope', admin), 404, 'not_found');
    expectError(await call('GET', `/manager/category?restaurant_id=${r1}`, m2), 404, 'not_found');
    expectError(await call('GET', '/manager/category'), 401, 'unauthorized');
    expectError(await call('GET', '/manager/category', other), 403, 'forbidden');
    expectError(await call('GET', '/user/category?restaurant_id=nope'), 404, 'not_found');
    expectError(await call('GET', '/user/category'), 400, 'validation');
  });

  it("another manager's category is 404 and stays unchanged", async () => {
    const c = await createCategory(m1, r1, 'Shaxsiy');
    const before = await snapshot();
    expectError(
      await call('POST', '/manager/category/create', m2, { title: 'X', restaurant_id: r1 }),
      404,
      'not_found',
    );
    expectError(await call('PUT', `/manager/category/update/${c._id}`, m2, { title: 'X' }), 404, 'not_found');
    expectError(await call('DELETE', `/manager/category/delete/${c._id}`, m2), 404, 'not_found');
    expectError(await call('PUT', '/manager/category/update/nope', m1, { title: 'X' }), 404, 'not_found');
    expectError(await call('DELETE', '/manager/category/delete/nope', m1), 404, 'not_found');
    expect(await snapshot()).toBe(before);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const c = await createCategory(m1, r1, 'Tekshiruv');
    const before = await snapshot();
    const bad: unknown[] = [
      {},
      { restaurant_id: r1 },
      { title: '', restaurant_id: r1 },
      { title: '   ', restaurant_id: r1 },
      { title: 42, restaurant_id: r1 },
      { title: 'x'.repeat(5000), restaurant_id: r1 },
      { title: 'ok', restaurant_id: r1, is_active: 'yes' },
      { title: 'ok', restaurant_id: r1, extra: 1 },
      { title: 'ok' },
      { title: 'ok', restaurant_id: '' },
      { title: 'ok', restaurant_id: 'x'.repeat(500) },
    ];
    for (const payload of bad) {
      expectError(await call('POST', '/manager/category/create', m1, payload), 400, 'validation');
    }
    for (const payload of [
      { title: '' },
      { title: null },
      { is_active: 1 },
      { restaurant_id: r2 },
      { nope: true },
    ]) {
      expectError(await call('PUT', `/manager/category/update/${c._id}`, m1, payload), 400, 'validation');
    }
    const malformed = await rawCall(ctx, 'POST', '/manager/category/create', '{"title": ', { token: m1 });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('deleting a category removes its products, options and rows in one go', async () => {
    const c = await createCategory(m1, r1, "O'chiriladigan");
    const keep = await createCategory(m1, r1, 'Qoladigan');
    const p = await createProduct(m1, c._id);
    const kept = await createProduct(m1, keep._id);
    const o = await madeOption(m1, { product_id: p, name: 'Hajmi' });
    await call('POST', '/manager/product-option-row', m1, {
      product_option_id: o._id,
      name: 'Katta',
      price: 2000,
    });
    const res = await call('DELETE', `/manager/category/delete/${c._id}`, m1);
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.deleted, res.json()).data._id).toBe(c._id);
    const db = ctx.db;
    expect(await db.selectFrom('categories').select('id').where('id', '=', c._id).execute()).toEqual([]);
    expect(await db.selectFrom('products').select('id').where('id', '=', p).execute()).toEqual([]);
    expect(await db.selectFrom('product_options').select('id').where('id', '=', o._id).execute()).toEqual([]);
    expect(
      await db.selectFrom('option_rows').select('id').where('product_option_id', '=', o._id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('products').select('id').where('id', '=', kept).execute()).toHaveLength(1);
  });
});

describe('products', () => {
  let cat: string;
  let hiddenCat: string;
  beforeAll(async () => {
    cat = (await createCategory(m1, r1, 'Taomlar'))._id;
    hiddenCat = (await createCategory(m1, r1, 'Nofaol', false))._id;
  });

  it('creates with {data:{id}} and 201, then shows the product with its category', async () => {
    const picture = await ownPicture(ctx, r1);
    const id = await createProduct(m1, cat, {
      name: ' Osh ',
      description: 'Toshkent oshi',
      price: 35000.5,
      images: [{ file: picture }],
    });
    const res = await call('GET', `/user/products/${id}`);
    expect(res.statusCode).toBe(200);
    const p = expectShape(answers.productDetail, res.json()).data;
    expect(p).toMatchObject({
      _id: id,
      name: 'Osh',
      category_id: cat,
      category: { _id: cat, name: 'Taomlar' },
      description: 'Toshkent oshi',
      price: 35000.5,
      is_active: true,
      images: [{ file: picture }],
      options: [],
    });
    expect(new Date(p.createdAt).toISOString()).toBe(p.createdAt);
    // defaults
    const bare = await createProduct(m1, cat, { is_active: undefined });
    const b = expectShape(answers.productDetail, (await call('GET', `/user/products/${bare}`)).json()).data;
    expect(b).toMatchObject({ description: '', images: [], is_active: true });
  });

  it('lists: the manager all, the public only active products of active categories', async () => {
    const on = await createProduct(m1, cat, { name: 'Faol' });
    const off = await createProduct(m1, cat, { name: 'Nofaol', is_active: false });
    const inHidden = await createProduct(m1, hiddenCat, { name: 'Yashirin kategoriyada' });

    const mine = expectShape(answers.managerProducts, (await call('GET', '/manager/products', m1)).json());
    const ids = mine.data.map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining([on, off, inHidden]));
    expect(mine.count).toBe(mine.data.length);
    expectError(await call('GET', '/manager/products', admin), 400, 'validation');
    const adm = expectShape(
      answers.managerProducts,
      (await call('GET', `/manager/products?restaurant_id=${r1}`, admin)).json(),
    );
    expect(adm.count).toBe(mine.count);
    expectError(await call('GET', `/manager/products?restaurant_id=${r1}`, m2), 404);

    const pub = expectShape(
      answers.userProducts,
      (await call('GET', `/user/products/?restaurant_id=${r1}`)).json(),
    ).data;
    const pubIds = pub.products.map((p) => p._id);
    expect(pubIds).toContain(on);
    expect(pubIds).not.toContain(off);
    expect(pubIds).not.toContain(inHidden);
    expect(pub.count).toBe(pub.products.length);
    const one = expectShape(
      answers.userProducts,
      (await call('GET', `/user/products/?restaurant_id=${r1}&category_id=${cat}`)).json(),
    ).data;
    expect(one.products.every((p) => p.category_id === cat && p.is_active)).toBe(true);
    expect(one.products.find((p) => p._id === on)?.category).toEqual({ _id: cat, name: 'Taomlar' });
    const noSlash = expectShape(
      answers.userProducts,
      (await call('GET', `/user/products?restaurant_id=${r1}`)).json(),
    ).data;
    expect(noSlash.count).toBe(pub.count);

    const own = expectShape(
      answers.userProducts,
      (await call('GET', `/user/products/?restaurant_id=${r1}`, m1)).json(),
    ).data;
    expect(own.products.map((p) => p._id)).toEqual(expect.arrayContaining([on, off, inHidden]));
    const stranger = expectShape(
      answers.userProducts,
      (await call('GET', `/user/products/?restaurant_id=${r1}`, m2)).json(),
    ).data;
    expect(stranger.products.map((p) => p._id)).not.toContain(off);

    // detail: inactive is 404 to the public and to other managers, visible to the owner and admins
    expectError(await call('GET', `/user/products/${off}`), 404, 'not_found');
    expectError(await call('GET', `/user/products/${inHidden}`), 404, 'not_found');
    expectError(await call('GET', `/user/products/${off}`, m2), 404, 'not_found');
    expect((await call('GET', `/user/products/${off}`, m1)).statusCode).toBe(200);
    expect((await call('GET', `/user/products/${off}`, admin)).statusCode).toBe(200);
    expectError(await call('GET', '/user/products/nope'), 404, 'not_found');
    expectError(await call('GET', '/user/products/?restaurant_id=nope'), 404, 'not_found');
    expectError(await call('GET', '/user/products/'), 400, 'validation');
  });

  it('updates only what is sent; category must be of the same restaurant', async () => {
    const id = await createProduct(m1, cat, { name: 'Lagmon', description: 'Uyg`ur', price: 30000 });
    const other = (await createCategory(m1, r1, 'Boshqa'))._id;
    const res = await call('PUT', `/manager/products/${id}`, m1, { price: 32000, category_id: other });
    expect(res.statusCode).toBe(200);
    const p = expectShape(answers.product, res.json()).data;
    expect(p).toMatchObject({
      _id: id,
      name: 'Lagmon',
      description: 'Uyg`ur',
      price: 32000,
      category_id: other,
      category: { _id: other, name: 'Boshqa' },
    });
    const foreignCat = (await createCategory(m2, r2, 'Begona'))._id;
    const before = await snapshot();
    expectError(
      await call('PUT', `/manager/products/${id}`, m1, { category_id: foreignCat }),
      404,
      'not_found',
    );
    expectError(
      await call('PUT', `/manager/products/${id}`, admin, { category_id: foreignCat }),
      404,
      'not_found',
    );
    expectError(await call('PUT', `/manager/products/${id}`, m2, { name: 'X' }), 404, 'not_found');
    expectError(await call('DELETE', `/manager/products/${id}`, m2), 404, 'not_found');
    expectError(await call('POST', '/manager/products', m2, { name: 'X', category_id: cat, price: 1 }), 404);
    expect(await snapshot()).toBe(before);
    const detail = expectShape(
      answers.productDetail,
      (await call('GET', `/user/products/${id}`)).json(),
    ).data;
    expect(detail.price).toBe(32000);
  });

  it('refuses bad product input with 400 and changes nothing', async () => {
    const id = await createProduct(m1, cat, { name: 'Somsa' });
    const before = await snapshot();
    const base = { name: 'Ok', category_id: cat, price: 1000 };
    const bad: Record<string, unknown>[] = [
      {},
      { category_id: cat, price: 1 },
      { name: 'x', price: 1 },
      { name: 'x', category_id: cat },
      { ...base, name: '' },
      { ...base, name: '    ' },
      { ...base, name: 'x'.repeat(201) },
      { ...base, description: 'x'.repeat(2001) },
      { ...base, price: -1 },
      { ...base, price: '1000' },
      { ...base, price: 'abc' },
      { ...base, price: null },
      { ...base, price: 1e20 },
      { ...base, is_active: 'true' },
      { ...base, images: 'a.jpg' },
      { ...base, images: [{ url: 'a.jpg' }] },
      { ...base, restaurant_id: r1 },
      { ...base, unknown: 1 },
    ];
    for (const payload of bad) {
      expectError(await call('POST', '/manager/products', m1, payload), 400, 'validation');
    }
    expectError(
      await call('POST', '/manager/products', m1, { ...base, category_id: 'nope' }),
      404,
      'not_found',
    );
    for (const payload of [
      { price: -5 },
      { price: 'x' },
      { name: '' },
      { is_active: 0 },
      { extra: 1 },
      { _id: 'x' },
    ]) {
      expectError(await call('PUT', `/manager/products/${id}`, m1, payload), 400, 'validation');
    }
    expectError(await call('PUT', `/manager/products/${id}`, m1, { category_id: 'nope' }), 404, 'not_found');
    expectError(await call('PUT', '/manager/products/nope', m1, { name: 'x' }), 404, 'not_found');
    expectError(await call('DELETE', '/manager/products/nope', m1), 404, 'not_found');
    expect(await snapshot()).toBe(before);
  });

  it('deletes a product with its options and rows', async () => {
    const id = await createProduct(m1, cat, { name: 'Ketadigan' });
    const o = await madeOption(m1, { product_id: id, name: 'A' });
    await call('POST', '/manager/product-option-row', m1, { product_option_id: o._id, name: 'a', price: 1 });
    const res = await call('DELETE', `/manager/products/${id}`, admin);
    expect(expectShape(answers.deleted, res.json()).data._id).toBe(id);
    expect(
      await ctx.db.selectFrom('product_options').select('id').where('product_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await ctx.db.selectFrom('option_rows').select('id').where('product_option_id', '=', o._id).execute(),
    ).toEqual([]);
    expectError(await call('GET', `/user/products/${id}`, admin), 404);
  });
});

describe('options and rows', () => {
  let product: string;
  beforeAll(async () => {
    const c = await createCategory(m1, r1, 'Opsiyali');
    product = await createProduct(m1, c._id, { name: 'Pitsa' });
  });

  it('creates, lists, updates, deletes options and rows with the contract shapes', async () => {
    const created = await call('POST', '/manager/product-option', m1, {
      product_id: product,
      name: ' Hajmi ',
    });
    expect(created.statusCode).toBe(201);
    const o = expectShape(answers.option, created.json()).data;
    expect(o).toMatchObject({ product_id: product, name: 'Hajmi' });
    const o2 = await madeOption(admin, { product_id: product, name: 'Xamir' });
    const list = expectShape(
      answers.options,
      (await call('GET', `/manager/product-option/product/${product}`, m1)).json(),
    );
    expect(list.data.map((x) => x._id)).toEqual([o._id, o2._id]);

    const bare = expectShape(
      answers.productDetail,
      (await call('GET', `/user/products/${product}`)).json(),
    ).data;
    expect(bare.options).toEqual([
      { ...o, rows: [] },
      { ...o2, rows: [] },
    ]);

    const rowRes = await call('POST', '/manager/product-option-row', m1, {
      product_option_id: o._id,
      name: 'Katta',
      price: 12000.75,
    });
    expect(rowRes.statusCode).toBe(201);
    const row = expectShape(answers.optionRow, rowRes.json()).data;
    expect(row).toMatchObject({ product_option_id: o._id, name: 'Katta', price: 12000.75 });
    const row2 = await madeRow(m1, { product_option_id: o._id, name: 'Kichik', price: 0 });
    await call('POST', '/manager/product-option-row', m1, {
      product_option_id: o2._id,
      name: 'Yupqa',
      price: 0,
    });
    const rows = expectShape(
      answers.optionRows,
      (await call('GET', `/manager/product-option-row/${o._id}`, m1)).json(),
    );
    expect(rows.data.map((r) => r._id)).toEqual([row._id, row2._id]);

    const detail = expectShape(
      answers.productDetail,
      (await call('GET', `/user/products/${product}`)).json(),
    ).data;
    expect(detail.options.map((x) => [x.name, x.rows.map((r) => r.name)])).toEqual([
      ['Hajmi', ['Katta', 'Kichik']],
      ['Xamir', ['Yupqa']],
    ]);

    const renamed = expectShape(
      answers.option,
      (await call('PUT', `/manager/product-option/${o._id}`, m1, { name: "O'lcham" })).json(),
    ).data;
    expect(renamed).toMatchObject({ _id: o._id, name: "O'lcham", createdAt: o.createdAt });
    const upRow = expectShape(
      answers.optionRow,
      (await call('PUT', `/manager/product-option-row/${row._id}`, m1, { price: 13000 })).json(),
    ).data;
    expect(upRow).toMatchObject({ _id: row._id, name: 'Katta', price: 13000 });

    const delRow = await call('DELETE', `/manager/product-option-row/${row2._id}`, m1);
    expect(expectShape(answers.deleted, delRow.json()).data._id).toBe(row2._id);
    const delOpt = await call('DELETE', `/manager/product-option/${o._id}`, m1);
    expect(expectShape(answers.deleted, delOpt.json()).data._id).toBe(o._id);
    expect(
      await ctx.db.selectFrom('option_rows').select('id').where('product_option_id', '=', o._id).execute(),
    ).toEqual([]);
    const after = expectShape(
      answers.options,
      (await call('GET', `/manager/product-option/product/${product}`, m1)).json(),
    );
    expect(after.data.map((x) => x._id)).toEqual([o2._id]);
  });

  it('refuses another manager, unknown ids and bad input; nothing changes', async () => {
    const o = await madeOption(m1, { product_id: product, name: 'Sous' });
    const row = await madeRow(m1, { product_option_id: o._id, name: 'Achchiq', price: 1 });
    const before = await snapshot();
    expectError(await call('GET', `/manager/product-option/product/${product}`, m2), 404, 'not_found');
    expectError(await call('POST', '/manager/product-option', m2, { product_id: product, name: 'x' }), 404);
    expectError(await call('PUT', `/manager/product-option/${o._id}`, m2, { name: 'x' }), 404);
    expectError(await call('DELETE', `/manager/product-option/${o._id}`, m2), 404);
    expectError(await call('GET', `/manager/product-option-row/${o._id}`, m2), 404);
    expectError(
      await call('POST', '/manager/product-option-row', m2, {
        product_option_id: o._id,
        name: 'x',
        price: 1,
      }),
      404,
    );
    expectError(await call('PUT', `/manager/product-option-row/${row._id}`, m2, { name: 'x' }), 404);
    expectError(await call('DELETE', `/manager/product-option-row/${row._id}`, m2), 404);
    expectError(await call('GET', '/manager/product-option/product/nope', m1), 404);
    expectError(await call('GET', '/manager/product-option-row/nope', m1), 404);
    expectError(await call('POST', '/manager/product-option', m1, { product_id: 'nope', name: 'x' }), 404);
    expectError(
      await call('POST', '/manager/product-option-row', m1, {
        product_option_id: 'nope',
        name: 'x',
        price: 1,
      }),
      404,
    );
    expectError(await call('PUT', '/manager/product-option/nope', m1, { name: 'x' }), 404);
    expectError(await call('DELETE', '/manager/product-option-row/nope', m1), 404);
    expectError(await call('GET', `/manager/product-option/product/${product}`, other), 403, 'forbidden');
    expectError(await call('GET', `/manager/product-option/product/${product}`), 401, 'unauthorized');

    for (const payload of [
      {},
      { product_id: product },
      { product_id: product, name: '' },
      { product_id: product, name: 1 },
      { product_id: product, name: 'x'.repeat(300) },
      { product_id: product, name: 'x', extra: 1 },
    ]) {
      expectError(await call('POST', '/manager/product-option', m1, payload), 400, 'validation');
    }
    for (const payload of [{}, { name: '  ' }, { name: 'x', product_id: product }]) {
      expectError(await call('PUT', `/manager/product-option/${o._id}`, m1, payload), 400, 'validation');
    }
    const rowBase = { product_option_id: o._id, name: 'x', price: 1 };
    for (const payload of [
      {},
      { ...rowBase, price: -1 },
      { ...rowBase, price: '1' },
      { ...rowBase, price: 'abc' },
      { ...rowBase, price: undefined },
      { ...rowBase, name: '' },
      { ...rowBase, name: 'x'.repeat(10_000) },
      { ...rowBase, extra: true },
    ]) {
      expectError(await call('POST', '/manager/product-option-row', m1, payload), 400, 'validation');
    }
    for (const payload of [{ price: -0.01 }, { price: 'x' }, { name: '' }, { product_option_id: o._id }]) {
      expectError(
        await call('PUT', `/manager/product-option-row/${row._id}`, m1, payload),
        400,
        'validation',
      );
    }
    expect(await snapshot()).toBe(before);
  });
});
