/**
 * The menu in the restaurant's order (a manager's moves), on SQLite and (with TEST_DATABASE_URL) on
 * PostgreSQL: new items last, many created at once keep one stable order, the moves of each list
 * (answers, clamping, validation, scope), a product into another category, concurrent moves
 * leaving a permutation, the order on every read (public lists, the guests' page), imports in the
 * provider's order with a sync that appends and never reorders, the OpenAPI document.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  apiCall,
  bearer,
  createRestaurant,
  createTestApp,
  createUser,
  type Method,
  ownedRestaurant,
  type TestUser,
} from './helpers';
import { fileApp } from './world';

let owner: TestUser;
let other: TestUser;
let restaurantId: string;
let slug: string;

const call = (method: Method, url: string, token?: string | null, payload?: unknown) =>
  apiCall(ctx, method, url, token, payload);

async function ok<T = { data: unknown }>(
  method: Method,
  url: string,
  payload?: unknown,
  token = owner.token,
) {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

const newCategory = async (title: string, rid = restaurantId) =>
  (
    await ok<{ data: { _id: string } }>('POST', '/manager/category/create', {
      title,
      restaurant_id: rid,
      is_active: true,
    })
  ).data._id;
const newProduct = async (name: string, categoryId: string) =>
  (
    await ok<{ data: { id: string } }>('POST', '/manager/products', {
      name,
      category_id: categoryId,
      price: 1000,
      is_active: true,
    })
  ).data.id;
const newOption = async (name: string, productId: string) =>
  (await ok<{ data: { _id: string } }>('POST', '/manager/product-option', { product_id: productId, name }))
    .data._id;
const newRow = async (name: string, optionId: string) =>
  (
    await ok<{ data: { _id: string } }>('POST', '/manager/product-option-row', {
      product_option_id: optionId,
      name,
      price: 0,
    })
  ).data._id;

const categoryTitles = async () =>
  (await ok<{ data: { title: string }[] }>('GET', '/manager/category')).data.map((c) => c.title);
const productNames = async (categoryId: string) =>
  (
    await ok<{ data: { products: { name: string }[] } }>(
      'GET',
      `/user/products/?restaurant_id=${restaurantId}&category_id=${categoryId}`,
    )
  ).data.products.map((p) => p.name);

/** The stored positions of a list, in its order. */
async function positions(
  table: 'categories' | 'products' | 'product_options' | 'option_rows',
  parent: string,
  id: string,
) {
  const rows = await sql<{ position: number }>`select position from ${sql.table(table)}
    where ${sql.ref(parent)} = ${id} order by position, id`.execute(ctx.db);
  return rows.rows.map((r) => Number(r.position));
}
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const ctx = fileApp();

beforeAll(async () => {
  const own = await ownedRestaurant(ctx);
  owner = own.manager;
  ({ id: restaurantId, slug } = own.restaurant);
  // another manager, with a restaurant of their own
  other = (await ownedRestaurant(ctx)).manager;
});

describe('new items', () => {
  it('go last in their list', async () => {
    const [a, b] = [await newCategory("Sho'rvalar"), await newCategory('Salatlar')];
    expect(await categoryTitles()).toEqual(["Sho'rvalar", 'Salatlar']);
    await newProduct('Mastava', a);
    await newProduct("Lag'mon", a);
    await newProduct('Sezar', b);
    expect(await productNames(a)).toEqual(['Mastava', "Lag'mon"]);
    expect(await positions('products', 'category_id', a)).toEqual([0, 1]);
  });

  it('created many at once: one stable order, positions 0..n-1, each list read the same everywhere', async () => {
    const categoryId = await newCategory('Bir vaqtda');
    const names = range(30).map((i) => `Taom ${i}`);
    await Promise.all(names.map((name) => newProduct(name, categoryId)));
    expect(await positions('products', 'category_id', categoryId)).toEqual(range(30));
    const first = await productNames(categoryId);
    expect([...first].sort()).toEqual([...names].sort());
    // the manager's list, the public list and a second read agree
    const manager = (
      await ok<{ data: { name: string; category_id: string }[] }>('GET', '/manager/products')
    ).data
      .filter((p) => p.category_id === categoryId)
      .map((p) => p.name);
    expect(manager).toEqual(first);
    expect(await productNames(categoryId)).toEqual(first);

    const productId = await newProduct('Osh', categoryId);
    const optionId = await newOption('Hajmi', productId);
    await Promise.all(range(12).map((i) => newRow(`Variant ${i}`, optionId)));
    expect(await positions('option_rows', 'product_option_id', optionId)).toEqual(range(12));
    await Promise.all(range(8).map((i) => newOption(`Opsiya ${i}`, productId)));
    expect(await positions('product_options', 'product_id', productId)).toEqual(range(9));
  });
});

