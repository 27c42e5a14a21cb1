import { imageIdOf, imageKeys } from '@qrmenu/shared/image-variants';
import { describe, expect, it } from 'vitest';
import { DEMO, SHOWCASE, seed } from '../src/seed';
import type { Said, SeedRestaurant } from '../src/seed/demo';
import { CALL_TABLE, CART_TABLE, LIVE_ORDERS, ORDERING_TABLES } from '../src/seed/live';
import { DEMO_ORDER_DAYS } from '../src/seed/orders';
import { PLACEMENTS, type ShowcaseAdded } from '../src/seed/showcase';
import { DEMO_VISIT_DAYS } from '../src/seed/visits';
import { addDays, dayOf } from '../src/visits/day';
import { ADMIN, apiCall, bearer, loginAs } from './helpers';
import { fileApp } from './world';

const ctx = fileApp();

const rowsOf = async (
  table:
    | 'users'
    | 'restaurants'
    | 'categories'
    | 'products'
    | 'product_options'
    | 'option_rows'
    | 'pictures'
    | 'placements'
    | 'visit_counts'
    | 'visit_uniques'
    | 'visit_sketches'
    | 'orders'
    | 'bills'
    | 'stop_list_events'
    | 'report_days',
) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

const counts = async () => ({
  users: await rowsOf('users'),
  restaurants: await rowsOf('restaurants'),
  categories: await rowsOf('categories'),
  products: await rowsOf('products'),
  options: await rowsOf('product_options'),
  rows: await rowsOf('option_rows'),
  pictures: await rowsOf('pictures'),
  placements: await rowsOf('placements'),
  visitCounts: await rowsOf('visit_counts'),
  visitUniques: await rowsOf('visit_uniques'),
  visitSketches: await rowsOf('visit_sketches'),
  orders: await rowsOf('orders'),
  bills: await rowsOf('bills'),
  stops: await rowsOf('stop_list_events'),
  reportDays: await rowsOf('report_days'),
});

type Lang = 'uz' | 'ru' | 'en';
const inLang = (said: Said, lang: Lang) => (typeof said === 'string' ? said : said[lang]);

/** The headings of a guest's menu page: category titles and product names, in order. */
async function menuHeadings(slug: string, lang: Lang) {
  const res = await ctx.app.inject({ method: 'GET', url: `/m/${slug}?lang=${lang}` });
  expect(res.statusCode).toBe(200);
  const headings = [...res.body.matchAll(/<h[23][^>]*>([^<]*)<\/h[23]>/g)].map((m) => m[1]);
  const options = [...res.body.matchAll(/<dl class="opt">(.*?)<\/dl>/g)].map((m) => m[1]).join('');
  const rows = [...options.matchAll(/<dd>(?:<span lang="uz">)?([^<]*?)(?:<\/span>)?(?: <b>|<\/dd>)/g)].map(
    (m) => m[1],
  );
  return { body: res.body, headings, rows };
}

/** What the demo says its guests see in `lang`: active categories with their active products. */
function shownIn(r: SeedRestaurant, lang: Lang) {
  const shown = r.categories
    .map((c) => ({ ...c, products: c.products.filter((p) => !p.stopped) }))
    .filter((c) => c.products.length > 0);
  return {
    headings: shown.flatMap((c) => [inLang(c.title, lang), ...c.products.map((p) => inLang(p.name, lang))]),
    rows: shown.flatMap((c) =>
      c.products.flatMap((p) => (p.options ?? []).flatMap((o) => o.rows.map(([n]) => inLang(n, lang)))),
    ),
  };
}

/** What the first run gave the showcase. */
let seeded: ShowcaseAdded = {
  pictures: 0,
  placements: 0,
  visits: 0,
  orders: 0,
  live: { orders: 0, calls: 0, bills: 0 },
};

