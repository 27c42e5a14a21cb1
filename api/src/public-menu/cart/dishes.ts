/**
 * The dishes as the server rendered them: the page of a restaurant that takes orders marks each
 * product `data-product`/`data-price` and each option row `data-row` (and `data-price` when it
 * costs extra); an option is the `<dl>` of its rows (page.tsx). The script reads names and prices from there rather than
 * fetching the menu again; a fresh copy of the page (after the server refused a changed price)
 * is read the same way.
 */

import { unitPrice } from './price';

export interface DishRow {
  id: string;
  name: string;
  price: number;
}

export interface DishOption {
  name: string;
  rows: DishRow[];
}

export interface Dish {
  id: string;
  name: string;
  price: number;
  options: DishOption[];
  /** The product's box on the page (where its add button goes). */
  el: Element;
}

const text = (el: Node | null | undefined) => el?.textContent?.trim() ?? '';

export function readDishes(root: ParentNode): Map<string, Dish> {
  const dishes = new Map<string, Dish>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-product]')) {
    const options = [...el.querySelectorAll<HTMLElement>('dl.opt')].map((option) => ({
      name: text(option.querySelector('dt')),
      rows: [...option.querySelectorAll<HTMLElement>('[data-row]')].map((row) => ({
        id: row.dataset.row ?? '',
        // the row's name comes first; its extra (`<b>+5 000 so'm</b>`) after it
        name: text(row.firstChild),
        price: Number(row.dataset.price ?? 0),
      })),
    }));
    dishes.set(el.dataset.product ?? '', {
      id: el.dataset.product ?? '',
      name: text(el.querySelector('h3')),
      price: Number(el.dataset.price),
      options,
      el,
    });
  }
  return dishes;
}

/**
 * A line's unit price on a (fresh) page: the product's price plus its rows' extras; undefined
 * when the product or one of its rows is no longer there.
 */
export function priceOn(dishes: Map<string, Dish>, productId: string, rowIds: string[]): number | undefined {
  const dish = dishes.get(productId);
  if (!dish) return undefined;
  const extras: { price: number }[] = [];
  for (const id of rowIds) {
    const row = dish.options.flatMap((o) => o.rows).find((r) => r.id === id);
    if (!row) return undefined;
    extras.push({ price: row.price });
  }
  // added up as the sheet and the server do: the price must be equal to the last bit
  return unitPrice(dish.price, extras);
}
