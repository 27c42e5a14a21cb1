/**
 * The sheet of a dish (a modal dialog named by the dish): its price, one choice per option (its
 * rows with their extras, or none), the quantity, and the button that adds the line with its
 * total. The cart decides whether the line fits (the order's line limit).
 */
import type { CartLine, CartRow } from './cart';
import type { Dish } from './dishes';
import { type Dialog, h } from './dom';
import { formatAmount } from './format';
import { unitPrice } from './price';
import { fill, type GuestScriptSettings } from './words';

type NewLine = Omit<CartLine, 'problem' | 'newPrice'>;

export function openSheet(
  sheet: Dialog,
  dish: Dish,
  from: Element,
  { words, limits, lang, currency }: GuestScriptSettings,
  /** Adds the line; false when the cart is full. */
  add: (line: NewLine) => boolean,
): void {
  const som = (n: number) => formatAmount(n, lang, currency);
  let quantity = 1;
  /** The chosen row of each option (-1: none). */
  const picks = dish.options.map(() => -1);
  /** The chosen rows, in the options' order (the order the order's `row_ids` go in). */
  const chosen = () => dish.options.flatMap((option, i) => option.rows[picks[i] ?? -1] ?? []);
  // added up as the server does (price.ts), so the price sent is the server's to the last bit
  const unit = () =>
    unitPrice(
      dish.price,
      chosen().map((r) => ({ price: r.price })),
    );
  const count = h('output', { 'aria-live': 'polite' }, '1');
  const alert = h('p', { class: 'qm-err', role: 'alert' });
  const confirm = h('button', {
    type: 'button',
    class: 'qm-btn qm-wide',
    onclick: () => {
      const rows: CartRow[] = dish.options.flatMap((option, i) => {
        const row = option.rows[picks[i] ?? -1];
        return row ? [{ id: row.id, option: option.name, name: row.name, price: row.price }] : [];
      });
      if (add({ product_id: dish.id, name: dish.name, price: unit(), rows, quantity })) sheet.close();
      else alert.textContent = fill(words.tooMany, { max: limits.items });
    },
  });
  const refresh = () => {
    count.textContent = String(quantity);
    confirm.textContent = `${words.addToCart} · ${som(unit() * quantity)}`;
  };
  const step = (by: number, label: string, sign: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'qm-btn qm-alt',
        'aria-label': label,
        onclick: () => {
          quantity = Math.max(1, Math.min(limits.quantity, quantity + by));
          refresh();
        },
      },
      sign,
    );
  sheet.title.textContent = dish.name;
  sheet.body.replaceChildren(
    h('p', null, som(dish.price)),
    ...dish.options.map((option, i) =>
      h(
        'fieldset',
        null,
        h('legend', null, option.name),
        ...[{ id: '', name: words.noChoice, price: 0 }, ...option.rows].map((row, r) =>
          h(
            'label',
            null,
            h('input', {
              type: 'radio',
              name: `qm-o${i}`,
              checked: r === 0,
              onchange: () => {
                picks[i] = r - 1;
                refresh();
              },
            }),
            row.name,
            row.price > 0 ? ' ' : null,
            row.price > 0 ? h('b', null, `+${som(row.price)}`) : null,
          ),
        ),
      ),
    ),
    h(
      'div',
      { class: 'qm-qty', role: 'group', 'aria-label': words.quantity },
      h('span', null, `${words.quantity}:`),
      step(-1, words.less, '−'),
      count,
      step(1, words.more, '+'),
    ),
    alert,
    confirm,
  );
  refresh();
  sheet.open(from);
}
