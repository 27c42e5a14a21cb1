/**
 * The catalog's moves: one hook per list, each the sortable kit's optimistic move on the cached
 * list the page shows (the same entry the stop-list reads, so it follows at once); a product's
 * detail shows its options and rows in order, so it is read again after their moves.
 */
import { api } from '@qrmenu/shared/api';
import { queryKeys as k } from '@qrmenu/shared/query';
import type { Category, OptionRow, Product, ProductOption } from '@qrmenu/shared/schemas';
import { countedList, plainList, subList, useMoveMutation } from '@qrmenu/shared/sortable';
import { useMemo } from 'react';

/** A restaurant's categories (`restaurantParam` as the page reads them: a manager's own without it). */
export function useMoveCategory(restaurantParam: string | undefined) {
  return useMoveMutation({
    queryKey: k.categories.manager(restaurantParam),
    lens: countedList<Category>(),
    run: ({ id, position }) => api.categories.move(id, position),
  });
}

/** A category's products, inside the restaurant's product list the product table reads. */
export function useMoveProduct(restaurantParam: string | undefined, categoryId: string | undefined) {
  const lens = useMemo(
    () => subList(countedList<Product>(), (p) => p.category_id === categoryId),
    [categoryId],
  );
  return useMoveMutation({
    queryKey: k.products.manager(restaurantParam),
    lens,
    run: ({ id, position }) => api.products.move(id, position),
  });
}

/** A product's options. */
export function useMoveOption(productId: string) {
  return useMoveMutation({
    queryKey: k.options.byProduct(productId),
    lens: plainList<ProductOption>(),
    run: ({ id, position }) => api.options.move(id, position),
    invalidates: [k.products.details()],
  });
}

/** An option's rows. */
export function useMoveOptionRow(optionId: string) {
  return useMoveMutation({
    queryKey: k.optionRows.byOption(optionId),
    lens: plainList<OptionRow>(),
    run: ({ id, position }) => api.optionRows.move(id, position),
    invalidates: [k.products.details()],
  });
}
