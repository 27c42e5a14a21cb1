/**
 * The dishes as the server rendered them: the page of a restaurant that takes orders marks each
 * product `data-product`/`data-price` and each option row `data-row` (and `data-price` when it
 * costs extra); an option is the `<dl>` of its rows, its rule `data-min`/`data-max` and a row's
 * limits `data-max`/`data-free`/`data-default` when they are not the defaults (page.tsx). The
 * script reads names, prices and rules from there rather than fetching the menu again; a fresh
 * copy of the page (after the server refused a changed price) is read the same way.
 */

import { unitPrice } from './price';
import type { RuledOption } from './rules';

export interface DishRow {
  id: string;
  name: string;
  price: number;
  /** Times it may be taken on one dish. */
  max: number;
  /** Of them, how many cost nothing. */
  free: number;
  /** Chosen for the guest when the sheet opens. */
  default: boolean;
}

export interface DishOption extends RuledOption {
  name: string;
  rows: DishRow[];
}

export interface Dish {
  id: string;
  name: string;
  price: number;
  options: DishOption[];
  /** The product's box on the page (its add button is in it). */
  el: Element;
}

const text = (el: Node | null | undefined) => el?.textContent?.trim() ?? '';
/** A count of the page's data: its value, else the default. */
const count = (el: HTMLElement, name: string, fallback: number) => Number(el.dataset[name] ?? fallback);

/** One dish from its product's box (`[data-product]`), read when its sheet opens. */
export function readDish(el: HTMLElement): Dish {
  const options = [...el.querySelectorAll<HTMLElement>('dl.opt')].map((option) => ({
    name: text(option.querySelector('dt')),
    min: count(option, 'min', 0),
    max: count(option, 'max', 1),
    rows: [...option.querySelectorAll<HTMLElement>('[data-row]')].map((row) => ({
      id: row.dataset.row ?? '',
      // the row's name comes first; its extra (`<b>+5 000 so'm</b>`) after it
      name: text(row.firstChild),
      price: count(row, 'price', 0),
      max: count(row, 'max', 1),
      free: count(row, 'free', 0),
      default: row.dataset.default !== undefined,
    })),
  }));
  return {
    id: el.dataset.product ?? '',
    name: text(el.querySelector('h3')),
    price: Number(el.dataset.price),
    options,
    el,
  };
}

/** Every dish of a page (a fresh copy of it, to read changed prices). */
export function readDishes(root: ParentNode): Map<string, Dish> {
  const dishes = new Map<string, Dish>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-product]'))
    dishes.set(el.dataset.product ?? '', readDish(el));
  return dishes;
}

/**
 * A line's unit price on a (fresh) page: the product's price plus its rows' extras, each as many
 * times as it was taken less its free portions; undefined when the product or one of its rows is
 * no longer there.
 */
export function priceOn(
  dishes: Map<string, Dish>,
  productId: string,
  rows: { id: string; quantity?: number }[],
): number | undefined {
  const dish = dishes.get(productId);
  if (!dish) return undefined;
  const extras = [];
  for (const chosen of rows) {
    const row = dish.options.flatMap((o) => o.rows).find((r) => r.id === chosen.id);
    if (!row) return undefined;
    extras.push({ price: row.price, quantity: chosen.quantity, free: row.free });
  }
  // added up as the sheet and the server do: the price must be equal to the last bit
  return unitPrice(dish.price, extras);
}
