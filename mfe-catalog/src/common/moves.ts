/**
 * The catalog's moves: one hook per list, each the sortable kit's optimistic move on the cached
 * list the page shows (the same entry the stop-list reads, so it follows at once); a product's
 * detail shows its options and rows in order, so it is read again after their moves.
 */

import { api } from '@qrmenu/shared/api';
import { queryKeys as k } from '@qrmenu/shared/query';
import type { Category, OptionRow, Product, ProductOption } from '@qrmenu/shared/schemas';
import { countedList, plainList, subList, useMoveMutation } from '@qrmenu/shared/sortable';
import type { QueryKey } from '@tanstack/react-query';
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

/**
 * A list inside a product's detail (its options, an option's rows): a plain cached list, and the
 * detail read again after the move.
 */
function useMoveInProduct<T extends { _id: string }>(
  queryKey: QueryKey,
  move: (id: string, position: number) => Promise<readonly T[]>,
) {
  return useMoveMutation({
    queryKey,
    lens: plainList<T>(),
    run: ({ id, position }) => move(id, position),
    invalidates: [k.products.details()],
  });
}

/** A product's options. */
export const useMoveOption = (productId: string) =>
  useMoveInProduct<ProductOption>(k.options.byProduct(productId), api.options.move);

/** An option's rows. */
export const useMoveOptionRow = (optionId: string) =>
  useMoveInProduct<OptionRow>(k.optionRows.byOption(optionId), api.optionRows.move);
