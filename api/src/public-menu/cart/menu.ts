/**
 * The cart on the menu page (`/m/<slug>?p=<placement>`). The page is complete without it. At a
 * table that takes orders the server rendered the table's panel and an add button per dish,
 * disabled (page.tsx): this enables them, with the sheet that chooses a dish's rows and quantity,
 * the cart bar (fixed at the bottom), the cart, sending the order, and the table's calls. It moves
 * nothing on the page and does little before the guest taps: one listener for every add button,
 * a dish read when its sheet opens, the dialogs made when first opened, in short tasks (dom.ts,
 * nextTask; docs/DELIVERY.md, "The guests' cart script"). The guest's recent orders are linked
 * on any page of the restaurant (docs/ORDERS.md).
 */
import type { GuestOrder } from '@qrmenu/shared/schemas';
import { formatOrderRows } from '@qrmenu/shared/texts';
import { type ErrorDetail, failure, getTable, placeOrder } from './api';
import { startCalls } from './calls';
import {
  acceptNewPrice,
  addLine,
  type CartLine,
  cartTotal,
  emptyCart,
  hasProblems,
  itemCount,
  loadCart,
  newKey,
  orderBody,
  orderPath,
  type RecentOrder,
  recentOrders,
  rememberOrder,
  rememberTry,
  saveCart,
  setQuantity,
  withoutOrder,
} from './cart';
import { type Dish, priceOn, readDish, readDishes } from './dishes';
import { type Dialog, h, modal, nextTask } from './dom';
import { formatAmount } from './format';
import { openSheet } from './sheet';
import { fill, type GuestScriptSettings } from './words';

