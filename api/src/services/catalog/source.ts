/**
 * A restaurant's menu from its source (the JSON feed, a POS), the same for every provider: it
 * only sees the neutral `FeedRestaurant` shape (a POS's adds availability, order and pictures).
 * The first import writes the whole menu in the source's order; a sync brings it in step:
 * items are matched by external id, names, descriptions, prices and the structure follow the
 * source, new items are added, items that vanished are removed (with what hangs under them), and
 * the local `is_active` of categories and products the source says nothing about is kept. Items
 * added here (no external id) are left alone unless their parent vanished. Call both inside a
 * transaction (`Services.transaction`).
 */
import type { FeedRestaurant } from '@qrmenu/shared/schemas';
import type { CategoryRow, OptionRowRow, ProductOptionRow, ProductRow } from '../../db';
import { newId, now } from '../../db';
import { arrangeByPos } from '../../integration/pos/order';
import type { PosCategory, PosProduct, PosRestaurant } from '../../integration/pos/types';
import type { Repositories } from '../../repos';
import type { ServiceContext } from '../context';
import { patchOf } from '../patch';
import { posAvailability } from './availability';
import { addOption, type MenuCategory, type MenuOption, type MenuProduct, menuRows, store } from './menu';
import { fitSourceRule } from './option-rules';
import {
  newCategoryRow,
  newOptionRowRow,
  newProductRow,
  OPTION_ROW_RULE_FIELDS,
  OPTION_RULE_FIELDS,
  SOURCE_PRODUCT_FIELDS,
} from './rows';

type SourceMenu = FeedRestaurant | PosRestaurant;
type FeedCategory = FeedRestaurant['categories'][number];
type FeedProduct = FeedCategory['products'][number];
type FeedOption = FeedProduct['options'][number];

/** What a sync did to the menu. */
export interface SyncCounts {
  /** New categories, products, options and rows. */
  added: number;
  /** Updated categories, products, options and rows. */
  changed: number;
  /** Removed categories, products, options and rows (what hangs under them not counted again). */
  removed: number;
}

/** The POS's order value of an item (absent for the JSON feed: null). */
const posPosition = (item: FeedCategory | FeedProduct | PosCategory | PosProduct) =>
  'position' in item ? item.position : null;

/** The external ids of a POS product's rows on the stop-list (a size, a modifier); none for the feed. */
const stoppedRowsOf = (p: FeedProduct | PosProduct): ReadonlySet<string> =>
  new Set('stoppedRows' in p ? p.stoppedRows : []);

const fromCategory = (c: FeedCategory | PosCategory): Omit<MenuCategory, 'products'> => ({
  title: c.title,
  external_id: c.id,
  pos_position: posPosition(c),
});

function fromProduct(p: FeedProduct | PosProduct): MenuProduct {
  const stoppedRows = stoppedRowsOf(p);
  const availability = posAvailability(p);
  return {
    ...(patchOf(p, SOURCE_PRODUCT_FIELDS) as Pick<MenuProduct, 'name' | 'price'>),
    external_id: p.id,
    pos_position: posPosition(p),
    ...(availability ? { pos_hidden: availability.pos_hidden, pos_stopped: availability.pos_stopped } : {}),
    options: p.options.map((o) => fromOption(o, stoppedRows)),
  };
}

/**
 * An option as the menu writes take it: its rule and its rows' limits fitted to what can be met
 * (option-rules.ts); a source that gives none leaves them out (a sync then keeps the option's).
 */
function fromOption(o: FeedOption, stoppedRows: ReadonlySet<string>): MenuOption {
  const fitted = fitSourceRule(o);
  return {
    name: o.name,
    external_id: o.id,
    ...fitted.rule,
    rows: o.rows.map((r, i) => ({
      name: r.name,
      price: r.price,
      external_id: r.id,
      pos_stopped: stoppedRows.has(r.id) ? 1 : 0,
      ...fitted.rows[i],
    })),
  };
}

