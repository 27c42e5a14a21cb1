/**
 * The guests' pages and ordering (docs/ORDERS.md, "The guest's page"):
 * - the manager's switch shows at once on the cached menu page: the script and the cart's data
 *   appear when ordering opens and go when it closes;
 * - an order's page (`/m/<slug>/orders/<id>?key=`): its day's number, table, status, lines with
 *   their options, comment and total, in the order's language (`?lang=` chooses another),
 *   `no-store`, the script for its live status; a rejection's reason; a wrong key, another
 *   restaurant's slug or an unknown order is the guests' 404; an old slug moves (axe: guest-cart.test.ts).
 */
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { guestScriptsBuilt } from './guest-script-support';
import { apiCall, createRestaurant } from './helpers';
import { basket, ok, orderWorld, placeAs } from './orders-support';
import { fileWorld } from './world';

const {
  ctx,
  world,
  started: scripts,
} = fileWorld(
  (scripts) => ({ guestScriptsDir: scripts.dir, answerCacheTtlMs: 60_000 }), // only a clear can refresh a page
  (ctx) => orderWorld(ctx, 2, false),
  guestScriptsBuilt('guest-pages'),
);

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
const doc = (html: string) => new JSDOM(html).window.document;
const switchOrdering = (on: boolean) =>
  ok(
    apiCall(ctx, 'PUT', '/manager/ordering', world.manager.token, {
      takes_orders: on,
      placements: world.tables.map((t) => ({ _id: t._id, takes_orders: on })),
    }),
  );

describe("the manager's switch and the cached menu page", () => {
  it('the script and the data come with ordering and go without it, at once', async () => {
    const before = await get(`/m/${world.slug}`);
    expect(before.body).not.toContain('<script');
    await switchOrdering(true);
    const open = doc((await get(`/m/${world.slug}`)).body);
    expect(open.querySelector('script')?.getAttribute('src')).toBe(`/m/assets/${scripts.manifest.uz.file}`);
    expect(open.querySelectorAll('[data-product]')).toHaveLength(2);
    const ru = doc((await get(`/m/${world.slug}?lang=ru`)).body);
    expect(ru.querySelector('script')?.getAttribute('src')).toBe(`/m/assets/${scripts.manifest.ru.file}`);
    await switchOrdering(false);
    expect((await get(`/m/${world.slug}`)).body).not.toMatch(/<script|data-product=/);
    await switchOrdering(true);
  });
});

