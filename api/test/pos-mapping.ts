/** What the POS contract tests read of a mapping: what a restaurant sees, and what the log said. */
import type { PosLogger } from '../src/integration/pos/http';
import type { PosRestaurant } from '../src/integration/pos/types';

/** A logger that keeps what the mapping said. */
export function capturingLog() {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  const log: PosLogger = { warn: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) };
  return { log, lines };
}

/** What a restaurant sees: category titles, each product with its price and option rows. */
export const seenMenu = (menu: PosRestaurant) =>
  menu.categories.map((c) => ({
    title: c.title,
    products: c.products.map((p) => ({
      name: p.name,
      price: p.price,
      options: p.options.map((o) => ({ name: o.name, rows: o.rows.map((r) => [r.name, r.price]) })),
    })),
  }));