describe('moves', () => {
  it('a category to the top, to the end, past the end; the answer is the new list', async () => {
    const r = (await ownedRestaurant(ctx)).restaurant;
    const admin = await adminUser(ctx);
    const ids: Record<string, string> = {};
    // an admin arranges any restaurant's menu
    for (const title of ['A', 'B', 'C', 'D']) {
      ids[title] = (
        await ok<{ data: { _id: string } }>(
          'POST',
          '/manager/category/create',
          { title, restaurant_id: r.id, is_active: true },
          admin.token,
        )
      ).data._id;
    }
    const move = async (id: string, position: number) =>
      (
        await ok<{ data: { title: string }[]; count: number }>(
          'PUT',
          `/manager/category/position/${id}`,
          { position },
          admin.token,
        )
      ).data.map((c) => c.title);
    expect(await move(ids.D as string, 0)).toEqual(['D', 'A', 'B', 'C']);
    expect(await move(ids.D as string, 3)).toEqual(['A', 'B', 'C', 'D']);
    expect(await move(ids.A as string, 99)).toEqual(['B', 'C', 'D', 'A']);
    expect(await move(ids.C as string, 1)).toEqual(['B', 'C', 'D', 'A']);
    expect(await positions('categories', 'restaurant_id', r.id)).toEqual(range(4));
    const list = await ok<{ categories: { title: string }[] }>('GET', `/user/category?restaurant_id=${r.id}`);
    expect(list.categories.map((c) => c.title)).toEqual(['B', 'C', 'D', 'A']);
  });

  it('products within a category, into another one (last there, or at a place), and by an edit of category_id', async () => {
    const soups = await newCategory('Suyuq');
    const mains = await newCategory('Quyuq');
    const p = {
      a: await newProduct('A', soups),
      b: await newProduct('B', soups),
      c: await newProduct('C', soups),
      x: await newProduct('X', mains),
      y: await newProduct('Y', mains),
    };
    const move = async (id: string, body: unknown) =>
      (
        await ok<{ data: { name: string }[]; count: number }>('PUT', `/manager/products/position/${id}`, body)
      ).data.map((x) => x.name);
    expect(await move(p.a, { position: 1 })).toEqual(['B', 'A', 'C']);
    expect(await move(p.c, { position: 0, category_id: mains })).toEqual(['C', 'X', 'Y']);
    expect(await productNames(soups)).toEqual(['B', 'A']);
    expect(await positions('products', 'category_id', soups)).toEqual([0, 1]);
    expect(await move(p.b, { position: 99, category_id: mains })).toEqual(['C', 'X', 'Y', 'B']);
    // the edit form's category change: last in the new category
    await ok('PUT', `/manager/products/${p.x}`, { category_id: soups });
    expect(await productNames(soups)).toEqual(['A', 'X']);
    // the restaurant's list: categories in their order, each category's products in theirs
    const all = (await ok<{ data: { name: string; category_id: string }[] }>('GET', '/manager/products'))
      .data;
    const inOrder = all.filter((x) => x.category_id === soups || x.category_id === mains).map((x) => x.name);
    expect(inOrder).toEqual(['A', 'X', 'C', 'Y', 'B']);
  });

  it('options and rows', async () => {
    const categoryId = await newCategory('Variantli');
    const productId = await newProduct('Kofe', categoryId);
    const size = await newOption('Hajmi', productId);
    const milk = await newOption('Sut', productId);
    const rows = {
      s: await newRow('Kichik', size),
      l: await newRow('Katta', size),
      m: await newRow("O'rta", size),
    };
    const options = await ok<{ data: { name: string }[] }>(
      'PUT',
      `/manager/product-option/position/${milk}`,
      {
        position: 0,
      },
    );
    expect(options.data.map((o) => o.name)).toEqual(['Sut', 'Hajmi']);
    const answer = await ok<{ data: { name: string }[] }>(
      'PUT',
      `/manager/product-option-row/position/${rows.m}`,
      {
        position: 1,
      },
    );
    expect(answer.data.map((r) => r.name)).toEqual(['Kichik', "O'rta", 'Katta']);
    const detail = await ok<{ data: { options: { name: string; rows: { name: string }[] }[] } }>(
      'GET',
      `/user/products/${productId}`,
    );
    expect(detail.data.options.map((o) => o.name)).toEqual(['Sut', 'Hajmi']);
    expect(detail.data.options[1]?.rows.map((r) => r.name)).toEqual(['Kichik', "O'rta", 'Katta']);
    const listed = await ok<{ data: { name: string }[] }>('GET', `/manager/product-option-row/${size}`);
    expect(listed.data.map((r) => r.name)).toEqual(['Kichik', "O'rta", 'Katta']);
  });

  it('refuses a bad position (400) and another restaurant (404), changing nothing', async () => {
    const categoryId = await newCategory('Tekshiruv');
    const a = await newProduct('A', categoryId);
    await newProduct('B', categoryId);
    for (const body of [
      { position: -1 },
      { position: 1.5 },
      { position: '1' },
      {},
      { position: 0, extra: 1 },
    ]) {
      const res = await call('PUT', `/manager/products/position/${a}`, owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect(
      (await call('PUT', `/manager/products/position/${a}`, other.token, { position: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/manager/category/position/${categoryId}`, other.token, { position: 0 }))
        .statusCode,
    ).toBe(404);
    const foreign = await createRestaurant(ctx, {});
    const admin = await adminUser(ctx);
    const foreignCategory = (
      await ok<{ data: { _id: string } }>(
        'POST',
        '/manager/category/create',
        { title: 'Begona', restaurant_id: foreign.id, is_active: true },
        admin.token,
      )
    ).data._id;
    // into a category of another restaurant: 404, even for an admin
    for (const token of [owner.token, admin.token]) {
      const res = await call('PUT', `/manager/products/position/${a}`, token, {
        position: 0,
        category_id: foreignCategory,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await call('PUT', '/manager/products/position/nope', owner.token, { position: 0 })).statusCode,
    ).toBe(404);
    expect(await productNames(categoryId)).toEqual(['A', 'B']);
  });

  it('many moves at once leave the list a permutation of 0..n-1, and every answer a whole list', async () => {
    const categoryId = await newCategory('Poyga');
    const ids: string[] = [];
    for (const i of range(20)) ids.push(await newProduct(`P${i}`, categoryId));
    const answers = await Promise.all(
      range(40).map(async (i) => {
        const res = await call('PUT', `/manager/products/position/${ids[(i * 7) % 20]}`, owner.token, {
          position: (i * 11) % 20,
        });
        expect(res.statusCode).toBe(200);
        return (res.json() as { data: { _id: string }[] }).data.map((p) => p._id);
      }),
    );
    for (const answer of answers) expect([...answer].sort()).toEqual([...ids].sort());
    expect(await positions('products', 'category_id', categoryId)).toEqual(range(20));
    // and categories moved from two "tabs" at once
    const cats = await ok<{ data: { _id: string }[] }>('GET', '/manager/category');
    await Promise.all(
      cats.data.map((c, i) =>
        call('PUT', `/manager/category/position/${c._id}`, owner.token, { position: (i * 3) % 5 }),
      ),
    );
    expect(await positions('categories', 'restaurant_id', restaurantId)).toEqual(range(cats.data.length));
  });

  it("the guests' page shows the order", async () => {
    const cats = (await ok<{ data: { _id: string; title: string }[] }>('GET', '/manager/category')).data;
    const last = cats.at(-1) as { _id: string; title: string };
    await ok('PUT', `/manager/category/position/${last._id}`, { position: 0 });
    const page = await ctx.app.inject({ method: 'GET', url: `/m/${slug}` });
    expect(page.statusCode).toBe(200);
    const shown = [...page.body.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) =>
      (m[1] ?? '').replace(/&#x27;|&#39;/g, "'"),
    );
    const expected = (await categoryTitles()).filter((title) => shown.includes(title));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual(expected);
    expect(shown[0]).toBe(last.title);
  });

  it('documents the moves in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
    };
    const ops = {
      '/api/manager/category/position/{id}': 'categories.move',
      '/api/manager/products/position/{id}': 'products.move',
      '/api/manager/product-option/position/{id}': 'options.move',
      '/api/manager/product-option-row/position/{id}': 'optionRows.move',
    };
    for (const [path, operationId] of Object.entries(ops)) {
      expect(doc.paths[path]?.put?.operationId, path).toBe(operationId);
      expect(doc.paths[path]?.put?.description).toContain('position');
    }
  });
});

describe('imports', () => {
  const feedOf = (categories: { id: string; title: string; products: string[] }[]) => ({
    provider: 'feed',
    restaurants: [
      {
        id: 'ext-1',
        name: 'Tashqi',
        address: 'a',
        phone_number: 'p',
        work_time: 'w',
        categories: categories.map((c) => ({
          id: c.id,
          title: c.title,
          products: c.products.map((name) => ({
            id: `p-${name}`,
            name,
            description: '',
            price: 1000,
            options: [
              {
                id: `o-${name}`,
                name: 'Hajmi',
                rows: ['Kichik', "O'rta", 'Katta'].map((row) => ({
                  id: `r-${name}-${row}`,
                  name: row,
                  price: 0,
                })),
              },
            ],
          })),
        })),
      },
    ],
  });

  it("keep the provider's order on the first import; a sync appends new items and keeps a manual order", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrmenu-order-feed-'));
    const file = join(dir, 'feed.json');
    const menu = [
      { id: 'c-z', title: 'Zakuskalar', products: ['Z3', 'Z1', 'Z2'] },
      { id: 'c-a', title: 'Asosiy', products: ['A2', 'A1'] },
    ];
    writeFileSync(file, JSON.stringify(feedOf(menu)));
    const app = await createTestApp({ integrationFeedUrl: pathToFileURL(file).href });
    try {
      const admin = await adminUser(app);
      const manager = await createUser(app, 'manager');
      const inject = (method: Method, url: string, payload?: unknown, token = admin.token) =>
        app.app.inject({
          method,
          url: `/api${url}`,
          headers: bearer(token),
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const created = await inject('POST', '/admin/integration/restaurants/create', {
        id: 'ext-1',
        manager_id: manager.id,
      });
      expect(created.statusCode, created.body).toBe(201);
      const rid = (created.json() as { data: { _id: string } }).data._id;
      const menuNow = async () => {
        const cats = (await inject('GET', `/manager/category?restaurant_id=${rid}`)).json() as {
          data: { _id: string; title: string }[];
        };
        const products = (await inject('GET', `/manager/products?restaurant_id=${rid}`)).json() as {
          data: { _id: string; name: string; category_id: string }[];
        };
        return cats.data.map((c) => [
          c.title,
          products.data.filter((p) => p.category_id === c._id).map((p) => p.name),
        ]);
      };
      expect(await menuNow()).toEqual([
        ['Zakuskalar', ['Z3', 'Z1', 'Z2']],
        ['Asosiy', ['A2', 'A1']],
      ]);
      const products = (await inject('GET', `/manager/products?restaurant_id=${rid}`)).json() as {
        data: { _id: string; name: string }[];
      };
      const z3 = products.data.find((p) => p.name === 'Z3')?._id as string;
      const options = (await inject('GET', `/manager/product-option/product/${z3}`)).json() as {
        data: { _id: string }[];
      };
      const rows = (await inject('GET', `/manager/product-option-row/${options.data[0]?._id}`)).json() as {
        data: { name: string }[];
      };
      expect(rows.data.map((r) => r.name)).toEqual(['Kichik', "O'rta", 'Katta']);

      // the manager puts Asosiy first and Z1 first; the provider reorders and adds things
      const cats = (await inject('GET', `/manager/category?restaurant_id=${rid}`)).json() as {
        data: { _id: string; title: string }[];
      };
      const asosiy = cats.data.find((c) => c.title === 'Asosiy')?._id as string;
      expect(
        (await inject('PUT', `/manager/category/position/${asosiy}`, { position: 0 }, admin.token))
          .statusCode,
      ).toBe(200);
      const z1 = products.data.find((p) => p.name === 'Z1')?._id as string;
      expect((await inject('PUT', `/manager/products/position/${z1}`, { position: 0 })).statusCode).toBe(200);
      writeFileSync(
        file,
        JSON.stringify(
          feedOf([
            { id: 'c-n', title: 'Yangi', products: ['N1'] },
            { id: 'c-a', title: 'Asosiy', products: ['A1', 'A2', 'A3'] },
            { id: 'c-z', title: 'Zakuskalar', products: ['Z2', 'Z1', 'Z3', 'Z4'] },
          ]),
        ),
      );
      const synced = await inject('PUT', `/admin/integration/restaurants/${rid}/sync`);
      expect(synced.statusCode, synced.body).toBe(200);
      expect(await menuNow()).toEqual([
        ['Asosiy', ['A2', 'A1', 'A3']],
        ['Zakuskalar', ['Z1', 'Z3', 'Z2', 'Z4']],
        ['Yangi', ['N1']],
      ]);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
