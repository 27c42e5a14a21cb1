import { useManagerCategories, usePublicProducts } from '@qrmenu/shared/query';
import type { Category } from '@qrmenu/shared/schemas';
import { searchKey } from '@qrmenu/shared/texts';
import { useMemo } from 'react';

/**
 * The category of a product table and its products. The restaurant's categories come first (the
 * category must be one of them: another restaurant's is "not found"; they also fill the dialog's
 * select); the products of the category come from `/user/products/?restaurant_id&category_id`,
 * which gives owners and admins the inactive ones too. An admin's address names the restaurant, so
 * both calls start at once; a manager's restaurant is the category's.
 */
export function useCategoryProducts(restaurantParam: string | undefined, categoryId: string | undefined) {
  const categories = useManagerCategories(restaurantParam);
  const category: Category | undefined = categories.data?.items.find((c) => c._id === categoryId);
  const restaurantId = restaurantParam ?? category?.restaurant_id;
  const products = usePublicProducts(restaurantId, categoryId);
  return { categories, category, restaurantId, products };
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
