/**
 * A POS's stop-list and what it stops, the same rule on a sync (the menu's mapping) and on a
 * webhook or poll (the database's rows): an item stopped whole (a dish, or a modifier: its row
 * under every dish), or one size of a dish (that size's row); every size of a dish stopped stops
 * the dish. Stopped rows are hidden from guests; a stopped dish leaves their page.
 */
export interface PosStopList {
  /** External ids stopped whole: dishes, and modifiers. */
  items: ReadonlySet<string>;
  /** Single sizes: `sizeKey(dish, size)`. */
  sizes: ReadonlySet<string>;
}

export const EMPTY_STOP_LIST: PosStopList = { items: new Set(), sizes: new Set() };

export const sizeKey = (productExt: string, rowExt: string): string => `${productExt}\u0000${rowExt}`;

/** What the stop-list stops of one dish: the dish itself, and which of its rows (external ids). */
export function stopsOf(
  stop: PosStopList,
  productExt: string,
  options: readonly { rows: readonly string[] }[],
): { product: boolean; rows: Set<string> } {
  const rows = new Set<string>();
  let product = stop.items.has(productExt);
  for (const option of options) {
    let sizes = 0;
    for (const row of option.rows) {
      const size = stop.sizes.has(sizeKey(productExt, row));
      if (size) sizes++;
      if (size || stop.items.has(row)) rows.add(row);
    }
    // only a dish's sizes are listed by size: all of them stopped, nothing is left to order
    if (option.rows.length > 0 && sizes === option.rows.length) product = true;
  }
  return { product, rows };
}
