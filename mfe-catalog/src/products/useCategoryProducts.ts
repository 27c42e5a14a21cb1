import { categories as categoryResource, products as productResource } from '@qrmenu/shared/resources';
import type { Category } from '@qrmenu/shared/schemas';
import { searchKey } from '@qrmenu/shared/texts';
import { combineQueries } from '@qrmenu/shared/ui';
import { useMemo } from 'react';

/**
 * The category of a product table and its products. The restaurant's categories come first (the
 * category must be one of them: another restaurant's is "not found"; they also fill the dialog's
 * select). The products are the restaurant's whole list (`/manager/products`, inactive ones too),
 * the rows the stop-list reads under the same key (a manager's without an id), shown for the
 * category. An admin's address names the restaurant, so both calls start at once; a manager's
 * list is read once the category is known to be its own.
 */
export function useCategoryProducts(restaurantParam: string | undefined, categoryId: string | undefined) {
  const categories = categoryResource.useList(restaurantParam);
  const category: Category | undefined = categories.data?.items.find((c) => c._id === categoryId);
  const restaurantId = restaurantParam ?? category?.restaurant_id;
  const all = productResource.useList(restaurantParam, { enabled: !!restaurantParam || !!category });
  const list = useMemo(() => {
    const items = all.data?.items.filter((p) => p.category_id === categoryId);
    return items && { items, count: items.length };
  }, [all.data, categoryId]);
  return { categories, category, restaurantId, products: combineQueries([all], list) };
}

/** The products whose name contains `query` (case and Uzbek apostrophe forms ignored). */
export function useNameFilter<T extends { name: string }>(
  items: readonly T[] | undefined,
  query: string,
): T[] {
  return useMemo(() => {
    const list = items ?? [];
    const key = searchKey(query);
    return key ? list.filter((item) => searchKey(item.name).includes(key)) : [...list];
  }, [items, query]);
}
