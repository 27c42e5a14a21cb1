/**
 * The server decides prices (docs/ORDERS.md, "What the server decides"): each line is priced
 * from the menu as it is when the order arrives. A line is refused, in this order of reasons,
 * when its product is gone, switched off, stopped or in a switched-off category (`unavailable`),
 * when a chosen row is not (or no longer) a row of the product's options (`option_missing`), or
 * when the unit price the cart showed differs from the product's price plus its rows' extras
 * (`price_changed`). Two rows of one option is a malformed request (400). The lines keep the
 * names in Uzbek and in the guest's language, and the product's and rows' external ids (a POS).
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
  type OrderItemBody,
  type OrderItemProblem,
  parseTranslations,
} from '@qrmenu/shared/schemas';
import { badRequest, type ErrorDetail } from '../../http/errors';
import { unitPrice } from '../../public-menu/cart/price';
import type { Repositories } from '../../repos';
import type { StoredOrderLine } from '../../repos/orders';

type Menu = Awaited<ReturnType<Repositories['menu']['orderable']>>;
type Item = Required<Pick<OrderItemBody, 'product_id' | 'quantity' | 'price'>> & { row_ids: string[] };

/** A name in the guest's language, Uzbek when it has none. */
const translated = (raw: string | undefined, lang: ContentLang, uz: string): string => {
  if (lang === 'uz' || !raw) return uz;
  return parseTranslations(raw)[lang]?.name ?? uz;
};

export type Priced = { lines: StoredOrderLine[]; total: number } | { problems: ErrorDetail[] };

export function priceItems(items: readonly Item[], menu: Menu, lang: ContentLang): Priced {
  const products = new Map(menu.products.map((p) => [p.id, p]));
  const options = new Map(menu.options.map((o) => [o.id, o]));
  const rows = new Map(menu.rows.map((r) => [r.id, r]));

  /** The line as ordered, or why it is refused. */
  const priceOne = (item: Item, i: number): StoredOrderLine | OrderItemProblem => {
    const product = products.get(item.product_id);
    if (product?.is_active !== 1 || product.category_active !== 1) return 'unavailable';
    const chosen = [];
    const seenOptions = new Set<string>();
    for (const rowId of item.row_ids) {
      const row = rows.get(rowId);
      const option = row ? options.get(row.product_option_id) : undefined;
      if (!row || !option || option.product_id !== product.id) return 'option_missing';
      if (seenOptions.has(option.id)) {
        throw badRequest('At most one row per option', [
          { path: `items.${i}.row_ids`, message: 'One row per option' },
        ]);
      }
      seenOptions.add(option.id);
      chosen.push({ row, option });
    }
    const unit = unitPrice(
      product.price,
      chosen.map((c) => c.row.price),
    );
    if (unit !== item.price) return 'price_changed';
    return {
      product_id: product.id,
      external_id: product.external_id,
      name: product.name,
      guest_name: translated(product.translations, lang, product.name),
      quantity: item.quantity,
      price: unit,
      rows: chosen.map(({ row, option }) => ({
        _id: row.id,
        external_id: row.external_id,
        option_external_id: option.external_id,
        option: option.name,
        name: row.name,
        guest_option: translated(option.translations, lang, option.name),
        guest_name: translated(row.translations, lang, row.name),
        price: row.price,
      })),
    };
  };

  const problems: ErrorDetail[] = [];
  const lines: StoredOrderLine[] = [];
  items.forEach((item, i) => {
    const priced = priceOne(item, i);
    if (typeof priced === 'string') problems.push({ path: `items.${i}`, message: priced });
    else lines.push(priced);
  });
  if (problems.length > 0) return { problems };
  return { lines, total: lines.reduce((sum, l) => sum + l.price * l.quantity, 0) };
}
