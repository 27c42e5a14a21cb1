/**
 * Menu content in Russian and English through the API, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: create with translations, update one language, clear one,
 * and today's clients (no `translations` sent) see the same answers as before.
 */
import { answers } from '@qrmenu/shared/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, expectError, expectShape, type Method } from './helpers';
import { fileApp, twoManagersApart } from './world';

let admin: string;
let m1: string;
let m2: string;
let r1: { id: string; slug: string };

const call = (method: Method, url: string, token?: string | null, payload?: unknown) =>
  apiCall(ctx, method, url, token, payload);

async function createCategory(body: Record<string, unknown>) {
  const res = await call('POST', '/manager/category/create', m1, {
    restaurant_id: r1.id,
    title: 'Salatlar',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return expectShape(answers.category, res.json()).data;
}

async function updateCategory(id: string, body: Record<string, unknown>) {
  const res = await call('PUT', `/manager/category/update/${id}`, m1, body);
  expect(res.statusCode).toBe(200);
  return expectShape(answers.category, res.json()).data;
}

async function storedCategory(id: string) {
  const list = expectShape(answers.managerCategories, (await call('GET', `/manager/category`, m1)).json());
  return list.data.find((c) => c._id === id);
}

const ctx = fileApp();

beforeAll(async () => {
  ({ admin, m1, m2, r1 } = await twoManagersApart(ctx));
});

describe('categories in three languages', () => {
  it('creates with translations (trimmed, blanks left out) and reads them back', async () => {
    const c = await createCategory({ translations: { ru: { title: '  Салаты ' }, en: { title: '' } } });
    expect(c.title).toBe('Salatlar');
    expect(c.translations).toEqual({ ru: { title: 'Салаты' } });
    expect((await storedCategory(c._id))?.translations).toEqual({ ru: { title: 'Салаты' } });
  });

  it('sets one language without touching the other, clears one with null or ""', async () => {
    const c = await createCategory({ translations: { ru: { title: 'Салаты' } } });
    const en = await updateCategory(c._id, { translations: { en: { title: 'Salads' } } });
    expect(en.translations).toEqual({ ru: { title: 'Салаты' }, en: { title: 'Salads' } });
    expect(en.title).toBe('Salatlar');
    expect((await storedCategory(c._id))?.translations).toEqual({
      ru: { title: 'Салаты' },
      en: { title: 'Salads' },
    });

    const cleared = await updateCategory(c._id, { translations: { ru: { title: null } } });
    expect(cleared.translations).toEqual({ en: { title: 'Salads' } });
    const blank = await updateCategory(c._id, { translations: { en: { title: '  ' } } });
    expect(blank.translations).toEqual({});
    expect((await storedCategory(c._id))?.translations).toEqual({});
  });

  it('an old client (no translations) sees {} and its updates keep the stored translations', async () => {
    const plain = await createCategory({ title: 'Ichimliklar' });
    expect(plain.translations).toEqual({});
    const c = await createCategory({ translations: { ru: { title: 'Салаты' }, en: { title: 'Salads' } } });
    const renamed = await updateCategory(c._id, { title: 'Yangi salatlar', is_active: false });
    expect(renamed).toMatchObject({ title: 'Yangi salatlar', is_active: false });
    expect(renamed.translations).toEqual({ ru: { title: 'Салаты' }, en: { title: 'Salads' } });
    // the same translation again changes nothing (no write: updatedAt stays)
    const same = await updateCategory(c._id, { translations: { ru: { title: 'Салаты' } } });
    expect(same.updatedAt).toBe(renamed.updatedAt);
  });

  it("refuses unknown languages and fields, too long or non-string values (400), and others' categories (404)", async () => {
    const c = await createCategory({});
    for (const translations of [
      { de: { title: 'Salate' } },
      { uz: { title: 'Salatlar' } },
      { ru: { name: 'Салаты' } },
      { ru: { title: 'x'.repeat(201) } },
      { ru: { title: 5 } },
      { ru: { title: 'a\u0000b' } },
      'ru',
    ]) {
      expectError(
        await call('PUT', `/manager/category/update/${c._id}`, m1, { translations }),
        400,
        'validation',
      );
    }
    expectError(
      await call('POST', '/manager/category/create', m1, {
        restaurant_id: r1.id,
        title: 'X',
        translations: { en: { title: 'y'.repeat(201) } },
      }),
      400,
      'validation',
    );
    expectError(
      await call('PUT', `/manager/category/update/${c._id}`, m2, {
        translations: { ru: { title: 'Чужое' } },
      }),
      404,
    );
  });
});

describe('products, options and rows', () => {
  it('create, update one language, clear one, and the detail carries all of them', async () => {
    const category = await createCategory({});
    const created = await call('POST', '/manager/products', m1, {
      name: 'Osh',
      description: 'Toshkent oshi',
      category_id: category._id,
      price: 45000,
      translations: { ru: { name: 'Плов', description: 'Ташкентский плов' } },
    });
    expect(created.statusCode).toBe(201);
    const id = expectShape(answers.productCreated, created.json()).data.id;

    const put = await call('PUT', `/manager/products/${id}`, m1, { translations: { en: { name: 'Pilaf' } } });
    expect(put.statusCode).toBe(200);
    expect(expectShape(answers.product, put.json()).data.translations).toEqual({
      ru: { name: 'Плов', description: 'Ташкентский плов' },
      en: { name: 'Pilaf' },
    });
    const cleared = await call('PUT', `/manager/products/${id}`, m1, {
      price: 46000,
      translations: { ru: { description: null } },
    });
    const product = expectShape(answers.product, cleared.json()).data;
    expect(product).toMatchObject({ name: 'Osh', description: 'Toshkent oshi', price: 46000 });
    expect(product.translations).toEqual({ ru: { name: 'Плов' }, en: { name: 'Pilaf' } });

    const option = await call('POST', '/manager/product-option', m1, {
      product_id: id,
      name: 'Hajmi',
      translations: { ru: { name: 'Размер' } },
    });
    expect(option.statusCode).toBe(201);
    const o = expectShape(answers.option, option.json()).data;
    expect(o.translations).toEqual({ ru: { name: 'Размер' } });
    // only translations: the option keeps its name
    const optionPut = await call('PUT', `/manager/product-option/${o._id}`, m1, {
      translations: { en: { name: 'Size' } },
    });
    expect(expectShape(answers.option, optionPut.json()).data).toMatchObject({
      name: 'Hajmi',
      translations: { ru: { name: 'Размер' }, en: { name: 'Size' } },
    });
    // an old client's rename (name only) keeps them
    const renamed = await call('PUT', `/manager/product-option/${o._id}`, m1, { name: "O'lcham" });
    expect(expectShape(answers.option, renamed.json()).data.translations).toEqual({
      ru: { name: 'Размер' },
      en: { name: 'Size' },
    });
    expectError(await call('PUT', `/manager/product-option/${o._id}`, m1, {}), 400, 'validation');

    const row = await call('POST', '/manager/product-option-row', m1, {
      product_option_id: o._id,
      name: 'Katta',
      price: 5000,
      translations: { en: { name: 'Large' } },
    });
    expect(row.statusCode).toBe(201);
    const r = expectShape(answers.optionRow, row.json()).data;
    const rowPut = await call('PUT', `/manager/product-option-row/${r._id}`, m1, {
      translations: { ru: { name: 'Большой' }, en: { name: null } },
    });
    expect(expectShape(answers.optionRow, rowPut.json()).data).toMatchObject({
      name: 'Katta',
      price: 5000,
      translations: { ru: { name: 'Большой' } },
    });

    const detail = expectShape(
      answers.productDetail,
      (await call('GET', `/user/products/${id}`, m1)).json(),
    ).data;
    expect(detail.translations).toEqual({ ru: { name: 'Плов' }, en: { name: 'Pilaf' } });
    expect(detail.options[0]?.translations).toEqual({ ru: { name: 'Размер' }, en: { name: 'Size' } });
    expect(detail.options[0]?.rows[0]?.translations).toEqual({ ru: { name: 'Большой' } });

    const list = expectShape(answers.managerProducts, (await call('GET', `/manager/products`, m1)).json());
    expect(list.data.find((p) => p._id === id)?.translations).toEqual({
      ru: { name: 'Плов' },
      en: { name: 'Pilaf' },
    });
  });

  it('two saves of different languages at once both stay', async () => {
    const category = await createCategory({});
    const created = await call('POST', '/manager/products', m1, {
      name: 'Manti',
      category_id: category._id,
      price: 1,
    });
    const id = expectShape(answers.productCreated, created.json()).data.id;
    const saves = await Promise.all(
      ['ru', 'en'].flatMap((lang) =>
        Array.from({ length: 4 }, (_, i) =>
          call('PUT', `/manager/products/${id}`, m1, {
            translations: { [lang]: { [i % 2 ? 'name' : 'description']: `${lang}-${i}` } },
          }),
        ),
      ),
    );
    for (const res of saves) expect(res.statusCode).toBe(200);
    const list = expectShape(answers.managerProducts, (await call('GET', `/manager/products`, m1)).json());
    const stored = list.data.find((p) => p._id === id)?.translations;
    for (const lang of ['ru', 'en'] as const) {
      expect(Object.keys(stored?.[lang] ?? {}).sort()).toEqual(['description', 'name']);
    }
  });
});

describe('every option of a restaurant', () => {
  it("answers the options with their rows and translations in one read; others' restaurants 404", async () => {
    const res = await call('GET', '/manager/restaurant-options', m1);
    expect(res.statusCode).toBe(200);
    const options = expectShape(answers.restaurantOptions, res.json()).data;
    const size = options.find((o) => o.name === "O'lcham");
    expect(size?.translations).toEqual({ ru: { name: 'Размер' }, en: { name: 'Size' } });
    expect(size?.rows.map((r) => [r.name, r.translations])).toEqual([['Katta', { ru: { name: 'Большой' } }]]);
    expect((await call('GET', `/manager/restaurant-options?restaurant_id=${r1.id}`, admin)).statusCode).toBe(
      200,
    );
    expectError(await call('GET', '/manager/restaurant-options', admin), 400);
    expectError(await call('GET', `/manager/restaurant-options?restaurant_id=${r1.id}`, m2), 404);
    expectError(await call('GET', '/manager/restaurant-options'), 401);
  });
});

describe('restaurants', () => {
  it('a manager sets the address and working hours in Russian; the spec fields stay Uzbek', async () => {
    const res = await call('PUT', `/manager/restaurants/update?slug=${r1.slug}`, m1, {
      translations: { ru: { address: 'Ташкент, Амир Темур 1', work_time: 'с 9 до 23' } },
    });
    expect(res.statusCode).toBe(200);
    const r = expectShape(answers.restaurant, res.json()).data;
    expect(r.address).toBe('Toshkent, Amir Temur 1');
    expect(r.translations).toEqual({ ru: { address: 'Ташкент, Амир Темур 1', work_time: 'с 9 до 23' } });

    const cleared = await call('PUT', `/manager/restaurants/update?slug=${r1.slug}`, m1, {
      name: 'Rayhon',
      translations: { ru: { work_time: null }, en: { work_time: '9 am to 11 pm' } },
    });
    expect(expectShape(answers.restaurant, cleared.json()).data).toMatchObject({
      name: 'Rayhon',
      translations: { ru: { address: 'Ташкент, Амир Темур 1' }, en: { work_time: '9 am to 11 pm' } },
    });
    const mine = expectShape(answers.myRestaurant, (await call('GET', '/manager/restaurants/me', m1)).json());
    expect(mine.data?.translations).toEqual({
      ru: { address: 'Ташкент, Амир Темур 1' },
      en: { work_time: '9 am to 11 pm' },
    });
  });

  it('an admin creates with translations; too long a value is refused', async () => {
    const res = await call('POST', '/admin/restaurants/create', admin, {
      name: 'Bahor',
      slug: 'bahor-tr',
      address: 'Samarqand',
      phone_number: '+998901112233',
      work_time: '10:00-22:00',
      translations: { en: { address: 'Samarkand' } },
    });
    expect(res.statusCode).toBe(201);
    expect(expectShape(answers.restaurant, res.json()).data.translations).toEqual({
      en: { address: 'Samarkand' },
    });
    expectError(
      await call('PUT', '/manager/restaurants/update?slug=bahor-tr', admin, {
        translations: { ru: { work_time: 'x'.repeat(101) } },
      }),
      400,
      'validation',
    );
  });
});

describe('OpenAPI', () => {
  it('documents the translations shape on the entities and the writes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const text = JSON.stringify(doc);
    expect(text).toContain('translations');
    expect(text).toContain('null or \\"\\" clears it');
  });
});
