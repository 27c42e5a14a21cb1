/**
 * A whole menu written at once: categories with their products, options and rows, each list in
 * the order given (after what the restaurant has). A source's first import, the demo seed and
 * the benches go through here; the rows are the ones every create makes (rows.ts).
 */
import type { CategoryRow, OptionRowRow, ProductOptionRow, ProductRow } from '../../db';
import { newId, now } from '../../db';
import type { ServiceContext } from '../context';
import {
  type NewCategory,
  type NewOption,
  type NewOptionRow,
  type NewProduct,
  newCategoryRow,
  newOptionRow,
  newOptionRowRow,
  newProductRow,
} from './rows';

export interface MenuOption extends NewOption {
  rows: readonly NewOptionRow[];
}
export interface MenuProduct extends NewProduct {
  options?: readonly MenuOption[];
}
export interface MenuCategory extends NewCategory {
  products: readonly MenuProduct[];
}

/** The rows a menu became, in its order. */
export interface MenuRows {
  categories: CategoryRow[];
  products: ProductRow[];
  options: ProductOptionRow[];
  rows: OptionRowRow[];
}

/** Builds the rows of `menu` (ids made in its order: they sort as it does) without storing them. */
export function menuRows(restaurantId: string, menu: readonly MenuCategory[], at = now()): MenuRows {
  const out: MenuRows = { categories: [], products: [], options: [], rows: [] };
  for (const c of menu) {
    const category = newCategoryRow(restaurantId, c, at, newId());
    out.categories.push(category);
    for (const p of c.products) {
      const product = newProductRow(restaurantId, category.id, p, at, newId());
      out.products.push(product);
      for (const o of p.options ?? []) addOption(out, product.id, o, at);
    }
  }
  return out;
}

/** Adds an option and its rows to `out` (ids in that order). */
export function addOption(
  out: Pick<MenuRows, 'options' | 'rows'>,
  productId: string,
  o: MenuOption,
  at: string,
): void {
  const option = newOptionRow(productId, o, at, newId());
  out.options.push(option);
  for (const r of o.rows) out.rows.push(newOptionRowRow(option.id, r, at, newId()));
}

export function menuService({ repos, effects }: ServiceContext) {
  return {
    /**
     * Adds `menu` to the restaurant: each list after what it has, in the order given. Call
     * inside a transaction for all or nothing (`Services.transaction`). Answers the rows stored.
     */
    async add(restaurantId: string, menu: readonly MenuCategory[], at = now()): Promise<MenuRows> {
      const rows = menuRows(restaurantId, menu, at);
      await store(repos, rows);
      effects.stale({ restaurants: [restaurantId] });
      return rows;
    },
  };
}

/** Stores built rows, parents first, each list in order. */
export async function store(repos: ServiceContext['repos'], rows: MenuRows): Promise<void> {
  await repos.categories.createMany(rows.categories);
  await repos.products.createMany(rows.products);
  await repos.options.createMany(rows.options);
  await repos.optionRows.createMany(rows.rows);
}