/** `go` opens the order's page once it is made (the tests watch it instead of navigating). */
export async function startMenu(
  settings: GuestScriptSettings,
  go: (url: string) => void = (url) => location.assign(url),
): Promise<void> {
  const { words, lang, limits } = settings;
  const slug = location.pathname.split('/')[2] ?? '';
  const placement = new URLSearchParams(location.search).get('p');
  const som = (n: number) => formatAmount(n, lang, settings.currency);

  // at a table that takes orders the server rendered its panel; elsewhere one is made under the
  // restaurant's header when there is something to say
  const tablePanel = document.querySelector<HTMLElement>('.qm-table');
  const panel = tablePanel ?? h('section', { class: 'qm-table' });
  const recent = recentOrders(slug);
  if (recent.length > 0) {
    panel.append(
      h(
        'p',
        null,
        `${words.myOrders}: `,
        ...recent.flatMap((o, i) => [
          i > 0 ? ', ' : '',
          h('a', { href: orderPath(slug, o) }, fill(words.order, { number: o.number })),
        ]),
      ),
    );
    if (!panel.isConnected) document.querySelector('header')?.after(panel);
  }
  if (!placement) return;

  // the language switch keeps the table (its links are `?lang=ru&switch=1` without it)
  for (const a of document.querySelectorAll<HTMLAnchorElement>('.langs a')) {
    const url = new URL(a.href);
    url.searchParams.set('p', placement);
    a.href = url.pathname + url.search;
  }

  // whether the table takes orders is the server's to say (route.ts): no panel, no cart
  if (!tablePanel) return;
  // the cart in a task of its own, the table's calls in another (dom.ts, nextTask)
  await nextTask();
  let cart = loadCart(slug, placement);
  const save = () => saveCart(slug, placement, cart);
  const status = h('p', { class: 'qm-sr', role: 'status' });
  document.body.append(status);

  // ---------- the sheet: a dish's rows and quantity ----------
  let sheet: Dialog | undefined;
  const onAdd = (line: Omit<CartLine, 'problem' | 'newPrice'>) => {
    if (!addLine(cart, line, limits)) return false;
    save();
    showBar(true);
    return true;
  };
  // one listener for every add button: the dish is read from its box when its sheet opens
  document.body.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('.qm-add') : null;
    const dish = button?.closest<HTMLElement>('[data-product]');
    if (!button || !dish) return;
    sheet ??= modal(words.close);
    openSheet(sheet, readDish(dish), button, settings, onAdd);
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('.qm-add')) button.disabled = false;

  // ---------- the cart bar and the cart ----------
  const barButton = h('button', {
    type: 'button',
    class: 'qm-btn',
    'aria-haspopup': 'dialog',
    onclick: () => {
      renderCart();
      cartDialog().open(barButton);
    },
  });
  const bar = h('div', { class: 'qm-bar', hidden: true }, barButton);
  document.body.append(bar);
  /** The bar's words; `announce`: say them in the live region too (a change the guest made). */
  function showBar(announce = false) {
    const label = fill(words.bar, { count: itemCount(cart), total: som(cartTotal(cart)) });
    barButton.textContent = label;
    bar.hidden = cart.lines.length === 0;
    document.body.classList.toggle('qm-room', !bar.hidden);
    if (announce) status.textContent = cart.lines.length ? label : words.empty;
  }

  let cartView: Dialog | undefined;
  const cartDialog = () => {
    cartView ??= modal(words.close, () => showBar());
    return cartView;
  };
  let sending = false;
  let error = '';
  /** An earlier attempt turned out to have made an order (null: the cart cannot tell which). */
  let arrived: { order: RecentOrder | null } | null = null;
  /** What the cart says after an attempt: a failure, or that an earlier attempt did arrive. */
  const alert = () =>
    h(
      'p',
      { class: error ? 'qm-err' : undefined, role: 'alert' },
      ...(!arrived
        ? [error]
        : !arrived.order
          ? [words.arrived, ' ', words.arrivedCheck]
          : [
              words.arrived,
              ' ',
              h(
                'a',
                { id: 'qm-arrived', href: orderPath(slug, arrived.order) },
                fill(words.order, { number: arrived.order.number }),
              ),
              cart.lines.length ? ` ${words.arrivedRest}` : '',
            ]),
    );
  function renderCart(focusId?: string) {
    const view = cartDialog();
    view.title.textContent = words.cart;
    const lines = cart.lines.map((line, i) => {
      const change = (quantity: number, focus: string) => () => {
        setQuantity(cart, i, quantity, limits);
        save();
        showBar(true);
        renderCart(cart.lines.length ? focus : undefined);
      };
      return h(
        'li',
        null,
        h('p', null, h('b', null, line.name)),
        line.rows.length ? h('p', { class: 'qm-rows' }, formatOrderRows(line.rows)) : null,
        h('p', null, `${som(line.price)} × ${line.quantity} = ${som(line.price * line.quantity)}`),
        line.problem
          ? h(
              'p',
              { class: 'qm-problem' },
              line.problem === 'unavailable'
                ? words.unavailable
                : line.problem === 'option_missing'
                  ? words.optionMissing
                  : line.problem === 'option_rule'
                    ? words.optionRule
                    : fill(words.priceChanged, {
                        price: line.newPrice === undefined ? '' : som(line.newPrice),
                      }),
            )
          : null,
        line.problem === 'price_changed' && line.newPrice !== undefined
          ? h(
              'button',
              {
                type: 'button',
                class: 'qm-btn',
                id: `qm-l${i}-ok`,
                onclick: () => {
                  acceptNewPrice(line);
                  save();
                  showBar(true);
                  renderCart(`qm-l${i}-ok`);
                },
              },
              words.acceptPrice,
            )
          : null,
        h(
          'div',
          { class: 'qm-qty', role: 'group', 'aria-label': `${words.quantity}: ${line.name}` },
          h(
            'button',
            {
              type: 'button',
              class: 'qm-btn qm-alt',
              id: `qm-l${i}-less`,
              'aria-label': `${words.less}: ${line.name}`,
              onclick: change(line.quantity - 1, `qm-l${i}-less`),
            },
            '−',
          ),
          h('output', null, String(line.quantity)),
          h(
            'button',
            {
              type: 'button',
              class: 'qm-btn qm-alt',
              id: `qm-l${i}-more`,
              'aria-label': `${words.more}: ${line.name}`,
              disabled: line.quantity >= limits.quantity,
              onclick: change(line.quantity + 1, `qm-l${i}-more`),
            },
            '+',
          ),
          h(
            'button',
            {
              type: 'button',
              class: 'qm-btn qm-alt',
              'aria-label': `${words.remove}: ${line.name}`,
              onclick: change(0, ''),
            },
            words.remove,
          ),
        ),
      );
    });
    const comment = h('textarea', {
      id: 'qm-comment',
      maxlength: limits.comment,
      oninput: () => {
        cart.comment = comment.value;
        save();
      },
    });
    comment.value = cart.comment;
    view.body.replaceChildren(
      ...(cart.lines.length
        ? [
            h('ul', { class: 'qm-lines' }, ...lines),
            h('p', null, h('label', { for: 'qm-comment' }, words.comment), comment),
            h('p', { class: 'qm-total' }, `${words.total}: ${som(cartTotal(cart))}`),
            alert(),
            h(
              'button',
              {
                type: 'button',
                class: 'qm-btn qm-wide',
                id: 'qm-send',
                disabled: sending || hasProblems(cart),
                onclick: send,
              },
              sending ? words.sending : words.send,
            ),
          ]
        : [h('p', null, words.empty), ...(arrived ? [alert()] : [])]),
    );
    if (focusId !== undefined)
      (document.getElementById(focusId) ?? view.body.querySelector<HTMLElement>('button, textarea'))?.focus();
  }

  async function send() {
    if (sending || !placement || cart.lines.length === 0) return;
    sending = true;
    error = '';
    arrived = null;
    cart.key ??= newKey();
    const body = orderBody(cart, placement, lang);
    rememberTry(cart, body);
    save();
    renderCart('qm-send');
    let answer = await placeOrder(body);
    // the key made an order already, from the cart as it was before the guest changed it (its
    // answer was lost): that attempt again is the same request and answers its order
    let earlier = false;
    for (const before of [...cart.tries]) {
      if (answer.ok || answer.code !== 'idempotency_key_reused') break;
      if (JSON.stringify(before) === JSON.stringify(body)) continue;
      earlier = true;
      answer = await placeOrder(before);
    }
    sending = false;
    if (answer.ok && earlier) {
      arrivedAs(answer.data);
      return;
    }
    if (answer.ok) {
      const order = { id: answer.data._id, key: answer.data.key, number: answer.data.number, at: Date.now() };
      rememberOrder(slug, order);
      cart = emptyCart();
      save();
      // the page as it should look if the browser keeps it for the back button
      cartView?.close();
      showBar();
      go(orderPath(slug, order));
      return;
    }
    // an answer that is certain (refused, invalid) ends the attempt: the next one gets a new key;
    // no answer, a limit or a server failure keep it, so a retry cannot make a second order
    const certain = answer.status >= 400 && answer.status < 500 && answer.status !== 429;
    if (certain) {
      cart.key = null;
      cart.tries = [];
    }
    // an order arrived under the key, but none of the attempts kept here is it (a cart saved
    // before they were kept): the guest checks the cart
    // a line's detail names it (`items.<i>`), a broken rule its option too (`items.<i>.options.<id>`)
    const refused = (answer.details ?? []).filter((d) => /^items\.\d+(\.|$)/.test(d.path));
    if (answer.code === 'idempotency_key_reused') arrived = { order: null };
    else if (answer.status === 409 && refused.length) {
      await markRefused(refused);
      error = words.refused;
    } else error = answer.status === 409 ? words.closed : failure(words, answer.status);
    save();
    renderCart('qm-send');
  }

  /**
   * An earlier attempt made `order`: the guest is told and gets its link; what it holds comes off
   * the cart, and what is left (added since) waits for a new attempt with a new key.
   */
  function arrivedAs(order: GuestOrder) {
    const made = { id: order._id, key: order.key, number: order.number, at: Date.now() };
    rememberOrder(slug, made);
    withoutOrder(cart, order);
    arrived = { order: made };
    save();
    showBar();
    renderCart(cart.lines.length ? 'qm-send' : 'qm-arrived');
  }

  /** Marks each refused line; a changed price is read from a fresh copy of this page. */
  async function markRefused(details: ErrorDetail[]) {
    let fresh: Map<string, Dish> | undefined;
    if (details.some((d) => d.message === 'price_changed')) {
      // `switch` keeps this fetch from counting as another visit of the menu (visits/)
      const res = await fetch(`${location.pathname}?lang=${lang}&switch=1`, { cache: 'no-store' }).catch(
        () => null,
      );
      if (res?.ok) fresh = readDishes(new DOMParser().parseFromString(await res.text(), 'text/html'));
    }
    for (const detail of details) {
      const line = cart.lines[Number(detail.path.split('.')[1])];
      if (!line) continue;
      line.problem = detail.message as NonNullable<typeof line.problem>;
      if (line.problem !== 'price_changed') continue;
      const price = fresh && priceOn(fresh, line.product_id, line.rows);
      if (price === undefined) line.problem = 'unavailable';
      else line.newPrice = price;
    }
  }

  showBar();

  // ---------- the table's calls, once it says which one is pending ----------
  await nextTask();
  const table = await getTable(placement);
  startCalls(tablePanel, placement, words, table.ok ? table.data.pending_calls : []);
}
