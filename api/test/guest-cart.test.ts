// @vitest-environment jsdom
/**
 * The guests' script (public-menu/cart/) in a browser-like DOM: the menu page as the server
 * renders it for a restaurant that takes orders, the script started on it with the Uzbek build's
 * settings, the API answered by a fake `fetch` shaped like the contract (docs/ORDERS.md):
 * - nothing is added without a table, or at a table that does not take orders;
 * - dishes are added through the sheet (one row per option, extras counted, a quantity), the bar
 *   shows the count and the total, the cart changes quantities and removes;
 * - options with rules: exactly one asks before it adds, extras several with counts, the rules in
 *   words (uz, ru, en), a line refused for a changed rule;
 * - the order is sent once, with its table, language, rows, prices and one key per attempt (a
 *   double tap, a retry after a lost connection: the same key), then the order's page opens;
 * - the cart and its key survive a reload; refused lines are named with their reasons, a changed
 *   price is read from a fresh copy of the page and confirmed; 429 and no connection say so;
 * - the waiter call and the bill request, pending shown; the order's page follows its status;
 * - axe (WCAG 2.1 AA) on the menu with the sheet open, with the cart open, and on the order's page.
 */
import type { OrderCreateBody } from '@qrmenu/shared/schemas';
import { axeViolations } from '@qrmenu/shared/testing/axe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addLine,
  type Cart,
  emptyCart,
  orderBody,
  recentOrders,
  rememberOrder,
  setQuantity,
} from '../src/public-menu/cart/cart';
import { priceOn, readDishes } from '../src/public-menu/cart/dishes';
import { formatAmount } from '../src/public-menu/cart/format';
import { startMenu } from '../src/public-menu/cart/menu';
import { startOrderPage } from '../src/public-menu/cart/order';
import { unitPrice } from '../src/public-menu/cart/price';
import { layOutRowsBeforeJumps } from '../src/public-menu/cart/rows';
import { ruleWords } from '../src/public-menu/cart/sheet';
import { settingsFor } from '../src/public-menu/guest-script';
import type { LocalMenu } from '../src/public-menu/localize';
import { renderOrderPage } from '../src/public-menu/order-page';
import { renderMenuPage, renderTablePages } from '../src/public-menu/page';
import {
  browserDialogs,
  type Call,
  FakeEventSource,
  fakeApi,
  flush,
  made,
  menu,
  ONCE,
  ONE_OR_NONE,
  openPage,
  refusedLines,
  SCRIPT,
} from './guest-page-support';

const settings = settingsFor('uz');
const words = settings.words;

beforeEach(browserDialogs);

