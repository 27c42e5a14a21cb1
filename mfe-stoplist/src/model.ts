/**
 * The two tabs of the stop-list screen (docs/PRODUCT.md, "The stop-list"), computed from the manager's categories and
 * products as the server last answered them. Pure functions: the screen memoises their results.
 */
import type { Category, Product } from '@qrmenu/shared/schemas';

export type TabId = 'available' | 'stopped';

/** One category on a tab with the products it shows there, in the server's order. */
export interface CategoryGroup {
  category: Category;
  products: Product[];
}

export type StopListTabs = Record<TabId, CategoryGroup[]>;

/**
 * Mavjud: active products under their categories, an inactive category's too (its section says
 * the category is off: guests see none of it, and the manager can still stop or later resume
 * them; docs/PRODUCT.md, "The stop-list"). Stop-list: inactive products under their
 * categories, which are then exactly the categories with at least one inactive product. With the
 * `previous` split, a group whose category and products are the same objects is kept as it was,
 * so after a change only the sections it touched re-render.
 */
export function splitTabs(
  categories: readonly Category[],
  products: readonly Product[],
  previous?: StopListTabs,
): StopListTabs {
  const available = new Map<string, Product[]>();
  const stopped = new Map<string, Product[]>();
  const known = new Set(categories.map((c) => c._id));
  for (const product of products) {
    if (!known.has(product.category_id)) continue;
    const target = product.is_active ? available : stopped;
    const list = target.get(product.category_id);
    if (list) list.push(product);
    else target.set(product.category_id, [product]);
  }
  const groups = (
    byCategory: Map<string, Product[]>,
    before: CategoryGroup[] | undefined,
  ): CategoryGroup[] => {
    const old = new Map(before?.map((g) => [g.category._id, g]));
    return categories.flatMap((category) => {
      const list = byCategory.get(category._id);
      if (!list) return [];
      const same = old.get(category._id);
      return [same && sameGroup(same, category, list) ? same : { category, products: list }];
    });
  };
  return { available: groups(available, previous?.available), stopped: groups(stopped, previous?.stopped) };
}

/** Whether a group of the previous split shows exactly this category and these products. */
function sameGroup(group: CategoryGroup, category: Category, products: Product[]): boolean {
  return (
    group.category === category &&
    group.products.length === products.length &&
    group.products.every((p, i) => p === products[i])
  );
}

/** Lower case, with the Uzbek apostrophes (o‘, gʻ, ’) typed any way counting as one. */
export function normalizeName(text: string): string {
  return text
    .toLocaleLowerCase('uz')
    .replace(/[‘’ʻʼ`´]/g, "'")
    .trim();
}

/**
 * The groups as the search shows them: products whose name contains the query; groups left
 * empty are dropped. A group whose products all match is returned as it is (memoised rows and
 * sections do not re-render), as is the whole list for an empty query.
 */
export function filterGroups(groups: CategoryGroup[], query: string): CategoryGroup[] {
  const needle = normalizeName(query);
  if (!needle) return groups;
  return groups.flatMap((group) => {
    const products = group.products.filter((p) => normalizeName(p.name).includes(needle));
    if (products.length === 0) return [];
    return products.length === group.products.length ? [group] : [{ category: group.category, products }];
  });
}

/** The product ids of some groups, in order. */
export function idsOf(groups: readonly CategoryGroup[]): string[] {
  return groups.flatMap((g) => g.products.map((p) => p._id));
}
