/**
 * Imports a provider's restaurant menu into the database and keeps it in step with the source.
 * The same for every provider: it only sees the neutral `FeedRestaurant` shape.
 */
import type { FeedRestaurant } from '@qrmenu/shared/schemas';
import type { Insertable, Transaction } from 'kysely';
import type { Database, DB, ProductRow, RestaurantRow } from '../db';
import { newId, now } from '../db';
import { appendInOrder } from '../repos/positions';
import { slugsLike } from '../repos/slug-history';

type Trx = Transaction<Database> | DB;

const CHUNK = 300;

/** Ids for one import/sync run: `newId()` already sorts in the order it is called (the feed's). */
const idSequence = (): (() => string) => newId;

async function insertChunked<T extends keyof Database>(
  q: Trx,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await q
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never) // generic over the table; rows typed by the caller
      .execute();
  }
}

/**
 * Puts imported items last in their lists, in the feed's order (the first import: every list in
 * the provider's order). What a sync adds goes after what is there: a sync never reorders the
 * items a restaurant already has, whether they are in the provider's order or the manager's.
 */
async function placeLast(
  q: Trx,
  added: {
    categories: Insertable<Database['categories']>[];
    products: { id: string; category_id: string }[];
    options: Insertable<Database['product_options']>[];
    rows: Insertable<Database['option_rows']>[];
  },
): Promise<void> {
  await appendInOrder(
    q,
    'categories',
    added.categories.map((c) => ({ id: c.id, parent: c.restaurant_id })),
  );
  await appendInOrder(
    q,
    'products',
    added.products.map((p) => ({ id: p.id, parent: p.category_id })),
  );
  await appendInOrder(
    q,
    'product_options',
    added.options.map((o) => ({ id: o.id, parent: o.product_id })),
  );
  await appendInOrder(
    q,
    'option_rows',
    added.rows.map((r) => ({ id: r.id, parent: r.product_option_id })),
  );
}