describe('seed', () => {
  it('writes the demo once and is idempotent', async () => {
    const first = await seed(ctx.app);
    seeded = first.showcase;
    expect(first.created).toEqual(['rayhon-milliy-taomlar', 'oqtepa-lavash', 'caravan']);
    const products = SHOWCASE.categories.flatMap((c) => c.products).length;
    expect(first.showcase.pictures).toBe(products + 2); // and the cover and the logo
    expect(first.showcase.placements).toBe(PLACEMENTS.length);
    expect(first.showcase.visits).toBeGreaterThan(0);
    // two months of orders, about 20 to 45 a day, and today's board
    expect(first.showcase.orders).toBeGreaterThan(DEMO_ORDER_DAYS * 20);
    expect(first.showcase.live).toEqual({ orders: LIVE_ORDERS.length, calls: 1, bills: 2 });
    const after = await counts();
    expect(after.users).toBe(3);
    expect(after.restaurants).toBe(3);
    expect(after.categories).toBeGreaterThanOrEqual(6);
    expect(after.products).toBeGreaterThanOrEqual(12);
    expect(after.options).toBeGreaterThan(0);
    expect(after.rows).toBeGreaterThan(0);
    expect(after.pictures).toBe(products + 2);
    expect(after.placements).toBe(PLACEMENTS.length);
    const stopped = await ctx.db.selectFrom('products').select('id').where('is_active', '=', 0).execute();
    expect(stopped.length).toBeGreaterThanOrEqual(2);
    const second = await seed(ctx.app);
    expect(second.created).toEqual([]);
    expect(second.showcase).toEqual({
      pictures: 0,
      placements: 0,
      visits: 0,
      orders: 0,
      live: { orders: 0, calls: 0, bills: 0 },
    });
    expect(await counts()).toEqual(after);
    // two runs: ten pictures processed, two months of orders, today's board (on a loaded
    // machine, past the suite's 30 s)
  }, 180_000);

  it("gives the demo's options real rules: the plov's portion required, its extras several (Qazi up to twice), a drink's size one to choose", async () => {
    const optionsOf = (product: string) =>
      ctx.db
        .selectFrom('product_options as o')
        .innerJoin('products as p', 'p.id', 'o.product_id')
        .select(['o.id', 'o.name', 'o.min_choices', 'o.max_choices'])
        .where('p.name', '=', product)
        .orderBy('o.position')
        .execute();
    const plov = await optionsOf('Toshkent oshi');
    expect(plov.map((o) => [o.name, o.min_choices, o.max_choices])).toEqual([
      ['Porsiya', 1, 1],
      ['Qoʻshimchalar', 0, 3],
    ]);
    const extras = await ctx.db
      .selectFrom('option_rows')
      .select(['name', 'max_quantity', 'is_default'])
      .where('product_option_id', '=', plov[1]?.id as string)
      .orderBy('position')
      .execute();
    expect(extras).toEqual([
      { name: 'Qazi', max_quantity: 2, is_default: 0 },
      { name: 'Bedana tuxumi', max_quantity: 1, is_default: 0 },
    ]);
    const [tea] = await optionsOf('Koʻk choy');
    expect([tea?.min_choices, tea?.max_choices]).toEqual([1, 1]);
  });

  it('managers log in with manager123 and see their own restaurant', async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const res = await apiCall(ctx, 'GET', '/manager/restaurants/me', token);
    expect(res.json().data.name).toBe('Rayhon Milliy Taomlar');
    const token2 = await loginAs(ctx.app, 'manager2', 'manager123');
    const res2 = await apiCall(ctx, 'GET', '/manager/restaurants/me', token2);
    expect(res2.json().data.name).toBe('Oqtepa Lavash');
  });

  it("each demo restaurant's menu page lists its categories, products and option rows in the demo's order", async () => {
    for (const r of DEMO) {
      const page = await menuHeadings(r.slug, 'uz');
      const demo = shownIn(r, 'uz');
      expect(page.headings).toEqual(demo.headings);
      expect(page.rows).toEqual(demo.rows);
    }
  });

  it("the showcase's guests read its menu, address and hours in Russian and English; the others stay Uzbek", async () => {
    for (const lang of ['ru', 'en'] as const) {
      const page = await menuHeadings(SHOWCASE.slug, lang);
      const demo = shownIn(SHOWCASE, lang);
      expect(page.headings).toEqual(demo.headings);
      expect(page.rows).toEqual(demo.rows);
      // nothing fell back to Uzbek: the one Uzbek text is the language switch's «O'zbekcha»
      expect(page.body.match(/ lang="uz"/g)).toHaveLength(1);
      expect(page.body).toContain(inLang(SHOWCASE.address, lang));
      expect(page.body).toContain(inLang(SHOWCASE.work_time, lang));
    }
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/restaurants',
      headers: bearer(await adminToken()),
    });
    const others = other.json().restaurants.filter((r: { slug: string }) => r.slug !== SHOWCASE.slug);
    expect(others.map((r: { translations: object }) => r.translations)).toEqual([{}, {}]);
  });

  it('every product of the showcase, its cover and its logo are processed pictures with all their files stored', async () => {
    const restaurant = await ctx.app.restaurants.findBySlug(SHOWCASE.slug);
    const products = await ctx.app.catalog.products.list(restaurant!.id);
    expect(products).toHaveLength(SHOWCASE.categories.flatMap((c) => c.products).length);
    const urls = [restaurant!.image, restaurant!.logotype, ...products.map((p) => p.images[0]?.file)];
    for (const url of urls) {
      const id = imageIdOf(url ?? '');
      expect(id, `${url} is a processed picture`).not.toBeNull();
      for (const key of imageKeys(id!)) expect(await ctx.app.storage.get(key), key).not.toBeNull();
    }
    // the others have none
    const other = await ctx.app.restaurants.findBySlug('caravan');
    expect((await ctx.app.catalog.products.list(other!.id)).every((p) => p.images.length === 0)).toBe(true);
  });

  it("the showcase's manager sees its placements and a chart of visits by day, placement and language", async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const placements = await apiCall(ctx, 'GET', '/manager/placements', token);
    expect(placements.json().data.map((p: { name: string }) => p.name)).toEqual(PLACEMENTS);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/manager/visits', headers: bearer(token) });
    const stats = res.json().data;
    const days = stats.days.filter((d: { visits: number }) => d.visits > 0);
    expect(days).toHaveLength(DEMO_VISIT_DAYS);
    for (const d of days) expect(d.unique).toBeGreaterThan(0);
    expect(stats.totals.today.visits).toBeGreaterThan(0);
    expect(stats.placements.map((p: { name: string | null }) => p.name)).toEqual(
      expect.arrayContaining(['Stol 1', 'Eshik', 'Instagram', null]),
    );
    expect(stats.languages.map((l: { language: string }) => l.language).sort()).toEqual(['en', 'ru', 'uz']);
    // the admin's list: the showcase's «30 kun» are its chart's 30 days (the pages this test
    // opened count too: the test app counts visits)
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/restaurants',
      headers: bearer(await adminToken()),
    });
    const body = list.json();
    const showcaseId = body.restaurants.find((r: { slug: string }) => r.slug === SHOWCASE.slug)._id;
    expect(body.visits_30d[showcaseId]).toBe(stats.totals.month.visits);
    expect(stats.totals.month.visits).toBeGreaterThanOrEqual(seeded.visits);
  });

  it("the showcase's manager reads two months of «Hisobot»: orders every day, paid by Payme, Click and at the table, the figures built", async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const today = dayOf();
    const from = addDays(today, -(DEMO_ORDER_DAYS - 1));
    const res = await apiCall(ctx, 'GET', `/manager/reports/takings?from=${from}&to=${today}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const takings = res.json().data;
    expect(takings.totals.orders).toBe(seeded.orders);
    // every past day has orders (today's begin at 10:00 in Tashkent)
    expect(takings.days.slice(0, -1).every((d: { orders: number }) => d.orders >= 15)).toBe(true);
    for (const method of ['payme', 'click', 'table'])
      expect(takings.totals.by_method[method].orders).toBeGreaterThan(0);
    expect(takings.totals.rejected_orders).toBeGreaterThan(0);
    // no past day is left to build: the seed built them as it wrote them
    const marks = await ctx.db.selectFrom('report_dirty').select('day').execute();
    expect(marks.filter((m) => m.day < today)).toEqual([]);
    const dishes = await apiCall(ctx, 'GET', `/manager/reports/dishes?from=${from}&to=${today}`, token);
    expect(dishes.json().data.stops.length).toBeGreaterThan(0);
  });
});

describe("the seed's dining room today (docs/ORDERS.md)", () => {
  const get = async (url: string, token: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const placementsByName = async (token: string) =>
    new Map<string, string>(
      (await get('/manager/placements', token)).map((p: { _id: string; name: string }) => [p.name, p._id]),
    );

  it('ordering is on for the ten tables, not for the door or Instagram', async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const ordering = await get('/manager/ordering', token);
    expect(ordering.takes_orders).toBe(true);
    const on = ordering.placements.filter((p: { takes_orders: boolean }) => p.takes_orders);
    expect(on.map((p: { name: string }) => p.name)).toEqual(ORDERING_TABLES);
  });

  it("the manager's board has today's orders in every state of their life, moved by manager1, and a waiter call", async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const orders: {
      status: string;
      table: string;
      actions: { by: string }[];
      reject_reason: string | null;
    }[] = await get('/manager/orders', token);
    expect(orders).toHaveLength(LIVE_ORDERS.length);
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['sent', 'accepted', 'ready', 'served', 'rejected']),
    );
    for (const o of orders.filter((o) => o.status !== 'sent'))
      expect(o.actions.map((a) => a.by)).toContain('manager1');
    expect(orders.find((o) => o.status === 'rejected')?.reject_reason).toBeTruthy();
    const calls = await get('/manager/calls', token);
    expect(calls.map((c: { table: string; kind: string }) => [c.table, c.kind])).toEqual([
      [CALL_TABLE, 'waiter'],
    ]);
  });

  it('one table has its bill open, another its bill paid (the board shows the payment)', async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const orders: { _id: string; table: string; payment: { status: string; method: string } | null }[] =
      await get('/manager/orders', token);
    const paid = orders.filter((o) => o.payment?.status === 'paid');
    expect(paid.map((o) => [o.table, o.payment?.method])).toEqual([
      [LIVE_ORDERS.find((o) => o.to === 'paid')?.table, 'payme'],
    ]);
    // the bills of today's board, not of the history: yesterday's last bills are also less than
    // an hour old just after Tashkent's midnight
    const billIds = (
      await ctx.db
        .selectFrom('orders')
        .select('bill_id')
        .where(
          'id',
          'in',
          orders.map((o) => o._id),
        )
        .execute()
    ).flatMap((o) => (o.bill_id ? [o.bill_id] : []));
    const bills = await ctx.db
      .selectFrom('bills')
      .select(['table_name', 'status', 'amount'])
      .where('id', 'in', billIds)
      .execute();
    expect(bills.map((b) => [b.table_name, b.status]).sort()).toEqual(
      [
        [LIVE_ORDERS.find((o) => o.to === 'billed')?.table, 'open'],
        [LIVE_ORDERS.find((o) => o.to === 'paid')?.table, 'paid'],
      ].sort(),
    );
    for (const bill of bills) expect(bill.amount).toBeGreaterThan(0);
  });

  // the page offers the cart when its table takes orders (the guests' script renders it: the
  // e2e demo.spec.ts opens the page)
  it(`${CART_TABLE} takes orders; the door's code shows the menu only`, async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    const ids = await placementsByName(token);
    const guestTable = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tables/${ids.get(CART_TABLE)}`,
    });
    expect(guestTable.json().data).toMatchObject({ takes_orders: true, table: CART_TABLE });
    const door = await ctx.app.inject({ method: 'GET', url: `/api/public/tables/${ids.get('Eshik')}` });
    expect(door.json().data.takes_orders).toBe(false);
  });

  it('Telegram and the payment providers are left not connected', async () => {
    const token = await loginAs(ctx.app, 'manager1', 'manager123');
    expect((await get('/manager/telegram', token)).connected).toBe(false);
    const restaurant = await ctx.app.restaurants.findBySlug(SHOWCASE.slug);
    const payments = await get(`/admin/restaurants/${restaurant!.id}/payments`, await adminToken());
    expect(payments).toEqual({
      payme: { merchant_id: null, key_set: false },
      click: { service_id: null, merchant_id: null, secret_set: false },
    });
  });
});

const adminToken = () => loginAs(ctx.app, ADMIN.login, ADMIN.password);
