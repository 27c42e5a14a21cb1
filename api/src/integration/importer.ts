/**
 * Imports a provider's restaurant menu into the database and keeps it in step with the source.
 * The same for every provider: it only sees the neutral `FeedRestaurant` shape.
 */
import { type FeedRestaurant, slugify } from '@qrmenu/shared/schemas';
import type {
  CategoryRow,
  OptionRowRow,
  ProductOptionRow,
  ProductRow,
  ProductsTable,
  RestaurantRow,
} from '../db';
import { newId, now } from '../db';
import type { Repositories } from '../repos';
import type { Q } from '../repos/query';
import { patchOf } from '../repos/query';
import { newRestaurantRow } from '../repos/restaurants';
import { slugsLike } from '../repos/slug-history';
import { arrangeByPos } from './pos/order';
import type { PosCategory, PosProduct, PosRestaurant } from './pos/types';

/** Ids for one import/sync run: `newId()` already sorts in the order it is called (the feed's). */
const idSequence = (): (() => string) => newId;

/** The slug of a name: the one rule the restaurant form suggests with (`@qrmenu/shared`). */
export { slugify };

/** A slug neither used nor still redirecting (old slugs): `base`, else `base-2`, `base-3`, ... */
export async function uniqueSlug(q: Q | Repositories, name: string): Promise<string> {
  const base = slugify(name);
  const taken = 'slugs' in q ? await q.slugs.like(base) : await slugsLike(q, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Inserts the categories, products, options and rows of a feed restaurant (all new). */
async function insertMenu(
  repos: Repositories,
  restaurantId: string,
  feed: FeedRestaurant | PosRestaurant,
  at: string,
  nextId: () => string,
): Promise<void> {
  const categories: CategoryRow[] = [];
  const products: ProductRow[] = [];
  const options: ProductOptionRow[] = [];
  const rows: OptionRowRow[] = [];
  for (const c of feed.categories) {
    const categoryId = nextId();
    categories.push(newCategory(categoryId, restaurantId, c, at));
    for (const p of c.products) {
      const productId = nextId();
      products.push(newProduct(productId, restaurantId, categoryId, p, at));
      for (const o of p.options) pushOption(options, rows, productId, o, at, nextId, stoppedRowsOf(p));
    }
  }
  await repos.categories.createMany(categories);
  await repos.products.createMany(products);
  await repos.options.createMany(options);
  await repos.optionRows.createMany(rows);
}

type FeedCategory = FeedRestaurant['categories'][number];
type FeedProduct = FeedCategory['products'][number];

/** The POS's order value of an item (absent for the JSON feed: null). */
const posPosition = (item: FeedCategory | FeedProduct | PosCategory | PosProduct) =>
  'position' in item ? item.position : null;

function newCategory(
  id: string,
  restaurantId: string,
  c: FeedCategory | PosCategory,
  at: string,
): CategoryRow {
  return {
    id,
    restaurant_id: restaurantId,
    title: c.title,
    is_active: 1,
    external_id: c.id,
    pos_position: posPosition(c),
    created_at: at,
    updated_at: at,
  };
}
type FeedOption = FeedProduct['options'][number];

/**
 * What the POS owns of a product's availability (absent for the JSON feed): hidden in its menu,
 * on its stop-list. A manager's own stop (`stopped_by_manager`) is kept on top of it.
 */
function posAvailability(p: FeedProduct | PosProduct, stoppedByManager = 0) {
  if (!('available' in p)) return undefined;
  const pos_hidden = p.available ? 0 : 1;
  const pos_stopped = p.stopped ? 1 : 0;
  return { pos_hidden, pos_stopped, is_active: pos_hidden || pos_stopped || stoppedByManager ? 0 : 1 };
}

function newProduct(
  id: string,
  restaurantId: string,
  categoryId: string,
  p: FeedProduct | PosProduct,
  at: string,
): ProductRow {
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
    pos_position: posPosition(p),
    created_at: at,
    updated_at: at,
    ...posAvailability(p),
  };
}

/** The external ids of a POS product's rows on the stop-list (a size, a modifier); none for the feed. */
const stoppedRowsOf = (p: FeedProduct | PosProduct): ReadonlySet<string> =>
  new Set('stoppedRows' in p ? p.stoppedRows : []);

function pushOption(
  options: ProductOptionRow[],
  rows: OptionRowRow[],
  productId: string,
  o: FeedOption,
  at: string,
  nextId: () => string,
  stoppedRows: ReadonlySet<string>,
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
      pos_stopped: stoppedRows.has(r.id) ? 1 : 0,
      created_at: at,
    });
  }
}

/** Creates the restaurant row and its whole menu; call inside a transaction. */
export async function importRestaurant(
  repos: Repositories,
  type: string,
  feed: FeedRestaurant | PosRestaurant,
  managerId: string,
): Promise<RestaurantRow> {
  const nextId = idSequence();
  const at = now();
  const restaurant = newRestaurantRow(
    {
      name: feed.name,
      slug: await uniqueSlug(repos, feed.name),
      address: feed.address,
      phone_number: feed.phone_number,
      work_time: feed.work_time,
      manager_id: managerId,
      type,
      external_id: feed.id,
    },
    at,
  );
  await repos.restaurants.create(restaurant);
  await insertMenu(repos, restaurant.id, feed, at, nextId);
  return restaurant;
}