/** Lower-case ASCII slug of a name (Uzbek Latin apostrophes and Cyrillic transliterated). */
export function slugify(name: string): string {
  const cyr: Record<string, string> = {
    а: 'a',
    б: 'b',
    в: 'v',
    г: 'g',
    д: 'd',
    е: 'e',
    ё: 'yo',
    ж: 'j',
    з: 'z',
    и: 'i',
    й: 'y',
    к: 'k',
    л: 'l',
    м: 'm',
    н: 'n',
    о: 'o',
    п: 'p',
    р: 'r',
    с: 's',
    т: 't',
    у: 'u',
    ф: 'f',
    х: 'x',
    ц: 'ts',
    ч: 'ch',
    ш: 'sh',
    щ: 'sh',
    ъ: '',
    ы: 'i',
    ь: '',
    э: 'e',
    ю: 'yu',
    я: 'ya',
    ў: 'o',
    қ: 'q',
    ғ: 'g',
    ҳ: 'h',
  };
  const base = name
    .toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (ch) => cyr[ch] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['`ʻʼ‘’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return base || 'restaurant';
}

/** A slug neither used nor still redirecting (old slugs): `base`, else `base-2`, `base-3`, ... */
export async function uniqueSlug(q: Trx, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await slugsLike(q, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Inserts the categories, products, options and rows of a feed restaurant (all new). */
async function insertMenu(
  q: Trx,
  restaurantId: string,
  feed: FeedRestaurant,
  at: string,
  nextId: () => string,
): Promise<void> {
  const categories: Insertable<Database['categories']>[] = [];
  const products: Insertable<Database['products']>[] = [];
  const options: Insertable<Database['product_options']>[] = [];
  const rows: Insertable<Database['option_rows']>[] = [];
  for (const c of feed.categories) {
    const categoryId = nextId();
    categories.push({
      id: categoryId,
      restaurant_id: restaurantId,
      title: c.title,
      is_active: 1,
      external_id: c.id,
      created_at: at,
      updated_at: at,
    });
    for (const p of c.products) {
      const productId = nextId();
      products.push(newProduct(productId, restaurantId, categoryId, p, at));
      for (const o of p.options) pushOption(options, rows, productId, o, at, nextId);
    }
  }
  await insertChunked(q, 'categories', categories);
  await insertChunked(q, 'products', products);
  await insertChunked(q, 'product_options', options);
  await insertChunked(q, 'option_rows', rows);
  await placeLast(q, {
    categories,
    products: products.map((p) => ({ id: p.id as string, category_id: p.category_id })),
    options,
    rows,
  });
}

type FeedProduct = FeedRestaurant['categories'][number]['products'][number];
type FeedOption = FeedProduct['options'][number];

function newProduct(
  id: string,
  restaurantId: string,
  categoryId: string,
  p: FeedProduct,
  at: string,
): Insertable<Database['products']> {
  return {
    id,
    restaurant_id: restaurantId,
    category_id: categoryId,
    name: p.name,
    description: p.description,
    price: p.price,
    is_active: 1,
    images: '[]',
    external_id: p.id,
    created_at: at,
    updated_at: at,
  };
}

function pushOption(
  options: Insertable<Database['product_options']>[],
  rows: Insertable<Database['option_rows']>[],
  productId: string,
  o: FeedOption,
  at: string,
  nextId: () => string,
): void {
  const optionId = nextId();
  options.push({
    id: optionId,
    product_id: productId,
    name: o.name,
    external_id: o.id,
    created_at: at,
    updated_at: at,
  });
  for (const r of o.rows) {
    rows.push({
      id: nextId(),
      product_option_id: optionId,
      name: r.name,
      price: r.price,
      external_id: r.id,
      created_at: at,
    });
  }
}

/** Creates the restaurant row and its whole menu; call inside a transaction. */
export async function importRestaurant(
  q: Trx,
  type: string,
  feed: FeedRestaurant,
  managerId: string,
): Promise<RestaurantRow> {
  const nextId = idSequence();
  const at = now();
  const restaurant: RestaurantRow = {
    id: newId(),
    name: feed.name,
    slug: await uniqueSlug(q, feed.name),
    address: feed.address,
    phone_number: feed.phone_number,
    work_time: feed.work_time,
    manager_id: managerId,
    type,
    is_active: 1,
    bot_token: null,
    channel_id: null,
    image: null,
    logotype: null,
    external_id: feed.id,
    created_at: at,
    updated_at: at,
  };
  await q.insertInto('restaurants').values(restaurant).execute();
  await insertMenu(q, restaurant.id, feed, at, nextId);
  return restaurant;
}

const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
};

/**
 * Brings an imported restaurant in step with the feed; call inside a transaction. Items are
 * matched by external id: names, descriptions, prices and the structure follow the feed, new
 * items are added, items that vanished from the feed are removed (with what hangs under them),
 * and the local `is_active` of remaining restaurants, categories and products is kept. Items
 * added locally (no external id) are left alone unless their parent vanished.
 */
export async function syncRestaurant(
  q: Trx,
  restaurant: RestaurantRow,
  feed: FeedRestaurant,
): Promise<{ restaurant: RestaurantRow; categories: number; products: number }> {
  const nextId = idSequence();
  const at = now();
  const rid = restaurant.id;

  // restaurant
  const changes: Partial<RestaurantRow> = {};
  for (const key of ['name', 'address', 'phone_number', 'work_time'] as const) {
    if (restaurant[key] !== feed[key]) changes[key] = feed[key];
  }
  let updated = restaurant;
  if (Object.keys(changes).length > 0) {
    updated = { ...restaurant, ...changes, updated_at: at };
    await q
      .updateTable('restaurants')
      .set({ ...changes, updated_at: at })
      .where('id', '=', rid)
      .execute();
  }

  // categories
  const localCategories = await q
    .selectFrom('categories')
    .select(['id', 'title', 'external_id'])
    .where('restaurant_id', '=', rid)
    .where('external_id', 'is not', null)
    .execute();
  const categoryByExt = new Map(localCategories.map((c) => [c.external_id as string, c]));
  const categoryIdOf = new Map<string, string>();
  const newCategories: Insertable<Database['categories']>[] = [];
  for (const c of feed.categories) {
    const local = categoryByExt.get(c.id);
    if (local) {
      categoryIdOf.set(c.id, local.id);
      if (local.title !== c.title) {
        await q
          .updateTable('categories')
          .set({ title: c.title, updated_at: at })
          .where('id', '=', local.id)
          .execute();
      }
    } else {
      const id = nextId();
      categoryIdOf.set(c.id, id);
      newCategories.push({
        id,
        restaurant_id: rid,
        title: c.title,
        is_active: 1,
        external_id: c.id,
        created_at: at,
        updated_at: at,
      });
    }
  }
  await insertChunked(q, 'categories', newCategories);

  // products
  const localProducts = await q
    .selectFrom('products')
    .select(['id', 'category_id', 'name', 'description', 'price', 'external_id'])
    .where('restaurant_id', '=', rid)
    .where('external_id', 'is not', null)
    .execute();
  const productByExt = new Map(localProducts.map((p) => [p.external_id as string, p]));
  const productIdOf = new Map<string, string>();
  const newProducts: Insertable<Database['products']>[] = [];
  // new products and those the feed moved to another category, in the feed's order: last there
  const productsPlaced: { id: string; category_id: string }[] = [];
  const feedProductExt = new Set<string>();
  for (const c of feed.categories) {
    const categoryId = categoryIdOf.get(c.id) as string;
    for (const p of c.products) {
      feedProductExt.add(p.id);
      const local = productByExt.get(p.id);
      if (local) {
        productIdOf.set(p.id, local.id);
        const set: Partial<ProductRow> = {};
        if (local.name !== p.name) set.name = p.name;
        if (local.description !== p.description) set.description = p.description;
        if (Number(local.price) !== p.price) set.price = p.price;
        if (local.category_id !== categoryId) {
          set.category_id = categoryId;
          productsPlaced.push({ id: local.id, category_id: categoryId });
        }
        if (Object.keys(set).length > 0) {
          await q
            .updateTable('products')
            .set({ ...set, updated_at: at })
            .where('id', '=', local.id)
            .execute();
        }
      } else {
        const id = nextId();
        productIdOf.set(p.id, id);
        newProducts.push(newProduct(id, rid, categoryId, p, at));
        productsPlaced.push({ id, category_id: categoryId });
      }
    }
  }
  await insertChunked(q, 'products', newProducts);

  // options and rows of products that were already there (new products get theirs below)
  const localOptions = await q
    .selectFrom('product_options as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['o.id', 'o.product_id', 'o.name', 'o.external_id'])
    .where('p.restaurant_id', '=', rid)
    .where('o.external_id', 'is not', null)
    .execute();
  const optionKey = (productId: string, ext: string) => `${productId}\u0000${ext}`;
  const optionByKey = new Map(localOptions.map((o) => [optionKey(o.product_id, o.external_id as string), o]));
  const localRows = await q
    .selectFrom('option_rows as r')
    .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['r.id', 'r.product_option_id', 'r.name', 'r.price', 'r.external_id'])
    .where('p.restaurant_id', '=', rid)
    .where('r.external_id', 'is not', null)
    .execute();
  const rowByKey = new Map(
    localRows.map((r) => [optionKey(r.product_option_id, r.external_id as string), r]),
  );
  const keptOptions = new Set<string>();
  const keptRows = new Set<string>();
  const newOptions: Insertable<Database['product_options']>[] = [];
  const newRows: Insertable<Database['option_rows']>[] = [];
  for (const c of feed.categories) {
    for (const p of c.products) {
      const productId = productIdOf.get(p.id) as string;
      for (const o of p.options) {
        const local = optionByKey.get(optionKey(productId, o.id));
        if (!local) {
          pushOption(newOptions, newRows, productId, o, at, nextId);
          continue;
        }
        keptOptions.add(local.id);
        if (local.name !== o.name) {
          await q
            .updateTable('product_options')
            .set({ name: o.name, updated_at: at })
            .where('id', '=', local.id)
            .execute();
        }
        for (const r of o.rows) {
          const localRow = rowByKey.get(optionKey(local.id, r.id));
          if (!localRow) {
            newRows.push({
              id: nextId(),
              product_option_id: local.id,
              name: r.name,
              price: r.price,
              external_id: r.id,
              created_at: at,
            });
            continue;
          }
          keptRows.add(localRow.id);
          if (localRow.name !== r.name || Number(localRow.price) !== r.price) {
            await q
              .updateTable('option_rows')
              .set({ name: r.name, price: r.price })
              .where('id', '=', localRow.id)
              .execute();
          }
        }
      }
    }
  }

  // removals: vanished rows, options, products, categories (each with what hangs under it)
  const goneRows = localRows.filter((r) => !keptRows.has(r.id)).map((r) => r.id);
  for (const ids of chunks(goneRows)) await q.deleteFrom('option_rows').where('id', 'in', ids).execute();
  const goneOptions = localOptions.filter((o) => !keptOptions.has(o.id)).map((o) => o.id);
  for (const ids of chunks(goneOptions)) {
    await q.deleteFrom('option_rows').where('product_option_id', 'in', ids).execute();
    await q.deleteFrom('product_options').where('id', 'in', ids).execute();
  }
  const goneProducts = localProducts
    .filter((p) => !feedProductExt.has(p.external_id as string))
    .map((p) => p.id);
  for (const ids of chunks(goneProducts)) {
    const optionIds = q.selectFrom('product_options').select('id').where('product_id', 'in', ids);
    await q.deleteFrom('option_rows').where('product_option_id', 'in', optionIds).execute();
    await q.deleteFrom('product_options').where('product_id', 'in', ids).execute();
    await q.deleteFrom('products').where('id', 'in', ids).execute();
  }
  const feedCategoryExt = new Set(feed.categories.map((c) => c.id));
  const goneCategories = localCategories
    .filter((c) => !feedCategoryExt.has(c.external_id as string))
    .map((c) => c.id);
  for (const ids of chunks(goneCategories)) {
    const productIds = q.selectFrom('products').select('id').where('category_id', 'in', ids);
    const optionIds = q.selectFrom('product_options').select('id').where('product_id', 'in', productIds);
    await q.deleteFrom('option_rows').where('product_option_id', 'in', optionIds).execute();
    await q.deleteFrom('product_options').where('product_id', 'in', productIds).execute();
    await q.deleteFrom('products').where('category_id', 'in', ids).execute();
    await q.deleteFrom('categories').where('id', 'in', ids).execute();
  }

  // new options and rows (after removals, so that ids never clash with deleted ones' rows)
  await insertChunked(q, 'product_options', newOptions);
  await insertChunked(q, 'option_rows', newRows);
  await placeLast(q, {
    categories: newCategories,
    products: productsPlaced,
    options: newOptions,
    rows: newRows,
  });

  const counts = await q
    .selectFrom('restaurants as r')
    .select((eb) => [
      eb
        .selectFrom('categories')
        .select(eb.fn.countAll<number>().as('n'))
        .where('restaurant_id', '=', rid)
        .as('categories'),
      eb
        .selectFrom('products')
        .select(eb.fn.countAll<number>().as('n'))
        .where('restaurant_id', '=', rid)
        .as('products'),
    ])
    .where('r.id', '=', rid)
    .executeTakeFirstOrThrow();
  return { restaurant: updated, categories: Number(counts.categories), products: Number(counts.products) };
}