const byText = (text: string, root: ParentNode = document) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.includes(text));
const addButton = (name: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="Savatga qo'shish: ${name}"]`)!;
const openDialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');
const bar = () => document.querySelector<HTMLElement>('.qm-bar')!;

/** Adds a dish through its sheet: `row` is the label of the row to choose, `more` extra taps on +. */
async function add(name: string, row?: string, more = 0) {
  addButton(name).click();
  const sheet = openDialog()!;
  if (row) {
    const label = [...sheet.querySelectorAll('label')].find((l) => l.textContent?.startsWith(row))!;
    const input = label.querySelector('input')!;
    input.checked = true;
    input.dispatchEvent(new Event('change'));
  }
  for (let i = 0; i < more; i++)
    sheet.querySelector<HTMLButtonElement>(`button[aria-label="${words.more}"]`)!.click();
  byText(words.addToCart, sheet)!.click();
}

async function start() {
  const go = vi.fn();
  await startMenu(settings, go);
  return go;
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the cart rules', () => {
  const limits = settings.limits;
  const line = (product: string, rows: string[] = [], quantity = 1) => ({
    product_id: product,
    name: product,
    price: 1000,
    rows: rows.map((id) => ({ id, option: 'o', name: id, price: 0 })),
    quantity,
  });

  it('adds the same dish with the same rows to its line, another choice to a new line', () => {
    const cart: Cart = emptyCart();
    addLine(cart, line('osh', ['full']), limits);
    addLine(cart, line('osh', ['full'], 2), limits);
    addLine(cart, line('osh', ['half']), limits);
    expect(cart.lines.map((l) => [l.product_id, l.rows[0]?.id, l.quantity])).toEqual([
      ['osh', 'full', 3],
      ['osh', 'half', 1],
    ]);
  });

  it("keeps to the contract's limits: quantity per line, lines per order", () => {
    const cart = emptyCart();
    addLine(cart, line('osh', [], limits.quantity), limits);
    addLine(cart, line('osh'), limits);
    expect(cart.lines[0]?.quantity).toBe(limits.quantity);
    for (let i = 1; i < limits.items; i++) expect(addLine(cart, line(`p${i}`), limits)).toBe(true);
    expect(addLine(cart, line('one-too-many'), limits)).toBe(false);
    expect(cart.lines).toHaveLength(limits.items);
    setQuantity(cart, 0, 0, limits);
    expect(cart.lines).toHaveLength(limits.items - 1);
  });

  it('makes the body the contract asks for (no empty comment)', () => {
    const cart = emptyCart();
    addLine(cart, line('osh', ['full'], 2), limits);
    cart.key = 'k'.repeat(32);
    cart.comment = '   ';
    expect(orderBody(cart, 'table5', 'ru')).toEqual({
      placement_id: 'table5',
      idempotency_key: 'k'.repeat(32),
      language: 'ru',
      items: [{ product_id: 'osh', quantity: 2, rows: [{ _id: 'full', quantity: 1 }], price: 1000 }],
    });
  });

  it('formats prices as the page does in each language, and forgets orders older than two days', () => {
    expect(formatAmount(1234567, 'uz', "so'm")).toBe("1 234 567 so'm");
    expect(formatAmount(65000.9, 'en', 'UZS')).toBe('65,000 UZS');
    const now = Date.now();
    rememberOrder('rayhon', { id: 'old', key: 'k', number: 1, at: now - 3 * 24 * 3600 * 1000 });
    rememberOrder('rayhon', { id: 'new', key: 'k', number: 2, at: now });
    expect(recentOrders('rayhon').map((o) => o.id)).toEqual(['new']);
  });
});

describe('the menu page with the script', () => {
  it('adds nothing without a table in the address, and asks nothing', async () => {
    openPage('/m/rayhon');
    const api = fakeApi();
    await start();
    expect(api.calls).toEqual([]);
    expect(document.querySelectorAll('.qm-add')).toHaveLength(0);
    // nothing to say: no panel at all
    expect(document.querySelector('.qm-table')).toBeNull();
  });

  it('adds nothing at a table that does not take orders (the server rendered no panel), and asks nothing', async () => {
    openPage('/m/rayhon?p=instagram');
    const api = fakeApi({ table: { takes_orders: false, table: 'Instagram', pending_calls: [] } });
    await start();
    expect(api.calls).toEqual([]);
    expect(document.querySelectorAll('.qm-add')).toHaveLength(0);
    expect(byText(words.callWaiter)).toBeUndefined();
  });

  it("wires the server's panel and add buttons where they are: nothing is inserted in the page's flow, nothing moves", async () => {
    openPage('/m/rayhon?p=table5');
    fakeApi({ table: { takes_orders: true, table: 'Stol 5', pending_calls: ['bill'] } });
    const before = [...document.body.querySelectorAll('*')];
    const panel = document.querySelector('.qm-table');
    const adds = [...document.querySelectorAll<HTMLButtonElement>('.qm-add')];
    expect(adds.map((b) => b.disabled)).toEqual([true, true]);
    expect(
      [...document.querySelectorAll<HTMLButtonElement>('.qm-table button')].map((b) => b.disabled),
    ).toEqual([true, true]);
    await start();
    // the same elements, in the same order; what the script adds is after them, out of the flow
    // (the live region, the fixed bar)
    const after = [...document.body.querySelectorAll('*')];
    expect(after.slice(0, before.length)).toEqual(before);
    for (const added of after.slice(before.length))
      expect(added.matches('.qm-sr, .qm-bar, .qm-bar *'), added.outerHTML).toBe(true);
    expect(document.querySelector('.qm-table')).toBe(panel);
    expect(adds.map((b) => b.disabled)).toEqual([false, false]);
    expect(document.querySelectorAll('head > style')).toHaveLength(1);
    // the pending bill request, told by the table, shows on its button
    expect(byText(words.callWaiter)?.disabled).toBe(false);
    expect(byText(words.billAsked)?.disabled).toBe(true);
  });

  it("starts in steps, each a task of its own, so that none holds a slow phone's main thread long: the cart and buttons, then the table's calls", async () => {
    openPage('/m/rayhon?p=table5');
    const api = fakeApi();
    const adds = () => [...document.querySelectorAll<HTMLButtonElement>('.qm-add')].map((b) => b.disabled);
    const started = startMenu(settings, vi.fn());
    // in the task that started it: the recent orders and the language links only
    expect(adds()).toEqual([true, true]);
    expect(document.querySelector('.qm-bar')).toBeNull();
    await flush();
    // the next task: the cart, its bar and the add buttons; the table not asked yet
    expect(adds()).toEqual([false, false]);
    expect(document.querySelector('.qm-bar')).not.toBeNull();
    expect(api.calls).toEqual([]);
    await flush();
    // the one after: the table's pending calls are asked
    expect(api.calls.map((c) => c.url)).toEqual(['/api/public/tables/table5']);
    await started;
    expect(byText(words.callWaiter)?.disabled).toBe(false);
  });

  it("lays every dish row out before a jump to a category (a chip's tap, an address at a category), not before", () => {
    const laid = () =>
      [...document.querySelectorAll('li[data-product]')].map((li) => li.classList.contains('qm-laid'));
    openPage('/m/rayhon?p=table5');
    // (its click listener stays on the document for the file's later tests: it only marks rows)
    layOutRowsBeforeJumps();
    expect(laid().length).toBeGreaterThan(1);
    expect(laid().some(Boolean)).toBe(false);
    document.querySelector<HTMLAnchorElement>('nav a[href="#cat-c1"]')!.click();
    expect(laid().every(Boolean)).toBe(true);

    // a fragment that names nothing (Telegram's launch data, a malformed escape) changes nothing
    for (const fragment of ['#tgWebAppData=user%3D1', '#%E0%A4%A']) {
      openPage(`/m/rayhon?p=table5${fragment}`);
      layOutRowsBeforeJumps();
      expect(laid().some(Boolean)).toBe(false);
    }

    openPage('/m/rayhon?p=table5#cat-c1');
    const scrolled = vi.fn();
    // jsdom lays nothing out, so it has no scrollIntoView
    Element.prototype.scrollIntoView = scrolled;
    try {
      layOutRowsBeforeJumps();
      expect(laid().every(Boolean)).toBe(true);
      expect(scrolled).toHaveBeenCalledOnce();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it("renders a table's page from the one render of all the tables: the same HTML as rendering it at that table", () => {
    const name = `<Ayvon> & "bog'"`;
    expect(renderTablePages(menu(), SCRIPT)(name)).toBe(
      renderMenuPage(menu(), { script: SCRIPT, table: name }),
    );
    expect(renderTablePages(menu(), SCRIPT)(name)).toContain('&lt;Ayvon&gt; &amp; &quot;bog&#x27;&quot;');
  });

  it("takes another restaurant's table, or a code no table has, for none: the server's plain menu, and the script adds no table to it", async () => {
    // route.ts renders the table's page only for this restaurant's tables that take orders
    openPage('/m/rayhon?p=table9');
    const calls = fakeApi({
      table: { takes_orders: true, table: 'Stol 9', menu: 'boshqa', pending_calls: [] },
    }).calls;
    await start();
    expect(calls).toEqual([]);
    // no table panel, no ordering, no calls to that restaurant's waiters, no error
    expect(document.querySelector('.qm-table')).toBeNull();
    expect(document.querySelectorAll('.qm-add')).toHaveLength(0);
    expect(byText(words.callWaiter)).toBeUndefined();
  });

  it('adds two dishes, one with an option row, and sends one order; the order page opens', async () => {
    openPage('/m/rayhon?p=table5');
    const api = fakeApi({ orders: [made] });
    const go = await start();
    expect(document.querySelectorAll('.qm-add')).toHaveLength(2);
    expect(bar().hidden).toBe(true);
    // the language switch keeps the table
    expect(document.querySelector('.langs a[lang="ru"]')?.getAttribute('href')).toBe(
      '/m/rayhon?lang=ru&switch=1&p=table5',
    );

    await add('Toshkent oshi', "To'liq", 1);
    expect(openDialog()).toBeNull();
    // focus went back to the button that opened the sheet
    expect(document.activeElement).toBe(addButton('Toshkent oshi'));
    await add("Ko'k choy");
    expect(bar().hidden).toBe(false);
    expect(bar().textContent).toBe("Savat: 3 ta, 138 000 so'm");
    expect(document.querySelector('[role="status"].qm-sr')?.textContent).toBe("Savat: 3 ta, 138 000 so'm");

    bar().querySelector('button')!.click();
    const cart = openDialog()!;
    expect(cart.getAttribute('aria-labelledby')).toBe(cart.querySelector('h2')?.id);
    expect(cart.querySelector('h2')?.textContent).toBe(words.cart);
    expect(
      [...cart.querySelectorAll('.qm-lines li')].map((li) => li.querySelector('b')?.textContent),
    ).toEqual(['Toshkent oshi', "Ko'k choy"]);
    expect(cart.querySelector('.qm-rows')?.textContent).toBe("Porsiya: To'liq");
    expect(cart.querySelector('.qm-total')?.textContent).toBe("Jami: 138 000 so'm");
    const comment = cart.querySelector('textarea')!;
    comment.value = 'Achchiq emas';
    comment.dispatchEvent(new Event('input'));

    byText(words.send, cart)!.click();
    // a second tap while the first is on its way sends nothing more
    byText(words.sending, cart)?.click();
    await flush();
    expect(api.posts()).toHaveLength(1);
    const body = api.posts()[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      placement_id: 'table5',
      idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/),
      language: 'uz',
      comment: 'Achchiq emas',
      items: [
        { product_id: 'osh', quantity: 2, rows: [{ _id: 'full', quantity: 1 }], price: 65000 },
        { product_id: 'tea', quantity: 1, rows: [], price: 8000 },
      ],
    });
    expect(go).toHaveBeenCalledWith('/m/rayhon/orders/order1?key=secret-key');
    expect(localStorage.getItem('qm-cart:rayhon:table5')).toBeNull();
    expect(recentOrders('rayhon').map((o) => [o.id, o.number])).toEqual([['order1', 14]]);

    // back on the menu: the order is linked
    openPage('/m/rayhon?p=table5');
    await start();
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Buyurtma #14');
    expect(link?.getAttribute('href')).toBe('/m/rayhon/orders/order1?key=secret-key');
  });

  it('keeps the cart across a reload, per table; quantities change, a line is removed', async () => {
    openPage('/m/rayhon?p=table5');
    fakeApi();
    await start();
    await add('Toshkent oshi');
    await add("Ko'k choy", undefined, 2);

    openPage('/m/rayhon?p=table5');
    fakeApi();
    await start();
    expect(bar().textContent).toBe("Savat: 4 ta, 69 000 so'm");
    bar().querySelector('button')!.click();
    const cart = openDialog()!;
    cart.querySelector<HTMLButtonElement>(`button[aria-label="${words.less}: Ko'k choy"]`)!.click();
    expect(bar().textContent).toBe("Savat: 3 ta, 61 000 so'm");
    // focus stays on the button pressed, though the list was drawn again
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`${words.less}: Ko'k choy`);
    cart.querySelector<HTMLButtonElement>(`button[aria-label="${words.remove}: Toshkent oshi"]`)!.click();
    expect(bar().textContent).toBe("Savat: 2 ta, 16 000 so'm");

    // another table of the same restaurant has its own cart
    openPage('/m/rayhon?p=table6');
    fakeApi();
    await start();
    expect(bar().hidden).toBe(true);
  });

  it('says so when the order has as many lines as it may, and keeps the sheet open', async () => {
    const full = Array.from({ length: settings.limits.items }, (_, i) => ({
      product_id: `p${i}`,
      name: `Taom ${i}`,
      price: 1000,
      rows: [],
      quantity: 1,
    }));
    localStorage.setItem('qm-cart:rayhon:table5', JSON.stringify({ lines: full, comment: '', key: null }));
    openPage('/m/rayhon?p=table5');
    fakeApi();
    await start();
    addButton("Ko'k choy").click();
    byText(words.addToCart, openDialog()!)!.click();
    expect(openDialog()?.querySelector('[role="alert"]')?.textContent).toBe(
      `Bir buyurtmada ko'pi bilan ${settings.limits.items} xil taom bo'ladi`,
    );
    expect(bar().textContent).toContain(`${settings.limits.items} ta`);
  });

  it('a lost connection keeps the cart and its key: the retry sends the same key, one order', async () => {
    openPage('/m/rayhon?p=table5');
    const api = fakeApi({
      orders: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        made,
      ],
    });
    const go = await start();
    await add("Ko'k choy");
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    expect(openDialog()?.querySelector('[role="alert"]')?.textContent).toBe(words.offline);
    expect(go).not.toHaveBeenCalled();

    // the phone was reloaded meanwhile: the key came back with the cart
    openPage('/m/rayhon?p=table5');
    const retry = fakeApi({ orders: [made] });
    const again = await start();
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    const key = (c: Call | undefined) => (c!.body as { idempotency_key: string }).idempotency_key;
    expect(key(retry.posts()[0])).toBe(key(api.posts()[0]));
    expect(again).toHaveBeenCalledOnce();
  });

  it('names each refused line with its reason; a changed price is shown and confirmed; a new attempt gets a new key', async () => {
    openPage('/m/rayhon?p=table5');
    const api = fakeApi({
      orders: [
        () =>
          refusedLines([
            { path: 'items.0', message: 'price_changed' },
            { path: 'items.1', message: 'unavailable' },
          ]),
        made,
      ],
      // the menu now: osh costs more, the tea is gone
      freshPage: renderMenuPage(
        {
          ...menu({ osh: 50000 }),
          categories: [
            { ...menu().categories[0]!, products: [menu({ osh: 50000 }).categories[0]!.products[0]!] },
          ],
        },
        { script: SCRIPT },
      ),
    });
    await start();
    await add('Toshkent oshi', "To'liq");
    await add("Ko'k choy");
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    await flush();
    const cart = openDialog()!;
    const problems = [...cart.querySelectorAll('.qm-lines li')].map((li) => [
      li.querySelector('b')?.textContent,
      li.querySelector('.qm-problem')?.textContent,
    ]);
    expect(problems).toEqual([
      ['Toshkent oshi', "Narx o'zgardi: 70 000 so'm"],
      ["Ko'k choy", words.unavailable],
    ]);
    expect(cart.querySelector('[role="alert"]')?.textContent).toBe(words.refused);
    expect(byText(words.send, cart)?.disabled).toBe(true);
    // the fresh copy of the page was asked without counting a visit
    expect(api.calls.some((c) => c.url === '/m/rayhon?lang=uz&switch=1')).toBe(true);

    byText(words.acceptPrice, cart)!.click();
    cart.querySelector<HTMLButtonElement>(`button[aria-label="${words.remove}: Ko'k choy"]`)!.click();
    expect(cart.querySelector('.qm-total')?.textContent).toBe("Jami: 70 000 so'm");
    const send = byText(words.send, cart)!;
    expect(send.disabled).toBe(false);
    send.click();
    await flush();
    const [first, second] = api.posts().map((c) => c.body as { idempotency_key: string; items: unknown[] });
    expect(second?.items).toEqual([
      { product_id: 'osh', quantity: 1, rows: [{ _id: 'full', quantity: 1 }], price: 70000 },
    ]);
    expect(second?.idempotency_key).not.toBe(first?.idempotency_key);
  });

  it('a dish added after a lost answer is not dropped: the guest is told the first order arrived, and the dish stays to send', async () => {
    // the server as the contract has it: a key with the same body answers its order (200), with
    // another body 422 idempotency_key_reused; the first order arrives but its answer is lost
    const byKey = new Map<string, { body: string; order: Record<string, unknown> }>();
    const server = (body: OrderCreateBody, lose = false) => {
      const had = byKey.get(body.idempotency_key);
      if (had && had.body !== JSON.stringify({ ...body, idempotency_key: '' }))
        return api.json(422, {
          error: {
            code: 'idempotency_key_reused',
            message: 'This idempotency key was used for another order',
            details: [{ path: 'idempotency_key', message: 'reused' }],
          },
        });
      const order = had?.order ?? {
        _id: `order${byKey.size + 1}`,
        key: `secret-${byKey.size + 1}`,
        number: 14 + byKey.size,
        status: 'sent',
        comment: body.comment ?? null,
        items: body.items.map((i) => ({
          product_id: i.product_id,
          quantity: i.quantity,
          price: i.price,
          rows: (i.rows ?? []).map((r) => ({ _id: r._id, quantity: r.quantity })),
        })),
      };
      byKey.set(body.idempotency_key, { body: JSON.stringify({ ...body, idempotency_key: '' }), order });
      if (lose) throw new TypeError('Failed to fetch');
      return api.json(had ? 200 : 201, { data: order });
    };
    openPage('/m/rayhon?p=table5');
    const api = fakeApi({
      orders: [(b) => server(b, true), (b) => server(b), (b) => server(b), (b) => server(b)],
    });
    const go = await start();
    await add("Ko'k choy", undefined, 1);
    bar().querySelector('button')!.click();
    const cart = openDialog()!;
    const comment = cart.querySelector('textarea')!;
    comment.value = 'Tezroq';
    comment.dispatchEvent(new Event('input'));
    byText(words.send, cart)!.click();
    await flush();
    expect(cart.querySelector('[role="alert"]')?.textContent).toBe(words.offline);

    // meanwhile the guest adds osh and sends again
    cart.close();
    await add('Toshkent oshi', "To'liq");
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    await flush();
    const [first, second, again] = api.posts().map((c) => c.body as OrderCreateBody);
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
    expect(second?.items).toHaveLength(2);
    // the first attempt again, unchanged: its order is the answer
    expect(again).toEqual(first);
    expect(go).not.toHaveBeenCalled();
    const alert = openDialog()!.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe(`${words.arrived} Buyurtma #14 ${words.arrivedRest}`);
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/m/rayhon/orders/order1?key=secret-1');
    expect(recentOrders('rayhon').map((o) => [o.id, o.number])).toEqual([['order1', 14]]);
    // what the first order holds came off the cart (its tea and its comment); the osh stays
    expect([...openDialog()!.querySelectorAll('.qm-lines li b')].map((b) => b.textContent)).toEqual([
      'Toshkent oshi',
    ]);
    expect(openDialog()!.querySelector('textarea')?.value).toBe('');
    expect(bar().textContent).toBe("Savat: 1 ta, 65 000 so'm");

    // the osh goes as an order of its own, with a new key
    byText(words.send, openDialog()!)!.click();
    await flush();
    const last = api.posts().at(-1)!.body as OrderCreateBody;
    expect(last.idempotency_key).not.toBe(first?.idempotency_key);
    expect(last.items).toEqual([
      { product_id: 'osh', quantity: 1, rows: [{ _id: 'full', quantity: 1 }], price: 65000 },
    ]);
    expect(go).toHaveBeenCalledWith('/m/rayhon/orders/order2?key=secret-2');
  });

  it('a cart that cannot tell which earlier attempt arrived says so, keeps its lines and takes a new key', async () => {
    // a cart saved with a key but without the attempts it sent (saved before they were kept)
    localStorage.setItem(
      'qm-cart:rayhon:table5',
      JSON.stringify({
        lines: [{ product_id: 'tea', name: "Ko'k choy", price: 8000, rows: [], quantity: 1 }],
        comment: '',
        key: 'k'.repeat(32),
      }),
    );
    openPage('/m/rayhon?p=table5');
    const api = fakeApi({
      orders: [() => api.json(422, { error: { code: 'idempotency_key_reused', message: 'reused' } }), made],
    });
    await start();
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    expect(openDialog()!.querySelector('[role="alert"]')?.textContent).toBe(
      `${words.arrived} ${words.arrivedCheck}`,
    );
    expect(bar().textContent).toBe("Savat: 1 ta, 8 000 so'm");
    byText(words.send, openDialog()!)!.click();
    await flush();
    const keys = api.posts().map((c) => (c.body as OrderCreateBody).idempotency_key);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends a fractional price as the server adds it up, and reads a changed one from a fresh page the same way', async () => {
    // 10 000.1 so'm with extras 0.1 and 0.2 in two options: (10000.1 + 0.1) + 0.2 is not
    // 10000.1 + (0.1 + 0.2) in floating point, and the server refuses any difference
    const fractional = (base: number): LocalMenu => {
      const m = menu();
      const said = (text: string) => ({ text });
      m.categories[0]!.products = [
        {
          id: 'manti',
          name: said('Manti'),
          description: said(''),
          price: base,
          image: null,
          options: [
            {
              name: said('Sous'),
              ...ONE_OR_NONE,
              rows: [{ id: 'qatiq', name: said('Qatiq'), price: 0.1, ...ONCE }],
            },
            {
              name: said('Hajmi'),
              ...ONE_OR_NONE,
              rows: [{ id: 'katta', name: said('Katta'), price: 0.2, ...ONCE }],
            },
          ],
        },
      ];
      return m;
    };
    openPage('/m/rayhon?p=table5', fractional(10000.1));
    const api = fakeApi({
      orders: [() => refusedLines([{ path: 'items.0', message: 'price_changed' }], 'changed'), made],
      freshPage: renderMenuPage(fractional(10000.2), { script: SCRIPT }),
    });
    await start();
    addButton('Manti').click();
    const sheet = openDialog()!;
    for (const row of ['Qatiq', 'Katta']) {
      const input = [...sheet.querySelectorAll('label')]
        .find((l) => l.textContent?.startsWith(row))!
        .querySelector('input')!;
      input.checked = true;
      input.dispatchEvent(new Event('change'));
    }
    byText(words.addToCart, sheet)!.click();
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    await flush();
    const sent = (i: number) => (api.posts()[i]!.body as OrderCreateBody).items[0]!.price;
    expect(sent(0)).toBe(unitPrice(10000.1, [{ price: 0.1 }, { price: 0.2 }]));
    expect(sent(0)).toBe(priceOn(readDishes(document), 'manti', [{ id: 'qatiq' }, { id: 'katta' }]));
    byText(words.acceptPrice, openDialog()!)!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    expect(sent(1)).toBe(unitPrice(10000.2, [{ price: 0.1 }, { price: 0.2 }]));
  });

  it('says when there were too many orders, and keeps the cart', async () => {
    openPage('/m/rayhon?p=table5');
    const api = fakeApi({
      orders: [() => api.json(429, { error: { code: 'rate_limited', message: 'Too many orders' } })],
    });
    await start();
    await add("Ko'k choy");
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    expect(openDialog()?.querySelector('[role="alert"]')?.textContent).toBe(words.rateLimited);
    expect(JSON.parse(localStorage.getItem('qm-cart:rayhon:table5') ?? '{}').lines).toHaveLength(1);
  });

  it('calls the waiter and asks for the bill; a pending call shows and is not sent twice', async () => {
    openPage('/m/rayhon?p=table5');
    const api = fakeApi({ table: { takes_orders: true, table: 'Stol 5', pending_calls: ['bill'] } });
    await start();
    expect(document.querySelector('.qm-table b')?.textContent).toBe('Stol 5');
    const bill = byText(words.billAsked)!;
    expect(bill.disabled).toBe(true);
    byText(words.callWaiter)!.click();
    await flush();
    expect(api.calls.filter((c) => c.url === '/api/public/calls').map((c) => c.body)).toEqual([
      { placement_id: 'table5', kind: 'waiter' },
    ]);
    expect(byText(words.waiterCalled)?.disabled).toBe(true);
    expect(document.querySelector('.qm-table p[role="status"]')?.textContent).toBe(words.waiterCalled);
  });

  it('follows the call to its end: once the staff cleared it, the button is back and the status line says nothing', async () => {
    openPage('/m/rayhon?p=table5');
    const table = { takes_orders: true, table: 'Stol 5', pending_calls: [] as string[] };
    fakeApi({ table });
    await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    byText(words.callWaiter)!.click();
    await vi.advanceTimersByTimeAsync(0);
    const note = () => document.querySelector('.qm-table p[role="status"]')?.textContent;
    expect(note()).toBe(words.waiterCalled);
    // 20 s later the waiter call is still pending: nothing changes
    table.pending_calls = ['waiter'];
    await vi.advanceTimersByTimeAsync(20_000);
    expect(note()).toBe(words.waiterCalled);
    expect(byText(words.waiterCalled)?.disabled).toBe(true);
    // the staff marked it done: the next check brings the button back and empties the line
    table.pending_calls = [];
    await vi.advanceTimersByTimeAsync(20_000);
    expect(byText(words.callWaiter)?.disabled).toBe(false);
    expect(note()).toBe('');
  });
});