/**
 * Brings an imported restaurant in step with the feed; call inside a transaction. Items are
 * matched by external id: names, descriptions, prices and the structure follow the feed, new
 * items are added, items that vanished from the feed are removed (with what hangs under them),
 * and the local `is_active` of remaining restaurants, categories and products is kept. Items
 * added locally (no external id) are left alone unless their parent vanished.
 */
export interface SyncCounts {
  /** New categories, products, options and rows. */
  added: number;
  /** Updated restaurant, categories, products, options and rows. */
  changed: number;
  /** Removed categories, products, options and rows (what hangs under them not counted again). */
  removed: number;
}

export async function syncRestaurant(
  repos: Repositories,
  restaurant: RestaurantRow,
  feed: FeedRestaurant | PosRestaurant,
  options: { keepRestaurantFields?: boolean } = {},
): Promise<{ restaurant: RestaurantRow; categories: number; products: number } & SyncCounts> {
  const nextId = idSequence();
  const at = now();
  const rid = restaurant.id;
  const counts: SyncCounts = { added: 0, changed: 0, removed: 0 };

  // restaurant
  // a POS gives only the name of its organization/spot: the admin's address, phone and hours stay
  const changes = options.keepRestaurantFields
    ? {}
    : patchOf<RestaurantRow>(
        feed,
        { name: true, address: true, phone_number: true, work_time: true },
        restaurant,
      );
  let updated = restaurant;
  if (Object.keys(changes).length > 0) {
    counts.changed++;
    updated = { ...restaurant, ...changes, updated_at: at };
    await repos.restaurants.update(rid, { ...changes, updated_at: at });
  }

  // categories
  const localCategories = await repos.categories.listImported(rid);
  const categoryByExt = new Map(localCategories.map((c) => [c.external_id as string, c]));
  const categoryIdOf = new Map<string, string>();
  const newCategories: CategoryRow[] = [];
  // the POS reordered the categories: an order value of one already here changed (null: none
  // seen yet, the first sync after the upgrade)
  let categoriesReordered = false;
  for (const c of feed.categories) {
    const local = categoryByExt.get(c.id);
    if (local) {
      categoryIdOf.set(c.id, local.id);
      const position = posPosition(c);
      const moved = position !== null && local.pos_position != null && local.pos_position !== position;
      categoriesReordered ||= moved;
      if (local.title !== c.title || moved) counts.changed++;
      if (local.title !== c.title || local.pos_position !== position) {
        await repos.categories.update(local.id, { title: c.title, pos_position: position, updated_at: at });
      }
    } else {
      const id = nextId();
      categoryIdOf.set(c.id, id);
      newCategories.push(newCategory(id, rid, c, at));
    }
  }
  counts.added += newCategories.length;
  await repos.categories.createMany(newCategories);

  // products
  const localProducts = await repos.products.listImported(rid);
  const productByExt = new Map(localProducts.map((p) => [p.external_id as string, p]));
  const productIdOf = new Map<string, string>();
  const newProducts: ProductRow[] = [];
  const feedProductExt = new Set<string>();
  // per category: the POS reordered its products; products new to it (made, or moved into it)
  const productsReordered = new Set<string>();
  const productsAdded = new Map<string, Set<string>>();
  const addTo = (categoryId: string, id: string) =>
    productsAdded.set(categoryId, (productsAdded.get(categoryId) ?? new Set()).add(id));
  for (const c of feed.categories) {
    const categoryId = categoryIdOf.get(c.id) as string;
    for (const p of c.products) {
      feedProductExt.add(p.id);
      const local = productByExt.get(p.id);
      if (local) {
        productIdOf.set(p.id, local.id);
        const position = posPosition(p);
        if (local.category_id !== categoryId) addTo(categoryId, local.id);
        else if (position !== null && local.pos_position != null && local.pos_position !== position)
          productsReordered.add(categoryId);
        const set = patchOf<ProductsTable>(
          {
            ...p,
            category_id: categoryId,
            pos_position: position,
            ...posAvailability(p, local.stopped_by_manager ?? 0),
          },
          {
            name: true,
            description: true,
            price: true,
            category_id: true,
            pos_position: true,
            pos_hidden: true,
            pos_stopped: true,
            is_active: true,
          },
          local,
        );
        // an order value seen for the first time (after the upgrade) is no change of the POS's
        const { pos_position: seen, ...rest } = set;
        if (Object.keys(rest).length > 0 || (seen !== undefined && local.pos_position != null))
          counts.changed++;
        if (Object.keys(set).length > 0) await repos.products.update(local.id, { ...set, updated_at: at });
      } else {
        const id = nextId();
        productIdOf.set(p.id, id);
        addTo(categoryId, id);
        newProducts.push(newProduct(id, rid, categoryId, p, at));
      }
    }
  }
  counts.added += newProducts.length;
  await repos.products.createMany(newProducts);

  // options and rows of products that were already there (new products get theirs below)
  const localOptions = await repos.options.listImported(rid);
  const optionKey = (productId: string, ext: string) => `${productId}\u0000${ext}`;
  const optionByKey = new Map(localOptions.map((o) => [optionKey(o.product_id, o.external_id as string), o]));
  const localRows = await repos.optionRows.listImported(rid);
  const rowByKey = new Map(
    localRows.map((r) => [optionKey(r.product_option_id, r.external_id as string), r]),
  );
  const keptOptions = new Set<string>();
  const keptRows = new Set<string>();
  const newOptions: ProductOptionRow[] = [];
  const newRows: OptionRowRow[] = [];
  for (const c of feed.categories) {
    for (const p of c.products) {
      const productId = productIdOf.get(p.id) as string;
      const stoppedRows = stoppedRowsOf(p);
      for (const o of p.options) {
        const local = optionByKey.get(optionKey(productId, o.id));
        if (!local) {
          pushOption(newOptions, newRows, productId, o, at, nextId, stoppedRows);
          continue;
        }
        keptOptions.add(local.id);
        if (local.name !== o.name) {
          counts.changed++;
          await repos.options.update(local.id, { name: o.name, updated_at: at });
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
              pos_stopped: stoppedRows.has(r.id) ? 1 : 0,
              created_at: at,
            });
            continue;
          }
          keptRows.add(localRow.id);
          const pos_stopped = stoppedRows.has(r.id) ? 1 : 0;
          if (
            localRow.name !== r.name ||
            Number(localRow.price) !== r.price ||
            (localRow.pos_stopped ?? 0) !== pos_stopped
          ) {
            counts.changed++;
            await repos.optionRows.update(localRow.id, { name: r.name, price: r.price, pos_stopped });
          }
        }
      }
    }
  }

  // removals: vanished rows, options, products, categories (what hangs under each goes with it
  // through the foreign keys' cascade)
  const goneRows = localRows.filter((r) => !keptRows.has(r.id)).map((r) => r.id);
  const goneOptions = localOptions.filter((o) => !keptOptions.has(o.id)).map((o) => o.id);
  const goneProducts = localProducts
    .filter((p) => !feedProductExt.has(p.external_id as string))
    .map((p) => p.id);
  const feedCategoryExt = new Set(feed.categories.map((c) => c.id));
  const goneCategories = localCategories
    .filter((c) => !feedCategoryExt.has(c.external_id as string))
    .map((c) => c.id);
  counts.removed += goneRows.length + goneOptions.length + goneProducts.length + goneCategories.length;
  await repos.optionRows.delete(goneRows);
  await repos.options.delete(goneOptions);
  await repos.products.delete(goneProducts);
  await repos.categories.delete(goneCategories);

  // new options and rows (after removals, so that ids never clash with deleted ones' rows)
  counts.added += newOptions.length + newRows.length;
  await repos.options.createMany(newOptions);
  await repos.optionRows.createMany(newRows);

  if (feed.categories.some((c) => posPosition(c) !== null)) {
    await followPosOrder(repos, rid, feed as PosRestaurant, {
      categoryIdOf,
      productIdOf,
      categoriesReordered,
      categoriesAdded: new Set(newCategories.map((c) => c.id)),
      productsReordered,
      productsAdded,
    });
  }

  const totals = await repos.restaurants.countMenu(rid);
  return { restaurant: updated, ...totals, ...counts };
}

