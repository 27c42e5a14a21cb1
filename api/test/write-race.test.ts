/**
 * A write racing a delete answers 404, never 500: the thing it refers to was there when checked
 * and is gone when written. The moment is made exact with a database trigger that deletes the
 * parent just before the row goes in (SQLite and PostgreSQL), then tried for real with requests
 * sent at the same time.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  bearer,
  createCategory,
  createOption,
  createProduct,
  expectError,
  ownedRestaurant,
  snapshot,
} from './helpers';
import { fileWorld } from './world';

const { ctx, world: w } = fileWorld({}, ownedRestaurant);

const RACE = 'deleted-meanwhile';

/** Before a row named RACE goes into `table`, its parent (`column` -> `parent`) is deleted. */
async function deleteParentOnInsert(
  table: string,
  column: string,
  parent: string,
): Promise<() => Promise<void>> {
  const name = `race_${table}`;
  if (ctx.app.dbDialect === 'sqlite') {
    await sql`create trigger ${sql.id(name)} before insert on ${sql.table(table)}
      when new.${sql.ref(table === 'categories' ? 'title' : 'name')} = ${sql.lit(RACE)}
      begin delete from ${sql.table(parent)} where id = new.${sql.ref(column)}; end`.execute(ctx.db);
    return async () => {
      await sql`drop trigger ${sql.id(name)}`.execute(ctx.db);
    };
  }
  await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.lit(
    `begin delete from ${parent} where id = new.${column}; return new; end`,
  )}`.execute(ctx.db);
  await sql`create trigger ${sql.id(name)} before insert on ${sql.table(table)} for each row
    when (new.${sql.ref(table === 'categories' ? 'title' : 'name')} = ${sql.lit(RACE)})
    execute function ${sql.id(name)}()`.execute(ctx.db);
  return async () => {
    await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(ctx.db);
    await sql`drop function ${sql.id(name)}()`.execute(ctx.db);
  };
}

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(w.manager.token), payload });

describe('a create whose parent is deleted in the same moment', () => {
  it('a product into a category deleted between the check and the insert: 404, nothing stored', async () => {
    const category = await createCategory(ctx, w.restaurant.id);
    const undo = await deleteParentOnInsert('products', 'category_id', 'categories');
    try {
      const res = await post('/manager/products', { name: RACE, category_id: category.id, price: 1000 });
      expectError(res, 404, 'not_found');
      const stored = await ctx.db.selectFrom('products').select('id').where('name', '=', RACE).execute();
      expect(stored).toEqual([]);
      // the trigger's delete rolled back with the statement: the category is still there
      const still = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('id', '=', category.id)
        .execute();
      expect(still).toHaveLength(1);
    } finally {
      await undo();
    }
  });

  it('an option of a deleted product, a row of a deleted option, a category of a deleted restaurant: 404', async () => {
    const category = await createCategory(ctx, w.restaurant.id);
    const product = await createProduct(ctx, w.restaurant.id, category.id);
    const option = await createOption(ctx, product.id);
    const cases = [
      [
        'product_options',
        'product_id',
        'products',
        '/manager/product-option',
        { product_id: product.id, name: RACE },
      ],
      [
        'option_rows',
        'product_option_id',
        'product_options',
        '/manager/product-option-row',
        { product_option_id: option.id, name: RACE, price: 1 },
      ],
      [
        'categories',
        'restaurant_id',
        'restaurants',
        '/manager/category/create',
        { restaurant_id: w.restaurant.id, title: RACE, is_active: true },
      ],
    ] as const;
    for (const [table, column, parent, url, body] of cases) {
      const before = await snapshot(ctx.db);
      const undo = await deleteParentOnInsert(table, column, parent);
      try {
        expectError(await post(url, body), 404, 'not_found');
      } finally {
        await undo();
      }
      expect(await snapshot(ctx.db), url).toBe(before);
    }
  });
});

describe('the same race with real requests', () => {
  it('creating products while their category is deleted: 201 or 404, never 500', async () => {
    for (let i = 0; i < 15; i++) {
      const category = await createCategory(ctx, w.restaurant.id);
      const [created, deleted] = await Promise.all([
        post('/manager/products', { name: `Taom ${i}`, category_id: category.id, price: 1000 }),
        apiCall(ctx, 'DELETE', `/manager/category/delete/${category.id}`, w.manager.token),
      ]);
      expect([201, 404]).toContain(created.statusCode);
      if (created.statusCode === 404) expectError(created, 404, 'not_found');
      expect(deleted.statusCode).toBe(200);
      // whichever came first, no product is left in the deleted category
      const orphans = await ctx.db
        .selectFrom('products')
        .select('id')
        .where('category_id', '=', category.id)
        .execute();
      expect(orphans).toEqual([]);
    }
  });
});