/** The source's menu in the shape every menu write takes (menu.ts). */
export const menuOfSource = (source: SourceMenu): MenuCategory[] =>
  source.categories.map((c: FeedCategory | PosCategory) => ({
    ...fromCategory(c),
    products: c.products.map(fromProduct),
  }));

export function sourceService({ repos, effects }: ServiceContext) {
  return {
    /** The first import of a source's menu into the (new) restaurant. */
    async importMenu(restaurantId: string, source: SourceMenu, at = now()): Promise<void> {
      await store(repos, menuRows(restaurantId, menuOfSource(source), at));
      effects.stale({ restaurants: [restaurantId] });
    },

    /** Brings the restaurant's menu in step with its source. */
    async syncMenu(restaurantId: string, source: SourceMenu): Promise<SyncCounts> {
      const counts = await syncMenu(repos, restaurantId, source);
      // what the source dropped may have had pictures
      if (counts.removed > 0) await effects.releasePictures(restaurantId);
      // only this restaurant's answers (and the admin's lists): a POS's minute-by-minute syncs
      // must not empty every other restaurant's cached pages on every server
      if (counts.added + counts.changed + counts.removed > 0) effects.stale({ restaurants: [restaurantId] });
      return counts;
    },
  };
}

async function syncMenu(repos: Repositories, rid: string, feed: SourceMenu): Promise<SyncCounts> {
  const at = now();
  const counts: SyncCounts = { added: 0, changed: 0, removed: 0 };

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
      const row = newCategoryRow(rid, fromCategory(c), at, newId());
      categoryIdOf.set(c.id, row.id);
      newCategories.push(row);
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
        const set = patchOf<ProductRow>(
          {
            ...p,
            category_id: categoryId,
            pos_position: position,
            ...posAvailability(p, local.stopped_by_manager ?? 0),
          },
          {
            ...SOURCE_PRODUCT_FIELDS,
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
        const row = newProductRow(rid, categoryId, fromProduct(p), at, newId());
        productIdOf.set(p.id, row.id);
        addTo(categoryId, row.id);
        newProducts.push(row);
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
  const added: { options: ProductOptionRow[]; rows: OptionRowRow[] } = { options: [], rows: [] };
  for (const c of feed.categories) {
    for (const p of c.products) {
      const productId = productIdOf.get(p.id) as string;
      const stoppedRows = stoppedRowsOf(p);
      for (const o of p.options) {
        const option = fromOption(o, stoppedRows);
        const local = optionByKey.get(optionKey(productId, o.id));
        if (!local) {
          addOption(added, productId, option, at);
          continue;
        }
        keptOptions.add(local.id);
        // the source's rule (a POS's min and max) is the source's: a change of it is a change
        const rule = patchOf<ProductOptionRow>(option, OPTION_RULE_FIELDS, local);
        if (local.name !== o.name || Object.keys(rule).length > 0) {
          counts.changed++;
          await repos.options.update(local.id, { name: o.name, ...rule, updated_at: at });
        }
        for (const r of option.rows) {
          const localRow = rowByKey.get(optionKey(local.id, r.external_id as string));
          if (!localRow) {
            added.rows.push(newOptionRowRow(local.id, r, at, newId()));
            continue;
          }
          keptRows.add(localRow.id);
          const pos_stopped = r.pos_stopped ?? 0;
          const limits = patchOf<OptionRowRow>(r, OPTION_ROW_RULE_FIELDS, localRow);
          if (
            localRow.name !== r.name ||
            Number(localRow.price) !== r.price ||
            (localRow.pos_stopped ?? 0) !== pos_stopped ||
            Object.keys(limits).length > 0
          ) {
            counts.changed++;
            await repos.optionRows.update(localRow.id, {
              name: r.name,
              price: r.price,
              pos_stopped,
              ...limits,
            });
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
  counts.added += added.options.length + added.rows.length;
  await repos.options.createMany(added.options);
  await repos.optionRows.createMany(added.rows);

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
  return counts;
}

/** Applies the POS's order to the lists it touched (integration/pos/order.ts says how). */
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
