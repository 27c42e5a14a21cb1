/**
 * Queries and row -> answer mappers of the catalog: categories, products, options, option rows.
 * Every list is in the restaurant's order (`inMenuOrder`); new items go last (repos/positions.ts).
 * Lean by design: a product list is one query (category title joined), a product detail is
 * two (product + category, then its options left-joined with their rows), never one query per item.
 */
import type {
  Category,
  OptionRow,
  Product,
  ProductDetail,
  ProductImage,
  ProductOption,
} from '@qrmenu/shared/schemas';
import { parseTranslations } from '@qrmenu/shared/schemas';
import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import type { CategoryRow, OptionRowRow, ProductOptionRow, ProductRow } from '../db';
import { toBool } from '../db';
import { inListTransaction, insertLast, lockList, nextPosition } from './positions';
import { deleteByIds, inMenuOrder, inTransaction, type Q } from './query';

export type { Q } from './query';

// ---------- prepared queries ----------

const PARAM = '\u0000param:';

/**
 * A query built and compiled once per database handle, then run with new parameter values:
 * the hot read paths skip Kysely's per-call building and compiling. `p(name)` marks a slot.
 */
function prepared<O, K extends string>(build: (db: Q, p: (name: K) => string) => Compilable<O>) {
  const cache = new WeakMap<Q, { compiled: CompiledQuery<O>; slots: (K | null)[] }>();
  return async (db: Q, values: Record<K, unknown>): Promise<O[]> => {
    let entry = cache.get(db);
    if (!entry) {
      const compiled = build(db, (name) => `${PARAM}${name}`).compile();
      const slots = compiled.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(PARAM) ? (v.slice(PARAM.length) as K) : null,
      );
      entry = { compiled, slots };
      cache.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((v, i) => {
      const slot = slots[i];
      return slot == null ? v : values[slot];
    });
    const result = await db.executeQuery<O>({ ...compiled, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

// ---------- mappers ----------

export function toCategory(r: CategoryRow | Omit<CategoryRow, 'external_id'>): Category {
  return {
    _id: r.id,
    title: r.title,
    restaurant_id: r.restaurant_id,
    is_active: toBool(r.is_active),
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** `images` is JSON text; anything unreadable in it is dropped rather than failing the answer. */
export function parseImages(text: string | null | undefined): ProductImage[] {
  if (!text || text === '[]') return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const out: ProductImage[] = [];
    for (const item of value) {
      if (item && typeof item === 'object' && typeof (item as { file?: unknown }).file === 'string') {
        out.push({ file: (item as { file: string }).file });
      }
    }
    return out;
  } catch {
    return [];
  }
}

/** The product columns an answer needs, plus the category title. */
export type ProductWithCategory = Omit<ProductRow, 'external_id'> & {
  category_title: string;
  category_is_active: number;
};

export function toProduct(r: ProductWithCategory): Product {
  return {
    _id: r.id,
    name: r.name,
    category_id: r.category_id,
    category: { _id: r.category_id, name: r.category_title },
    description: r.description,
    price: Number(r.price),
    is_active: toBool(r.is_active),
    images: parseImages(r.images),
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toOption(r: Omit<ProductOptionRow, 'external_id'>): ProductOption {
  return {
    _id: r.id,
    product_id: r.product_id,
    name: r.name,
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toOptionRow(r: Omit<OptionRowRow, 'external_id'>): OptionRow {
  return {
    _id: r.id,
    product_option_id: r.product_option_id,
    name: r.name,
    price: Number(r.price),
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
  };
}

// ---------- categories ----------

const categoryColumns = [
  'id',
  'restaurant_id',
  'title',
  'is_active',
  'translations',
  'created_at',
  'updated_at',
] as const;

export async function listCategories(q: Q, restaurantId: string, onlyActive: boolean): Promise<Category[]> {
  let query = q.selectFrom('categories').select(categoryColumns).where('restaurant_id', '=', restaurantId);
  if (onlyActive) query = query.where('is_active', '=', 1);
  const rows = await inMenuOrder(query).execute();
  return rows.map(toCategory);
}

export async function findCategory(q: Q, id: string) {
  return q.selectFrom('categories').select(categoryColumns).where('id', '=', id).executeTakeFirst();
}

/** Adds a category last in its restaurant's list. */
export async function insertCategory(q: Q, row: CategoryRow): Promise<void> {
  await insertLast(q, 'categories', row);
}

export async function updateCategory(q: Q, id: string, set: Partial<CategoryRow>): Promise<void> {
  await q.updateTable('categories').set(set).where('id', '=', id).execute();
}

/** Deletes categories; their products, options and rows go with them (foreign-key cascade). */
export const deleteCategories = (q: Q, ids: readonly string[]) => deleteByIds(q, 'categories', ids);

/** The imported categories of a restaurant (those with an external id), for a sync. */
export function listImportedCategories(q: Q, restaurantId: string) {
  return q
    .selectFrom('categories')
    .select(['id', 'title', 'external_id', 'pos_position'])
    .where('restaurant_id', '=', restaurantId)
    .where('external_id', 'is not', null)
    .execute();
}

// ---------- products ----------

function selectProducts(q: Q) {
  return q
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.restaurant_id',
      'p.category_id',
      'p.name',
      'p.description',
      'p.price',
      'p.is_active',
      'p.images',
      'p.translations',
      'p.created_at',
      'p.updated_at',
      'c.title as category_title',
      'c.is_active as category_is_active',
    ]);
}

export interface ProductFilter {
  restaurantId: string;
  categoryId?: string | undefined;
  /** Only active products of active categories (what the public sees). */
  onlyActive?: boolean;
}

const productListQueries = [false, true].map((byCategory) =>
  [false, true].map((onlyActive) =>
    prepared<ProductWithCategory, 'restaurantId' | 'categoryId'>((db, p) => {
      let query = selectProducts(db).where('p.restaurant_id', '=', p('restaurantId'));
      if (byCategory) query = query.where('p.category_id', '=', p('categoryId'));
      if (onlyActive) query = query.where('p.is_active', '=', 1).where('c.is_active', '=', 1);
      // the menu's order: the categories in theirs, each category's products in theirs
      return inMenuOrder(inMenuOrder(query, 'c'), 'p');
    }),
  ),
);

export async function listProducts(q: Q, filter: ProductFilter): Promise<Product[]> {
  const run = productListQueries[filter.categoryId === undefined ? 0 : 1]![filter.onlyActive ? 1 : 0]!;
  const rows = await run(q, { restaurantId: filter.restaurantId, categoryId: filter.categoryId });
  return rows.map(toProduct);
}

const productById = prepared<ProductWithCategory, 'id'>((db, p) =>
  selectProducts(db).where('p.id', '=', p('id')),
);

export async function findProduct(q: Q, id: string): Promise<ProductWithCategory | undefined> {
  return (await productById(q, { id }))[0];
}

/** Products by id, category title joined (ids are chunked to stay under parameter limits). */
export async function findProducts(q: Q, ids: readonly string[]): Promise<ProductWithCategory[]> {
  const out: ProductWithCategory[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    out.push(...(await selectProducts(q).where('p.id', 'in', chunk).execute()));
  }
  return out;
}

/** An option joined with one of its rows (`o`, `r`): what `foldOptionRows` folds. */
const OPTION_ROW_COLUMNS = [
  'o.id',
  'o.product_id',
  'o.name',
  'o.translations',
  'o.created_at',
  'o.updated_at',
  'r.id as row_id',
  'r.translations as row_translations',
  'r.name as row_name',
  'r.price as row_price',
  'r.created_at as row_created_at',
] as const;

/** Options of a product with their rows, in one query (an option without rows gives one row of nulls). */
const optionsAndRowsOfProduct = prepared<OptionJoinedRow, 'productId'>((db, p) =>
  db
    .selectFrom('product_options as o')
    .leftJoin('option_rows as r', 'r.product_option_id', 'o.id')
    .select(OPTION_ROW_COLUMNS)
    .where('o.product_id', '=', p('productId'))
    .$call((qb) => inMenuOrder(inMenuOrder(qb, 'o'), 'r')),
);

/** The options of a product, each with its rows: one query (no query per option). */
export async function optionsWithRows(q: Q, productId: string): Promise<ProductDetail['options']> {
  return foldOptionRows(await optionsAndRowsOfProduct(q, { productId }));
}

type OptionJoinedRow = Omit<ProductOptionRow, 'external_id'> & {
  row_id: string | null;
  row_name: string | null;
  row_price: number | null;
  row_created_at: string | null;
  row_translations?: string | null;
};

/** Options joined with their rows (in order, an option's rows together) -> options with `rows`. */
function foldOptionRows(joined: readonly OptionJoinedRow[]): ProductDetail['options'] {
  const options: ProductDetail['options'] = [];
  let current: ProductDetail['options'][number] | undefined;
  for (const j of joined) {
    if (current?._id !== j.id) {
      current = { ...toOption(j), rows: [] };
      options.push(current);
    }
    if (j.row_id !== null) {
      current.rows.push({
        _id: j.row_id,
        product_option_id: j.id,
        name: j.row_name as string,
        price: Number(j.row_price),
        translations: parseTranslations(j.row_translations),
        createdAt: j.row_created_at as string,
      });
    }
  }
  return options;
}

/** Adds a product last in its category's list. */
export async function insertProduct(q: Q, row: ProductRow): Promise<void> {
  await insertLast(q, 'products', row);
}

/** Changes a product; one put into another category goes last there (its old list keeps a gap). */
export async function updateProduct(q: Q, id: string, set: Partial<ProductRow>): Promise<void> {
  const target = set.category_id;
  if (target === undefined) {
    await q.updateTable('products').set(set).where('id', '=', id).execute();
    return;
  }
  await inListTransaction(q, async (trx) => {
    await lockList(trx, 'products', target);
    const position = await nextPosition(trx, 'products', target);
    await trx
      .updateTable('products')
      .set({ ...set, position })
      .where('id', '=', id)
      .execute();
  });
}

/**
 * Records the POS's pictures of a product (`products.pos_pictures`) if they are still `previous`:
 * false when another server imported them meanwhile (or the product is gone).
 */
export async function claimPosPictures(
  q: Q,
  id: string,
  previous: string | null,
  next: string,
): Promise<boolean> {
  const result = await q
    .updateTable('products')
    .set({ pos_pictures: next })
    .where('id', '=', id)
    .where((eb) => (previous === null ? eb('pos_pictures', 'is', null) : eb('pos_pictures', '=', previous)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes products; their options and rows go with them (foreign-key cascade). */
export const deleteProducts = (q: Q, ids: readonly string[]) => deleteByIds(q, 'products', ids);

/** The restaurant a product belongs to (undefined: no such product). */
export function restaurantOfProduct(q: Q, id: string) {
  return q.selectFrom('products').select(['id', 'restaurant_id']).where('id', '=', id).executeTakeFirst();
}

export type ImagesRewrite = (current: ProductImage[] | undefined) => ProductImage[];

/**
 * Rewrites a product's image list from the stored one in one transaction (parallel uploads lose
 * nothing): `next` gets the current list (or undefined: no such product) and answers the new one.
 */
export async function rewriteImages(
  q: Q,
  id: string,
  next: ImagesRewrite,
  at: string,
  dialect: 'sqlite' | 'postgres',
): Promise<ProductImage[]> {
  return inTransaction(q, async (trx) => {
    const row = await trx
      .selectFrom('products')
      .select('images')
      .where('id', '=', id)
      // PostgreSQL needs FOR UPDATE to serialize this read-modify-write; SQLite has no such
      // clause, and its transactions already run one at a time on the single connection
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
    const images = next(row ? parseImages(row.images) : undefined);
    await trx
      .updateTable('products')
      .set({ images: JSON.stringify(images), updated_at: at })
      .where('id', '=', id)
      .execute();
    return images;
  });
}

/** The imported products of a restaurant (those with an external id), for a sync. */
export function listImportedProducts(q: Q, restaurantId: string) {
  return q
    .selectFrom('products')
    .select([
      'id',
      'category_id',
      'name',
      'description',
      'price',
      'external_id',
      'is_active',
      'stopped_by_manager',
      'pos_hidden',
      'pos_stopped',
      'pos_position',
      'pos_pictures',
      'images',
    ])
    .where('restaurant_id', '=', restaurantId)
    .where('external_id', 'is not', null)
    .execute();
}

// ---------- options and rows ----------

const optionColumns = ['id', 'product_id', 'name', 'translations', 'created_at', 'updated_at'] as const;
const rowColumns = ['id', 'product_option_id', 'name', 'price', 'translations', 'created_at'] as const;

export async function listOptions(q: Q, productId: string): Promise<ProductOption[]> {
  const rows = await q
    .selectFrom('product_options')
    .select(optionColumns)
    .where('product_id', '=', productId)
    .$call(inMenuOrder)
    .execute();
  return rows.map(toOption);
}

/** An option with the restaurant it belongs to (through its product). */
export async function findOption(q: Q, id: string) {
  return q
    .selectFrom('product_options as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select([
      'o.id',
      'o.product_id',
      'o.name',
      'o.translations',
      'o.created_at',
      'o.updated_at',
      'p.restaurant_id',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export async function listOptionRows(q: Q, optionId: string): Promise<OptionRow[]> {
  const rows = await q
    .selectFrom('option_rows')
    .select(rowColumns)
    .where('product_option_id', '=', optionId)
    .$call(inMenuOrder)
    .execute();
  return rows.map(toOptionRow);
}

/** An option row with the restaurant it belongs to (through its option and product). */
export async function findOptionRow(q: Q, id: string) {
  return q
    .selectFrom('option_rows as r')
    .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select([
      'r.id',
      'r.product_option_id',
      'r.name',
      'r.price',
      'r.translations',
      'r.created_at',
      'p.restaurant_id',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Adds an option last in its product's list. */
export async function insertOption(q: Q, row: ProductOptionRow): Promise<void> {
  await insertLast(q, 'product_options', row);
}

export async function updateOption(
  q: Q,
  id: string,
  set: { name: string; updated_at: string },
): Promise<void> {
  await q.updateTable('product_options').set(set).where('id', '=', id).execute();
}

/** Deletes options; their rows go with them (foreign-key cascade). */
export const deleteOptions = (q: Q, ids: readonly string[]) => deleteByIds(q, 'product_options', ids);

/** The imported options of a restaurant's products (those with an external id), for a sync. */
export function listImportedOptions(q: Q, restaurantId: string) {
  return q
    .selectFrom('product_options as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['o.id', 'o.product_id', 'o.name', 'o.external_id'])
    .where('p.restaurant_id', '=', restaurantId)
    .where('o.external_id', 'is not', null)
    .execute();
}

/** Adds a row last in its option's list. */
export async function insertOptionRow(q: Q, row: OptionRowRow): Promise<void> {
  await insertLast(q, 'option_rows', row);
}

export async function updateOptionRow(q: Q, id: string, set: Partial<OptionRowRow>): Promise<void> {
  await q.updateTable('option_rows').set(set).where('id', '=', id).execute();
}

export const deleteOptionRows = (q: Q, ids: readonly string[]) => deleteByIds(q, 'option_rows', ids);

/** The imported rows of a restaurant's options (those with an external id), for a sync. */
export function listImportedOptionRows(q: Q, restaurantId: string) {
  return q
    .selectFrom('option_rows as r')
    .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['r.id', 'r.product_option_id', 'r.name', 'r.price', 'r.external_id', 'r.pos_stopped'])
    .where('p.restaurant_id', '=', restaurantId)
    .where('r.external_id', 'is not', null)
    .execute();
}

/**
 * Every option of a restaurant's products with its rows, in one query (the untranslated-items
 * screen: a language finished in one sitting needs them all, not one product at a time).
 */
export async function optionsOfRestaurant(q: Q, restaurantId: string): Promise<ProductDetail['options']> {
  const joined = await q
    .selectFrom('product_options as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('option_rows as r', 'r.product_option_id', 'o.id')
    .select(OPTION_ROW_COLUMNS)
    .where('p.restaurant_id', '=', restaurantId)
    .$call((qb) => inMenuOrder(inMenuOrder(inMenuOrder(qb, 'p'), 'o'), 'r'))
    .execute();
  return foldOptionRows(joined);
}
