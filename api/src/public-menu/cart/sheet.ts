/**
 * The sheet of a dish (a modal dialog named by the dish): its price, each option by its rule
 * (docs/PRODUCT.md, "Options and their rules"), the quantity, and the button that adds the line
 * with its total. An option of one row at most is radios (with «Kerak emas» first when it may be
 * left out); one of several is checkboxes, a row that may be taken more than once with − and +
 * and its count. The rule is said in words beside the option's name («1 tasini tanlang», «3
 * tagacha»); rows beyond what the option or the row takes are disabled; the button stays disabled,
 * saying which option waits for what, until every rule holds (rules.ts, the server's own check).
 * The cart decides whether the line fits (the order's line limit).
 */
import { ruleInWords } from '@qrmenu/shared/texts';
import type { CartLine, CartRow } from './cart';
import type { Dish, DishOption } from './dishes';
import { type Dialog, h } from './dom';
import { formatAmount } from './format';
import { unitPrice } from './price';
import { keepsRule, minOf } from './rules';
import { type CartWords, fill, type GuestScriptSettings } from './words';

type NewLine = Omit<CartLine, 'problem' | 'newPrice'>;

/** What an option's rows can give at most. */
const capacity = (o: DishOption) => o.rows.reduce((n, r) => n + r.max, 0);