describe("the order's page", () => {
  function orderPage(status = 'sent') {
    document.body.innerHTML = `<main data-order="order1"><div role="status"><p>Holati: <b data-status="${status}">${
      words.statuses[status as 'sent']
    }</b></p><p class="qm-reason"></p></div><p class="qm-live"></p></main>`;
    history.replaceState(null, '', '/m/rayhon/orders/order1?key=secret%2Fkey');
    return document.querySelector<HTMLElement>('main')!;
  }

  it('follows the status live until it cannot change any more', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    startOrderPage(orderPage(), settings);
    const events = FakeEventSource.last;
    expect(events.url).toBe('/api/public/orders/order1/events?key=secret%2Fkey');
    const status = document.querySelector('[data-status]')!;
    events.emit({ status: 'accepted', reject_reason: null });
    expect(status.textContent).toBe('Qabul qilindi');
    events.onerror?.();
    expect(document.querySelector('.qm-live')?.textContent).toBe(words.reconnecting);
    events.emit({ status: 'rejected', reject_reason: 'Osh tugadi' });
    expect(status.textContent).toBe('Rad etildi');
    expect(document.querySelector('.qm-reason')?.textContent).toBe('Sabab: Osh tugadi');
    expect(document.querySelector('.qm-live')?.textContent).toBe('');
    expect(events.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("closes the stream at the server's `end` (a served order's table closed at the till: no status says so)", () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      // a restaurant that takes payments: a served order is followed until its bill is settled
      const page = orderPage();
      page.insertAdjacentHTML('beforeend', '<section class="bill"></section>');
      startOrderPage(page, settings);
      const events = FakeEventSource.last;
      events.emit({ status: 'served', reject_reason: null, payment: null });
      expect(events.readyState).not.toBe(FakeEventSource.CLOSED);
      events.dispatchEvent(Object.assign(new Event('end'), { data: '{"reason":"final"}' }));
      expect(events.readyState).toBe(FakeEventSource.CLOSED);
      // and no other is opened later
      vi.advanceTimersByTime(60_000);
      expect(FakeEventSource.last).toBe(events);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens no stream for an order already served', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const before = FakeEventSource.last;
    startOrderPage(orderPage('served'), settings);
    expect(FakeEventSource.last).toBe(before);
  });
});

describe('options with rules on the sheet (docs/PRODUCT.md, "Options and their rules")', () => {
  /** The demo's plov: «Porsiya» exactly one, «Qo'shimchalar» up to 3 («Qazi» up to 2). */
  function plovMenu(portionDefault = false): LocalMenu {
    const m = menu();
    const said = (text: string) => ({ text });
    m.categories[0]!.products[0]!.options = [
      {
        name: said('Porsiya'),
        min: 1,
        max: 1,
        rows: [
          { id: 'half', name: said('Yarim'), price: 0, ...ONCE, default: portionDefault },
          { id: 'full', name: said("To'liq"), price: 20000, ...ONCE },
        ],
      },
      {
        name: said("Qo'shimchalar"),
        min: 0,
        max: 3,
        rows: [
          { id: 'qazi', name: said('Qazi'), price: 15000, ...ONCE, max: 2 },
          { id: 'egg', name: said('Bedana tuxumi'), price: 4000, ...ONCE },
          { id: 'onion', name: said('Piyoz'), price: 0, ...ONCE },
        ],
      },
    ];
    return m;
  }
  const group = (sheet: Element, name: string) =>
    [...sheet.querySelectorAll('fieldset')].find((f) =>
      f.querySelector('legend')?.textContent?.startsWith(name),
    )!;
  const input = (sheet: Element, label: string) =>
    [...sheet.querySelectorAll('label')]
      .find((l) => l.textContent?.startsWith(label))!
      .querySelector('input')!;
  const pick = (el: HTMLInputElement) => {
    el.checked = !el.checked || el.type === 'radio';
    el.dispatchEvent(new Event('change'));
  };
  const confirm = (sheet: Element) => byText(words.addToCart, sheet)!;

  it('exactly one asks for the portion before it adds: radios without «Kerak emas», the rule in words, the button disabled with the reason', async () => {
    openPage('/m/rayhon?p=table5', plovMenu());
    fakeApi();
    await start();
    addButton('Toshkent oshi').click();
    const sheet = openDialog()!;
    const portion = group(sheet, 'Porsiya');
    expect(portion.querySelector('legend')?.textContent).toBe(
      `Porsiya · ${words.ruleExactly.replace('{n}', '1')}`,
    );
    expect([...portion.querySelectorAll('input')].map((i) => [i.type, i.checked])).toEqual([
      ['radio', false],
      ['radio', false],
    ]);
    expect(portion.textContent).not.toContain(words.noChoice);
    expect(confirm(sheet).disabled).toBe(true);
    expect(sheet.querySelector('#qm-why')?.textContent).toBe('Porsiya: 1 tasini tanlang');
    expect(confirm(sheet).getAttribute('aria-describedby')).toBe('qm-why');
    pick(input(sheet, "To'liq"));
    expect(confirm(sheet).disabled).toBe(false);
    expect(sheet.querySelector('#qm-why')?.textContent).toBe('');
    expect(confirm(sheet).textContent).toBe(`${words.addToCart} · 65 000 so'm`);
  });

  it("«Qazi» x2 and «Bedana tuxumi» go together on one line: checkboxes, the count within the row's and the option's maximum, the price as it grows", async () => {
    openPage('/m/rayhon?p=table5', plovMenu(true));
    const api = fakeApi({ orders: [made] });
    await start();
    addButton('Toshkent oshi').click();
    const sheet = openDialog()!;
    // the default portion is chosen beforehand: the dish may be added at once
    expect(input(sheet, 'Yarim').checked).toBe(true);
    expect(confirm(sheet).disabled).toBe(false);
    const extras = group(sheet, "Qo'shimchalar");
    expect(extras.querySelector('legend')?.textContent).toBe("Qo'shimchalar · 3 tagacha");
    expect([...extras.querySelectorAll('input')].map((i) => i.type)).toEqual([
      'checkbox',
      'checkbox',
      'checkbox',
    ]);
    const more = sheet.querySelector<HTMLButtonElement>(`button[aria-label="${words.more}: Qazi"]`)!;
    const less = sheet.querySelector<HTMLButtonElement>(`button[aria-label="${words.less}: Qazi"]`)!;
    expect(less.disabled).toBe(true);
    pick(input(sheet, 'Qazi'));
    more.click();
    expect(more.closest('[role="group"]')?.querySelector('output')?.textContent).toBe('2');
    // «Qazi» may be taken twice
    expect(more.disabled).toBe(true);
    pick(input(sheet, 'Bedana tuxumi'));
    // the option takes 3 portions: the third row waits
    expect(input(sheet, 'Piyoz').disabled).toBe(true);
    expect(confirm(sheet).textContent).toBe(`${words.addToCart} · 79 000 so'm`);
    less.click();
    expect(input(sheet, 'Piyoz').disabled).toBe(false);
    more.click();
    confirm(sheet).click();

    bar().querySelector('button')!.click();
    const cart = openDialog()!;
    expect(cart.querySelector('.qm-rows')?.textContent).toBe(
      "Porsiya: Yarim; Qo'shimchalar: Qazi ×2, Bedana tuxumi",
    );
    byText(words.send, cart)!.click();
    await flush();
    expect((api.posts()[0]!.body as OrderCreateBody).items).toEqual([
      {
        product_id: 'osh',
        quantity: 1,
        rows: [
          { _id: 'half', quantity: 1 },
          { _id: 'qazi', quantity: 2 },
          { _id: 'egg', quantity: 1 },
        ],
        price: 79000,
      },
    ]);
  });

  it('the same rows with another count is another line', () => {
    const cart = emptyCart();
    const line = (quantity: number) => ({
      product_id: 'osh',
      name: 'osh',
      price: 1000,
      rows: [{ id: 'qazi', option: 'o', name: 'Qazi', price: 0, quantity }],
      quantity: 1,
    });
    addLine(cart, line(1), settings.limits);
    addLine(cart, line(2), settings.limits);
    addLine(cart, line(2), settings.limits);
    expect(cart.lines.map((l) => [l.rows[0]?.quantity, l.quantity])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('a line the server refuses for a rule changed since the page was read says so; the order waits', async () => {
    openPage('/m/rayhon?p=table5', plovMenu(true));
    const api = fakeApi({
      orders: [
        () =>
          new Response(
            JSON.stringify({
              error: {
                code: 'conflict',
                message: 'Some items cannot be ordered as they are',
                details: [{ path: 'items.0.options.o1', message: 'option_rule' }],
              },
            }),
            { status: 409 },
          ),
      ],
    });
    await start();
    await add('Toshkent oshi');
    bar().querySelector('button')!.click();
    byText(words.send, openDialog()!)!.click();
    await flush();
    await flush();
    const cart = openDialog()!;
    expect(api.posts()).toHaveLength(1);
    expect(cart.querySelector('.qm-problem')?.textContent).toBe(words.optionRule);
    expect(cart.querySelector<HTMLButtonElement>('#qm-send')?.disabled).toBe(true);
  });

  it('says the rules in Russian and English too', () => {
    const option = {
      name: 'x',
      min: 1,
      max: 1,
      rows: [{ id: 'a', name: 'a', price: 0, max: 1, free: 0, default: false }],
    };
    const several = { ...option, min: 0, max: 3, rows: [{ ...option.rows[0]!, max: 3 }] };
    const range = { ...several, min: 1 };
    expect([option, several, range].map((o) => ruleWords(o, words))).toEqual([
      '1 tasini tanlang',
      '3 tagacha',
      '1 tadan 3 tagacha',
    ]);
    expect([option, several, range].map((o) => ruleWords(o, settingsFor('ru').words))).toEqual([
      'выберите 1',
      'до 3',
      'от 1 до 3',
    ]);
    expect([option, several, range].map((o) => ruleWords(o, settingsFor('en').words))).toEqual([
      'choose 1',
      'up to 3',
      '1 to 3',
    ]);
    // one row or none says nothing: its «Kerak emas» does
    expect(ruleWords({ ...option, min: 0 }, words)).toBe('');
  });

  it('the sheet with rules passes axe', async () => {
    openPage('/m/rayhon?p=table5', plovMenu());
    fakeApi();
    await start();
    addButton('Toshkent oshi').click();
    expect(await axeViolations(document)).toEqual([]);
  });
});

describe('accessibility (axe, WCAG 2.1 AA; contrast and focus order in the e2e run)', () => {
  it('the menu with the sheet open, then with the cart open', async () => {
    openPage('/m/rayhon?p=table5');
    fakeApi();
    await start();
    await add('Toshkent oshi', "To'liq");
    addButton('Toshkent oshi').click();
    expect(openDialog()?.querySelector('h2')?.textContent).toBe('Toshkent oshi');
    expect(await axeViolations(document)).toEqual([]);
    openDialog()!.close();
    bar().querySelector('button')!.click();
    expect(openDialog()?.querySelector('h2')?.textContent).toBe(words.cart);
    expect(await axeViolations(document)).toEqual([]);
  });

  it("the order's page", async () => {
    openPage(
      '/m/rayhon/orders/order1?key=k',
      renderOrderPage({
        order: {
          _id: 'order1',
          key: 'k',
          number: 14,
          table: 'Stol 5',
          status: 'rejected',
          reject_reason: 'Osh tugadi',
          language: 'uz',
          comment: 'Piyozsiz',
          items: [
            {
              product_id: 'osh',
              name: 'Toshkent oshi',
              quantity: 2,
              price: 65000,
              rows: [{ _id: 'full', option: 'Porsiya', name: "To'liq", price: 20000, quantity: 1 }],
            },
          ],
          total: 130000,
          createdAt: '2026-11-26T10:00:00.000Z',
          updatedAt: '2026-11-26T10:05:00.000Z',
          payment: null,
        },
        lang: 'uz',
        restaurant: 'Rayhon',
        menuHref: '/m/rayhon?p=table5',
        selfHref: '?key=k',
        script: SCRIPT,
      }),
    );
    expect(document.querySelector('h1')?.textContent).toBe('Buyurtma #14');
    expect(await axeViolations(document)).toEqual([]);
  });
});