describe('a table\'s page (docs/ORDERS.md, "The guest\'s page")', () => {
  const at = (table: number | string, headers?: Record<string, string>) =>
    get(`/m/${world.slug}?p=${typeof table === 'number' ? world.tables[table]!._id : table}`, headers);
  const panelOf = (page: Document) => page.querySelector('.qm-table');

  it("holds its table's panel and every dish's add button in the server's HTML, disabled until the script wires them, with the cart's styles", async () => {
    await switchOrdering(true);
    const res = await at(0);
    expect(res.statusCode).toBe(200);
    const page = doc(res.body);
    const panel = panelOf(page)!;
    expect(panel.querySelector('b')?.textContent).toBe('Stol 1');
    // right under the restaurant's header, where nothing has to move when the script runs
    expect(panel.previousElementSibling?.tagName).toBe('HEADER');
    const calls = [...panel.querySelectorAll<HTMLButtonElement>('button[data-call]')];
    expect(calls.map((b) => [b.dataset.call, b.textContent, b.disabled])).toEqual([
      ['waiter', 'Ofitsiantni chaqirish', true],
      ['bill', "Hisobni so'rash", true],
    ]);
    expect(panel.querySelector('[role="status"]')?.textContent).toBe('');
    const adds = [...page.querySelectorAll<HTMLButtonElement>('[data-product] .qm-add')];
    expect(adds.map((b) => [b.getAttribute('aria-label'), b.textContent, b.disabled])).toEqual([
      ["Savatga qo'shish: Osh", "Qo'shish", true],
      ["Savatga qo'shish: Choy", "Qo'shish", true],
    ]);
    expect(page.querySelector('style')?.textContent).toContain('.qm-table{');
    expect(page.querySelector('script')?.getAttribute('src')).toBe(`/m/assets/${scripts.manifest.uz.file}`);
    // in the guest's language
    const ru = doc((await at(0, { 'accept-language': 'ru' })).body);
    expect(ru.querySelector('.qm-add')?.getAttribute('aria-label')).toBe('Добавить в корзину: Плов');
  });

  it("is the table's own: another table's page names that table and has its own ETag, so a revalidation never keeps the other one's", async () => {
    const first = await at(0);
    const second = await at(1);
    expect(panelOf(doc(second.body))?.querySelector('b')?.textContent).toBe('Stol 2');
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect((await at(1, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200);
    expect((await at(1, { 'if-none-match': String(second.headers.etag) })).statusCode).toBe(304);
    const plain = await get(`/m/${world.slug}`);
    expect(plain.headers.etag).not.toBe(first.headers.etag);
    // a renamed table says its new name at once
    await ok(
      apiCall(ctx, 'PUT', `/manager/placements/${world.tables[1]!._id}`, world.manager.token, {
        name: '<Ayvon> & "bog\'"',
      }),
    );
    const renamed = await at(1);
    expect(panelOf(doc(renamed.body))?.querySelector('b')?.textContent).toBe('<Ayvon> & "bog\'"');
    expect(renamed.body).toContain('&lt;Ayvon&gt; &amp; &quot;bog&#x27;&quot;');
    await ok(
      apiCall(ctx, 'PUT', `/manager/placements/${world.tables[1]!._id}`, world.manager.token, {
        name: 'Stol 2',
      }),
    );
  });

  it('a table that does not take orders, an unknown code and no code get the menu as it is without a table', async () => {
    await ok(
      apiCall(ctx, 'PUT', '/manager/ordering', world.manager.token, {
        placements: [{ _id: world.tables[1]!._id, takes_orders: false }],
      }),
    );
    const plain = await get(`/m/${world.slug}`);
    for (const res of [await at(1), await at('not-a-table'), plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(plain.headers.etag);
      const page = doc(res.body);
      expect(panelOf(page)).toBeNull();
      expect(page.querySelectorAll('.qm-add')).toHaveLength(0);
      expect(page.querySelectorAll('[data-product]')).toHaveLength(2);
    }
    // the restaurant closed: not even its open tables have a panel
    await switchOrdering(false);
    expect(panelOf(doc((await at(0)).body))).toBeNull();
    await switchOrdering(true);
  });

  it('a stopped dish has no add button: it is not on the page at all', async () => {
    const stopList = (action: 'stop' | 'resume') =>
      ok(
        apiCall(ctx, 'POST', '/manager/stop-list', world.manager.token, {
          product_ids: [world.tea.id],
          action,
        }),
      );
    await stopList('stop');
    const page = doc((await at(0)).body);
    expect([...page.querySelectorAll('.qm-add')].map((b) => b.getAttribute('aria-label'))).toEqual([
      "Savatga qo'shish: Osh",
    ]);
    expect(page.body.textContent).not.toContain('Choy');
    await stopList('resume');
  });
});

describe("the options' rules on the page", () => {
  it('mark an option and a row that are not the defaults (data-min, data-max, data-free, data-default), only when ordering', async () => {
    await ok(
      apiCall(ctx, 'PUT', `/manager/product-option/${world.optionId}`, world.manager.token, {
        min_choices: 1,
        max_choices: 1,
      }),
    );
    await ok(
      apiCall(ctx, 'PUT', `/manager/product-option-row/${world.small.id}`, world.manager.token, {
        is_default: true,
      }),
    );
    const page = doc((await get(`/m/${world.slug}`)).body);
    const option = page.querySelector('dl.opt') as HTMLElement;
    expect([option.dataset.min, option.dataset.max]).toEqual(['1', undefined]);
    const rows = [...option.querySelectorAll<HTMLElement>('[data-row]')];
    expect(rows.map((r) => [r.dataset.row, r.dataset.default])).toEqual([
      [world.big.id, undefined],
      [world.small.id, ''],
    ]);
    await switchOrdering(false);
    expect((await get(`/m/${world.slug}`)).body).not.toMatch(/data-min|data-default/);
    await switchOrdering(true);
    await ok(
      apiCall(ctx, 'PUT', `/manager/product-option/${world.optionId}`, world.manager.token, {
        min_choices: 0,
      }),
    );
    await ok(
      apiCall(ctx, 'PUT', `/manager/product-option-row/${world.small.id}`, world.manager.token, {
        is_default: false,
      }),
    );
  });
});

describe("an order's page", () => {
  let order: { _id: string; key: string; number: number };
  let url: string;
  beforeAll(async () => {
    await switchOrdering(true);
    const placed = await placeAs(ctx, basket(world, 1, { comment: 'Tezroq, iltimos' }));
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json().data;
    url = `/m/${world.slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`;
  });

  it('shows the order in its language: number, table, status, lines with options, comment, total', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-language']).toBe('ru');
    const page = doc(res.body);
    expect(page.documentElement.lang).toBe('ru');
    expect(page.querySelector('h1')?.textContent).toBe(`Заказ №${order.number}`);
    expect(page.querySelector('header .desc')?.textContent).toContain('Stol 2');
    const status = page.querySelector('[role="status"]')!;
    expect(status.querySelector('[data-status]')?.textContent).toBe('Отправлен');
    const lines = [...page.querySelectorAll('main li')].map((li) => li.textContent);
    expect(lines).toEqual([
      'ПловРазмер: Большая35 000 сум × 2 = 70 000 сум',
      'Choy5 000 сум × 1 = 5 000 сум',
    ]);
    expect(page.querySelector('main')?.textContent).toContain('Комментарий: Tezroq, iltimos');
    expect(page.querySelector('main')?.textContent).toContain('Итого: 75 000 сум');
    expect(page.querySelector('main')?.getAttribute('data-order')).toBe(order._id);
    expect(page.querySelector('script')?.getAttribute('src')).toBe(`/m/assets/${scripts.manifest.ru.file}`);
    // back to the menu of the same table, not counted as another visit
    const back = [...page.querySelectorAll('a')].find((a) => a.textContent === 'Вернуться в меню');
    expect(back?.getAttribute('href')).toBe(`/m/${world.slug}?p=${world.tables[1]!._id}&lang=ru&switch=1`);
  });

  it('in another language when asked, with a rejection and its reason', async () => {
    await ok(
      apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, world.manager.token, {
        status: 'rejected',
        reason: 'Osh tugadi',
      }),
    );
    const page = doc((await get(`${url}&lang=uz`)).body);
    expect(page.documentElement.lang).toBe('uz');
    expect(page.querySelector('[data-status]')?.textContent).toBe('Rad etildi');
    expect(page.querySelector('.qm-reason')?.textContent).toBe('Sabab: Osh tugadi');
  });

  it("a wrong key, another restaurant's slug or an unknown order: the guests' 404", async () => {
    const other = await createRestaurant(ctx, { slug: 'boshqa-restoran' });
    // one character off (never the same character: a key may end in any of them)
    const offByOne = `${order.key.slice(0, -1)}${order.key.endsWith('x') ? 'y' : 'x'}`;
    for (const wrong of [
      `/m/${world.slug}/orders/${order._id}?key=${offByOne}`,
      `/m/${world.slug}/orders/${order._id}`,
      `/m/${other.slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`,
      `/m/${world.slug}/orders/${'0'.repeat(24)}?key=${encodeURIComponent(order.key)}`,
      `/m/Bad%20Slug/orders/${order._id}?key=${encodeURIComponent(order.key)}`,
    ]) {
      const res = await get(wrong);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(doc(res.body).querySelector('h1')?.textContent).toBe('Sahifa topilmadi');
    }
  });

  it("an old slug's link moves to the current one", async () => {
    await ok(
      apiCall(ctx, 'PUT', `/manager/restaurants/update?slug=${world.slug}`, world.manager.token, {
        slug: `${world.slug}-yangi`,
      }),
    );
    const res = await get(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(
      `/m/${world.slug}-yangi/orders/${order._id}?key=${encodeURIComponent(order.key)}`,
    );
    expect((await get(res.headers.location as string)).statusCode).toBe(200);
  });
});