/** An option's rule in the guest's words (texts.ts `ruleInWords`, the back office's preview too). */
export const ruleWords = (o: DishOption, words: CartWords): string =>
  ruleInWords({ min: o.min, max: o.max, capacity: capacity(o) }, words);

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
  /** Times each row of each option is taken: its default beforehand, as far as the option takes. */
  const counts: number[][] = dish.options.map((o) => {
    let left = o.max;
    return o.rows.map((r) => (r.default && left-- > 0 ? 1 : 0));
  });
  const taken = (i: number) => (counts[i] ?? []).reduce((n, c) => n + c, 0);
  /** The chosen rows, in the options' order (the order the order's `rows` go in). */
  const chosen = (): CartRow[] =>
    dish.options.flatMap((o, i) =>
      o.rows.flatMap((r, j) => {
        const n = counts[i]?.[j] ?? 0;
        return n ? [{ id: r.id, option: o.name, name: r.name, price: r.price, quantity: n }] : [];
      }),
    );
  // added up as the server does (price.ts), so the price sent is the server's to the last bit
  const unit = () =>
    unitPrice(
      dish.price,
      dish.options.flatMap((o, i) =>
        o.rows.flatMap((r, j) => {
          const n = counts[i]?.[j] ?? 0;
          return n ? [{ price: r.price, quantity: n, free: r.free }] : [];
        }),
      ),
    );
  /** The options whose rule the choice does not keep yet. */
  const unmet = () =>
    dish.options.filter(
      (o, i) => !keepsRule(o, (id) => counts[i]?.[o.rows.findIndex((r) => r.id === id)] ?? 0),
    );

  const count = h('output', { 'aria-live': 'polite' }, '1');
  const alert = h('p', { class: 'qm-err', role: 'alert' });
  const why = h('p', { class: 'qm-err', id: 'qm-why' });
  const confirm = h('button', {
    type: 'button',
    class: 'qm-btn qm-wide',
    'aria-describedby': 'qm-why',
    onclick: () => {
      if (unmet().length) return;
      if (add({ product_id: dish.id, name: dish.name, price: unit(), rows: chosen(), quantity }))
        sheet.close();
      else alert.textContent = fill(words.tooMany, { max: limits.items });
    },
  });
  /** Each render's controls to bring up to date: a row's checkbox or radio, its − + and count. */
  const updates: (() => void)[] = [];
  const refresh = () => {
    for (const update of updates) update();
    count.textContent = String(quantity);
    const waiting = unmet();
    why.textContent = waiting.map((o) => `${o.name}: ${ruleWords(o, words)}`).join('; ');
    confirm.disabled = waiting.length > 0;
    confirm.textContent = `${words.addToCart} · ${som(unit() * quantity)}`;
  };
  const step = (label: string, sign: string, by: () => void, disabled: () => boolean) => {
    const button = h('button', { type: 'button', class: 'qm-btn qm-alt', 'aria-label': label }, sign);
    button.onclick = () => {
      by();
      refresh();
    };
    updates.push(() => {
      button.disabled = disabled();
    });
    return button;
  };
  /** A row's words: its name, its extra, how many times it may be taken, its free portions. */
  const rowLabel = (r: Dish['options'][number]['rows'][number]) => [
    r.name,
    r.price > 0 ? ' ' : null,
    r.price > 0 ? h('b', null, `+${som(r.price)}`) : null,
    r.max > 1 ? h('small', null, ` · ${fill(words.ruleUpTo, { n: r.max })}`) : null,
    r.free > 0 ? h('small', null, ` · ${fill(words.free, { n: r.free })}`) : null,
  ];

  const optionField = (o: DishOption, i: number) => {
    const row = counts[i] ?? [];
    const rule = ruleWords(o, words);
    const legend = h('legend', null, o.name, rule ? h('small', null, ` · ${rule}`) : null);
    if (o.max === 1) {
      // one row at most: radios, «Kerak emas» first when the option may be left out
      const none = minOf(o) === 0 ? [{ id: '', name: words.noChoice, price: 0, max: 1, free: 0 }] : [];
      return h(
        'fieldset',
        null,
        legend,
        ...[...none, ...o.rows].map((r, k) => {
          const j = k - none.length;
          const input = h('input', { type: 'radio', name: `qm-o${i}` });
          input.onchange = () => {
            row.fill(0);
            if (j >= 0) row[j] = 1;
            refresh();
          };
          updates.push(() => {
            input.checked = j < 0 ? taken(i) === 0 : row[j] === 1;
          });
          return h('label', null, input, ...rowLabel(r as DishOption['rows'][number]));
        }),
      );
    }
    // several: a checkbox a row; a row taken more than once has − and + and its count
    return h(
      'fieldset',
      null,
      legend,
      ...o.rows.map((r, j) => {
        const input = h('input', { type: 'checkbox' });
        input.onchange = () => {
          row[j] = input.checked ? 1 : 0;
          refresh();
        };
        updates.push(() => {
          input.checked = (row[j] ?? 0) > 0;
          input.disabled = !input.checked && taken(i) >= o.max;
        });
        const label = h('label', null, input, ...rowLabel(r));
        if (r.max === 1) return label;
        const shown = h('output', { 'aria-live': 'polite' });
        updates.push(() => {
          shown.textContent = String(row[j] ?? 0);
        });
        return h(
          'div',
          { class: 'qm-qty', role: 'group', 'aria-label': `${words.quantity}: ${r.name}` },
          label,
          step(
            `${words.less}: ${r.name}`,
            '−',
            () => {
              row[j] = Math.max(0, (row[j] ?? 0) - 1);
            },
            () => !row[j],
          ),
          shown,
          step(
            `${words.more}: ${r.name}`,
            '+',
            () => {
              row[j] = (row[j] ?? 0) + 1;
            },
            () => (row[j] ?? 0) >= r.max || taken(i) >= o.max,
          ),
        );
      }),
    );
  };

  sheet.title.textContent = dish.name;
  sheet.body.replaceChildren(
    h('p', null, som(dish.price)),
    ...dish.options.map(optionField),
    h(
      'div',
      { class: 'qm-qty', role: 'group', 'aria-label': words.quantity },
      h('span', null, `${words.quantity}:`),
      step(
        words.less,
        '−',
        () => {
          quantity = Math.max(1, quantity - 1);
        },
        () => false,
      ),
      count,
      step(
        words.more,
        '+',
        () => {
          quantity = Math.min(limits.quantity, quantity + 1);
        },
        () => false,
      ),
    ),
    why,
    alert,
    confirm,
  );
  refresh();
  sheet.open(from);
}