/** Applies the POS's order to the lists it touched (pos/order.ts says how). */
async function followPosOrder(
  repos: Repositories,
  restaurantId: string,
  feed: PosRestaurant,
  seen: {
    categoryIdOf: ReadonlyMap<string, string>;
    productIdOf: ReadonlyMap<string, string>;
    categoriesReordered: boolean;
    categoriesAdded: ReadonlySet<string>;
    productsReordered: ReadonlySet<string>;
    productsAdded: ReadonlyMap<string, ReadonlySet<string>>;
  },
): Promise<void> {
  if (seen.categoriesReordered || seen.categoriesAdded.size > 0) {
    const rank = new Map(feed.categories.map((c, i) => [seen.categoryIdOf.get(c.id) as string, i]));
    await repos.categories.arrange(restaurantId, (ids) =>
      arrangeByPos(ids, rank, seen.categoriesReordered, seen.categoriesAdded),
    );
  }
  for (const c of feed.categories) {
    const categoryId = seen.categoryIdOf.get(c.id) as string;
    const added = seen.productsAdded.get(categoryId) ?? new Set<string>();
    const reordered = seen.productsReordered.has(categoryId);
    if (!reordered && added.size === 0) continue;
    const rank = new Map(c.products.map((p, i) => [seen.productIdOf.get(p.id) as string, i]));
    await repos.products.arrange(categoryId, (ids) => arrangeByPos(ids, rank, reordered, added));
  }
}
