/**
 * The options of a product (e.g. "Hajmi"), each with its rows when read for a product or a
 * restaurant (one query either way, never one per option). New options go last.
 */
import { type ProductDetail, type ProductOption, parseTranslations } from '@qrmenu/shared/schemas';
import type { ProductOptionRow } from '../db';
import { menuListWrites } from './menu-lists';
import { prepared } from './prepared';
import { type Dialect, inMenuOrder, type Q } from './query';

export function toOption(r: Omit<ProductOptionRow, 'external_id'>): ProductOption {
  return {
    _id: r.id,
    product_id: r.product_id,
    name: r.name,
    min_choices: r.min_choices ?? 0,
    max_choices: r.max_choices ?? 1,
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const COLUMNS = [
  'id',
  'product_id',
  'name',
  'min_choices',
  'max_choices',
  'translations',
  'created_at',
  'updated_at',
] as const;

/** An option's answer columns in a join (`o`). */
const O_COLUMNS = [
  'o.id',
  'o.product_id',
  'o.name',
  'o.min_choices',
  'o.max_choices',
  'o.translations',
  'o.created_at',
  'o.updated_at',
] as const;

/** An option joined with one of its rows (`o`, `r`): what `foldOptionRows` folds. */
const OPTION_ROW_COLUMNS = [
  ...O_COLUMNS,
  'r.id as row_id',
  'r.translations as row_translations',
  'r.name as row_name',
  'r.price as row_price',
  'r.max_quantity as row_max_quantity',
  'r.free_quantity as row_free_quantity',
  'r.is_default as row_is_default',
  'r.created_at as row_created_at',
] as const;

type OptionJoinedRow = Omit<ProductOptionRow, 'external_id'> & {
  row_id: string | null;
  row_name: string | null;
  row_price: number | null;
  row_max_quantity?: number | null;
  row_free_quantity?: number | null;
  row_is_default?: number | null;
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
        max_quantity: j.row_max_quantity ?? 1,
        free_quantity: j.row_free_quantity ?? 0,
        is_default: j.row_is_default === 1,
        translations: parseTranslations(j.row_translations),
        createdAt: j.row_created_at as string,
      });
    }
  }
  return options;
}

/** Options of a product with their rows, in one query (an option without rows gives one row of nulls). */
const withRowsOfProduct = prepared<OptionJoinedRow, 'productId'>((db, p) =>
  db
    .selectFrom('product_options as o')
    .leftJoin('option_rows as r', 'r.product_option_id', 'o.id')
    .select(OPTION_ROW_COLUMNS)
    .where('o.product_id', '=', p('productId'))
    .$call((qb) => inMenuOrder(inMenuOrder(qb, 'o'), 'r')),
);

export function optionsRepository(q: Q, dialect: Dialect) {
  return {
    async list(productId: string): Promise<ProductOption[]> {
      const rows = await q
        .selectFrom('product_options')
        .select(COLUMNS)
        .where('product_id', '=', productId)
        .$call(inMenuOrder)
        .execute();
      return rows.map(toOption);
    },

    /** The options of a product, each with its rows: one query. */
    async withRows(productId: string): Promise<ProductDetail['options']> {
      return foldOptionRows(await withRowsOfProduct(q, { productId }));
    },

    /**
     * Every option of a restaurant's products with its rows, in one query (the untranslated-items
     * screen: a language finished in one sitting needs them all, not one product at a time).
     */
    async ofRestaurant(restaurantId: string): Promise<ProductDetail['options']> {
      const joined = await q
        .selectFrom('product_options as o')
        .innerJoin('products as p', 'p.id', 'o.product_id')
        .leftJoin('option_rows as r', 'r.product_option_id', 'o.id')
        .select(OPTION_ROW_COLUMNS)
        .where('p.restaurant_id', '=', restaurantId)
        .$call((qb) => inMenuOrder(inMenuOrder(inMenuOrder(qb, 'p'), 'o'), 'r'))
        .execute();
      return foldOptionRows(joined);
    },

    /** An option with the restaurant it belongs to (through its product). */
    find(id: string) {
      return q
        .selectFrom('product_options as o')
        .innerJoin('products as p', 'p.id', 'o.product_id')
        .select([...O_COLUMNS, 'p.restaurant_id'])
        .where('o.id', '=', id)
        .executeTakeFirst();
    },

    /** The imported options of a restaurant's products (those with an external id), for a sync. */
    listImported(restaurantId: string) {
      return q
        .selectFrom('product_options as o')
        .innerJoin('products as p', 'p.id', 'o.product_id')
        .select(['o.id', 'o.product_id', 'o.name', 'o.external_id', 'o.min_choices', 'o.max_choices'])
        .where('p.restaurant_id', '=', restaurantId)
        .where('o.external_id', 'is not', null)
        .execute();
    },

    ...menuListWrites(q, dialect, 'product_options'),
  };
}
