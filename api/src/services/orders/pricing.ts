/**
 * The server decides prices (docs/ORDERS.md, "What the server decides"): each line is priced
 * from the menu as it is when the order arrives. A line is refused, in this order of reasons,
 * when its product is gone, switched off, stopped or in a switched-off category (`unavailable`),
 * when a chosen row is not (or no longer) a row of the product's options (`option_missing`), when
 * the rows chosen break an option's rule (`option_rule`, one detail per option, its path naming
 * the option: a required option left out, more portions than it takes, a row taken more times
 * than it may be; public-menu/cart/rules.ts, the sheet's own check), or when the unit price the
 * cart showed differs from the product's price plus its rows' extras (`price_changed`). A row
 * named twice on one line is a malformed request (400: its count says how many). The lines keep
 * the names in Uzbek and in the guest's language, each row's count and free portions, and the
 * product's and rows' external ids (a POS).
 *
 * Any difference is a changed price, a fraction of a so'm too: the order's total is the bill the
 * guest pays, in tiyin (hundredths of a so'm) with Payme and Click, so the guest agrees to the
 * exact price the order is stored at. A page rendered before a price change sends the old price,
 * is refused, and the cart reads the new one from a fresh copy of the page and asks the guest to
 * agree to it. The cart adds a line up with the same `unitPrice` as here, in the order of its
 * rows as sent, so an honest cart's price is equal to the last bit even with fractional prices.
 */
import {
  type ContentLang,
  type OrderItemProblem,
  type OrderItemRow,
  parseTranslations,
} from '@qrmenu/shared/schemas';
import { type ErrorDetail, invalid } from '../../domain/errors';
import { unitPrice } from '../../public-menu/cart/price';
import { keepsRule } from '../../public-menu/cart/rules';
import type { Repositories } from '../../repos';
import type { StoredOrderLine } from '../../repos/orders';

type Menu = Awaited<ReturnType<Repositories['menu']['orderable']>>;
/** A line as sent, its rows in one form whichever the cart used (`chosenRows`). */
export interface PricedItem {
  product_id: string;
  quantity: number;
  price: number;
  rows: OrderItemRow[];
}

/** A name in the guest's language, Uzbek when it has none. */
const translated = (raw: string | undefined, lang: ContentLang, uz: string): string => {
  if (lang === 'uz' || !raw) return uz;
  return parseTranslations(raw)[lang]?.name ?? uz;
};

export type Priced = { lines: StoredOrderLine[]; total: number } | { problems: ErrorDetail[] };

export function priceItems(items: readonly PricedItem[], menu: Menu, lang: ContentLang): Priced {
  const products = new Map(menu.products.map((p) => [p.id, p]));
  const options = new Map(menu.options.map((o) => [o.id, o]));
  const rows = new Map(menu.rows.map((r) => [r.id, r]));
  /** Each option's rows offered now, in no particular order (the rule counts them). */
  const rowsOf = new Map<string, (typeof menu.rows)[number][]>();
  for (const r of menu.rows) rowsOf.set(r.product_option_id, [...(rowsOf.get(r.product_option_id) ?? []), r]);

  /** The line as ordered, or why it is refused (the options whose rule it breaks). */
  const priceOne = (item: PricedItem, i: number): StoredOrderLine | OrderItemProblem | ErrorDetail[] => {
    const product = products.get(item.product_id);
    if (product?.is_active !== 1 || product.category_active !== 1) return 'unavailable';
    const chosen = [];
    const counts = new Map<string, number>();
    for (const sent of item.rows) {
      const row = rows.get(sent._id);
      const option = row ? options.get(row.product_option_id) : undefined;
      if (!row || !option || option.product_id !== product.id) return 'option_missing';
      if (counts.has(row.id)) {
        throw invalid('A row is named once on a line, with its count', [
          { path: `items.${i}.rows`, message: 'Each row once' },
        ]);
      }
      counts.set(row.id, sent.quantity);
      chosen.push({ row, option, quantity: sent.quantity });
    }
    // every option of the product with rows on offer keeps its rule, chosen from or not
    const broken = menu.options
      .filter((o) => o.product_id === product.id && rowsOf.has(o.id))
      .filter(
        (o) =>
          !keepsRule(
            {
              min: o.min_choices ?? 0,
              max: o.max_choices ?? 1,
              rows: (rowsOf.get(o.id) ?? []).map((r) => ({ id: r.id, max: r.max_quantity ?? 1 })),
            },
            (rowId) => counts.get(rowId) ?? 0,
          ),
      );
    if (broken.length > 0)
      return broken.map((o) => ({ path: `items.${i}.options.${o.id}`, message: 'option_rule' }));
    const unit = unitPrice(
      product.price,
      chosen.map((c) => ({ price: c.row.price, quantity: c.quantity, free: c.row.free_quantity ?? 0 })),
    );
    if (unit !== item.price) return 'price_changed';
    return {
      product_id: product.id,
      external_id: product.external_id,
      name: product.name,
      guest_name: translated(product.translations, lang, product.name),
      quantity: item.quantity,
      price: unit,
      rows: chosen.map(({ row, option, quantity }) => ({
        _id: row.id,
        external_id: row.external_id,
        option_external_id: option.external_id,
        option: option.name,
        name: row.name,
        guest_option: translated(option.translations, lang, option.name),
        guest_name: translated(row.translations, lang, row.name),
        price: row.price,
        quantity,
        free_quantity: row.free_quantity ?? 0,
      })),
    };
  };

  const problems: ErrorDetail[] = [];
  const lines: StoredOrderLine[] = [];
  items.forEach((item, i) => {
    const priced = priceOne(item, i);
    if (typeof priced === 'string') problems.push({ path: `items.${i}`, message: priced });
    else if (Array.isArray(priced)) problems.push(...priced);
    else lines.push(priced);
  });
  if (problems.length > 0) return { problems };
  return { lines, total: lines.reduce((sum, l) => sum + l.price * l.quantity, 0) };
}
