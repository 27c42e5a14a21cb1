/**
 * «Hisobot» (docs/REPORTS.md) through the API, each change made as the staff, the guests and
 * Payme make it, each figure read back from the reports: the Tashkent day an order lands on (a
 * day across midnight, with the clock set), a late payment, a cancel after perform, a table closed
 * at the till, a rejected order and its reason, the accept and kitchen times, the stop-list, the
 * figures of a day built twice, the period's rules (400), whose restaurant (403, 404), an empty
 * period, and the files (CSV and XLSX read back).
 */
import { readSheet } from 'read-excel-file/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePayme } from './fakes/payme';
import {
  adminUser,
  apiCall,
  createRestaurant,
  createUser,
  expectError,
  TEST_SECRET_KEY,
  type TestUser,
} from './helpers';
import { basket, ok, placeAs } from './orders-support';
import { billOf, guestOrders, PAYME, type PaymentWorld, paymentWorld } from './payments-support';
import { fileWorld } from './world';

const TASHKENT = 5 * 3600_000;
/** A fixed Tashkent day in the past, and its midnight (ms). */
const D = '2026-03-10';
const D1 = '2026-03-11';
const midnight = Date.parse(`${D1}T00:00:00Z`) - TASHKENT;

const { ctx, world: admin } = fileWorld(
  { integrationSecretKey: TEST_SECRET_KEY, paymentsClock: () => Date.now() },
  adminUser,
);
afterEach(() => {
  vi.useRealTimers();
});

/** The clock at `at` (ms) from here on, Date only (the database and timers keep running). */
function setClock(at: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

const report = async (kind: string, w: { manager: TestUser }, from: string, to: string) =>
  (await ok(apiCall(ctx, 'GET', `/manager/reports/${kind}?from=${from}&to=${to}`, w.manager.token))).data;

const status = (w: PaymentWorld, id: string, to: string, reason?: string) =>
  ok(apiCall(ctx, 'PUT', `/manager/orders/${id}/status`, w.w.manager.token, { status: to, reason }));

/** 2 Osh Katta (35 000) and a tea (5 000): 75 000 so'm. */
const ORDER_TIYIN = 75_000_00;

describe('where each order lands', () => {
  it('a day across midnight in Tashkent: each order on its own day and hour', async () => {
    const { w } = await paymentWorld(ctx);
    setClock(midnight - 10_000); // 23:59:50 of D
    await ok(placeAs(ctx, basket(w, 0)), 201);
    setClock(midnight + 10_000); // 00:00:10 of D+1
    await ok(placeAs(ctx, basket(w, 1)), 201);

    const takings = await report('takings', w, D, D1);
    expect(takings.days.map((d: { day: string; orders: number }) => [d.day, d.orders])).toEqual([
      [D, 1],
      [D1, 1],
    ]);
    const times = await report('times', w, D, D1);
    // 2026-03-10 is a Tuesday (1), the 11th a Wednesday (2)
    expect(times.heat[1][23]).toBe(1);
    expect(times.heat[2][0]).toBe(1);
    expect(times.heat.flat().reduce((a: number, b: number) => a + b, 0)).toBe(2);
    // one day alone is that day's only
    expect((await report('takings', w, D1, D1)).totals.orders).toBe(1);
  });

  it('a late payment counts on the order day, by its method; a cancel after perform makes it unpaid again', async () => {
    const pw = await paymentWorld(ctx);
    const { w } = pw;
    setClock(midnight - 60_000); // 23:59 of D
    const order = await guestOrders(ctx, w, 0);
    setClock(midnight + 3600_000); // 01:00 of D+1: paid the next day
    const bill = await billOf(ctx, order);
    expect(bill.amount).toBe(ORDER_TIYIN);
    const payme = fakePayme(ctx.app, w.restaurantId, PAYME.key);
    const paid = await payme.pay(bill._id, bill.amount);

    let takings = await report('takings', w, D, D1);
    expect(takings.days[0]).toMatchObject({
      day: D,
      orders: 1,
      paid: ORDER_TIYIN,
      unpaid: 0,
      payme: ORDER_TIYIN,
    });
    expect(takings.days[1]).toMatchObject({ day: D1, orders: 0, paid: 0, payme: 0 });
    expect(takings.totals.by_method.payme).toEqual({ orders: 1, amount: ORDER_TIYIN });
    expect(takings.totals.average_check).toBe(ORDER_TIYIN);

    setClock(midnight + 2 * 3600_000);
    await payme.cancel(paid.id, 5);
    takings = await report('takings', w, D, D1);
    expect(takings.days[0]).toMatchObject({ paid: 0, unpaid: ORDER_TIYIN, payme: 0 });
    expect(takings.totals.by_method.payme).toEqual({ orders: 0, amount: 0 });
    expect(takings.totals.revenue).toBe(ORDER_TIYIN);
  });

  it('a table closed at the till is paid at the table', async () => {
    const pw = await paymentWorld(ctx);
    const { w } = pw;
    setClock(Date.parse(`${D}T09:00:00Z`));
    await guestOrders(ctx, w, 2);
    await ok(apiCall(ctx, 'PUT', `/manager/tables/${w.tables[2]!._id}/close`, w.manager.token));
    const takings = await report('takings', w, D, D);
    expect(takings.totals).toMatchObject({ paid_orders: 1, paid: ORDER_TIYIN, unpaid: 0 });
    expect(takings.totals.by_method.table).toEqual({ orders: 1, amount: ORDER_TIYIN });
  });

  it('a rejected order: its amount and reason apart, not among the dishes, counted in the hours', async () => {
    const pw = await paymentWorld(ctx);
    setClock(Date.parse(`${D}T07:00:00Z`)); // 12:00 in Tashkent
    const kept = await guestOrders(ctx, pw.w, 0);
    const gone = await guestOrders(ctx, pw.w, 1);
    await status(pw, kept._id, 'accepted');
    await status(pw, gone._id, 'rejected', 'Mahsulot tugab qoldi');

    const takings = await report('takings', pw.w, D, D);
    expect(takings.totals).toMatchObject({
      orders: 2,
      rejected_orders: 1,
      rejected: ORDER_TIYIN,
      unpaid: ORDER_TIYIN,
      revenue: ORDER_TIYIN,
      average_check: ORDER_TIYIN,
    });
    const rejections = await report('rejections', pw.w, D, D);
    expect(rejections.totals).toEqual({ all_orders: 2, orders: 1, amount: ORDER_TIYIN });
    expect(rejections.reasons).toEqual([{ reason: 'Mahsulot tugab qoldi', orders: 1, amount: ORDER_TIYIN }]);
    const dishes = await report('dishes', pw.w, D, D);
    expect(dishes.dishes.map((d: { name: string; quantity: number }) => [d.name, d.quantity])).toEqual([
      ['Osh', 2],
      ['Choy', 1],
    ]);
    expect(dishes.choices).toEqual([
      { product_id: pw.w.osh.id, dish: 'Osh', option: 'Hajmi', row: 'Katta', quantity: 2 },
    ]);
    expect((await report('times', pw.w, D, D)).heat[1][12]).toBe(2);
  });
});

describe('times, stops and guests', () => {
  it('accept and kitchen times: the median and p90 of the day and of the period', async () => {
    const pw = await paymentWorld(ctx);
    const start = Date.parse(`${D}T06:00:00Z`);
    const waits = [
      [30, 300],
      [60, 600],
      [90, 900],
    ];
    for (const [i, [accept, ready]] of waits.entries()) {
      setClock(start + i * 3600_000);
      const o = await guestOrders(ctx, pw.w, i % 3);
      setClock(start + i * 3600_000 + (accept as number) * 1000);
      await status(pw, o._id, 'accepted');
      setClock(start + i * 3600_000 + ((accept as number) + (ready as number)) * 1000);
      await status(pw, o._id, 'ready');
    }
    const times = await report('times', pw.w, D, D);
    expect(times.totals.accept).toEqual({ count: 3, median: 60, p90: 90 });
    expect(times.totals.ready).toEqual({ count: 3, median: 600, p90: 900 });
    expect(times.days[0]).toMatchObject({ day: D, orders: 3, accept: { count: 3, median: 60, p90: 90 } });
    // the day before: none, as nulls (not zeros that look like data)
    expect(times.previous_totals.accept).toEqual({ count: 0, median: null, p90: null });
  });

  it('the stop-list: each time a dish was put on it, in the day it was', async () => {
    const pw = await paymentWorld(ctx);
    const stop = (action: 'stop' | 'resume') =>
      ok(
        apiCall(ctx, 'POST', '/manager/stop-list', pw.w.manager.token, {
          product_ids: [pw.w.osh.id],
          action,
        }),
      );
    setClock(Date.parse(`${D}T05:00:00Z`));
    await stop('stop');
    await stop('resume');
    await stop('stop');
    await stop('stop'); // already stopped: no change, not counted
    const dishes = await report('dishes', pw.w, D, D);
    expect(dishes.stops).toEqual([{ product_id: pw.w.osh.id, name: 'Osh', stops: 2 }]);
    // no order: every dish of the menu is "never ordered"
    expect(dishes.never_ordered.map((d: { name: string }) => d.name).sort()).toEqual(['Choy', 'Osh']);
    expect(dishes.dishes).toEqual([]);
  });

  it("the POS's stop-list counts too: a dish it stops, and stops again after taking it back", async () => {
    const pw = await paymentWorld(ctx);
    let minute = 0;
    const pos = (items: string[]) => {
      // a minute apart: the log reads in the order it was written
      setClock(Date.parse(`${D}T10:00:00Z`) + minute++ * 60_000);
      return ctx.app.transaction((tx) =>
        tx.catalog.stopList.applyPos(pw.w.restaurantId, { items: new Set(items), sizes: new Set() }),
      );
    };
    await pos(['ext-osh']);
    await pos(['ext-osh']); // unchanged: not counted again
    await pos([]);
    await pos(['ext-osh']);
    const dishes = await report('dishes', pw.w, D, D);
    expect(dishes.stops).toEqual([{ product_id: pw.w.osh.id, name: 'Osh', stops: 2 }]);
    const logged = await ctx.db
      .selectFrom('stop_list_events')
      .select(['stopped', 'source'])
      .where('restaurant_id', '=', pw.w.restaurantId)
      .orderBy('created_at')
      .execute();
    expect(logged).toEqual([
      { stopped: 1, source: 'pos' },
      { stopped: 0, source: 'pos' },
      { stopped: 1, source: 'pos' },
    ]);
  });

  it('guests: views by placement and language beside the orders', async () => {
    const pw = await paymentWorld(ctx);
    const table = pw.w.tables[0]!;
    await ctx.db
      .insertInto('visit_counts')
      .values([
        { restaurant_id: pw.w.restaurantId, day: D, placement_id: table._id, language: 'ru', views: 4 },
        { restaurant_id: pw.w.restaurantId, day: D, placement_id: '', language: 'uz', views: 6 },
        // the bot's Mini App: a source of its own, «Telegram», not a table (visits/stats.ts)
        { restaurant_id: pw.w.restaurantId, day: D, placement_id: 'telegram', language: 'uz', views: 3 },
      ])
      .execute();
    setClock(Date.parse(`${D}T08:00:00Z`));
    await guestOrders(ctx, pw.w, 0); // in Russian, at table 1
    const guests = await report('guests', pw.w, D, D);
    expect(guests.totals).toEqual({ views: 13, orders: 1, tables_viewed: 1, tables_ordered: 1 });
    expect(guests.placements).toEqual([
      { placement_id: null, name: null, views: 6, orders: 0 },
      { placement_id: table._id, name: table.name, views: 4, orders: 1 },
      { placement_id: 'telegram', name: 'Telegram', views: 3, orders: 0 },
    ]);
    expect(guests.languages).toEqual([
      { language: 'uz', views: 9, orders: 0 },
      { language: 'ru', views: 4, orders: 1 },
    ]);
  });
});

describe('the figures are kept', () => {
  it('a day built again from its raw rows gives the same figures', async () => {
    const pw = await paymentWorld(ctx);
    setClock(Date.parse(`${D}T06:00:00Z`));
    const a = await guestOrders(ctx, pw.w, 0);
    await guestOrders(ctx, pw.w, 1);
    await status(pw, a._id, 'accepted');
    const first = await report('takings', pw.w, D, D);
    const dishesFirst = await report('dishes', pw.w, D, D);
    await ctx.app.transaction(async (_tx, trx) => trx.reports.markDirty(pw.w.restaurantId, [D]));
    expect(await report('takings', pw.w, D, D)).toEqual(first);
    expect(await report('dishes', pw.w, D, D)).toEqual(dishesFirst);
    const rows = await ctx.db
      .selectFrom('report_dishes')
      .selectAll()
      .where('restaurant_id', '=', pw.w.restaurantId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('a read builds only marked days: figures of an unmarked day are not read from the orders again', async () => {
    const pw = await paymentWorld(ctx);
    setClock(Date.parse(`${D}T06:00:00Z`));
    await guestOrders(ctx, pw.w, 0);
    expect((await report('takings', pw.w, D, D)).totals.orders).toBe(1);
    const marks = await ctx.db
      .selectFrom('report_dirty')
      .selectAll()
      .where('restaurant_id', '=', pw.w.restaurantId)
      .execute();
    expect(marks).toEqual([]);
    // an order written behind the service's back is not seen until its day is marked
    await ctx.db
      .updateTable('orders')
      .set({ status: 'rejected' })
      .where('restaurant_id', '=', pw.w.restaurantId)
      .execute();
    expect((await report('takings', pw.w, D, D)).totals.rejected_orders).toBe(0);
    await ctx.app.transaction(async (_tx, trx) => trx.reports.markDirty(pw.w.restaurantId, [D]));
    expect((await report('takings', pw.w, D, D)).totals.rejected_orders).toBe(1);
  });
});

describe('bad input and limits', () => {
  it('a start after the end, a day that is none, a period too long: 400 with the field', async () => {
    const pw = await paymentWorld(ctx);
    const t = pw.w.manager.token;
    const after = await apiCall(ctx, 'GET', `/manager/reports/takings?from=${D1}&to=${D}`, t);
    expectError(after, 400, 'validation');
    expect(after.json().error.details).toEqual([{ path: 'from', message: 'After to' }]);
    expectError(await apiCall(ctx, 'GET', '/manager/reports/takings?from=2026-02-30&to=2026-03-01', t), 400);
    expectError(await apiCall(ctx, 'GET', '/manager/reports/takings?from=2026-03&to=2026-03-01', t), 400);
    expectError(await apiCall(ctx, 'GET', '/manager/reports/takings?to=2026-03-01', t), 400);
    const long = await apiCall(ctx, 'GET', '/manager/reports/dishes?from=2025-01-01&to=2026-01-02', t);
    expectError(long, 400);
    expect(long.json().error.details[0].path).toBe('to');
    // a leap year's 366 days are allowed
    await ok(apiCall(ctx, 'GET', '/manager/reports/dishes?from=2024-01-01&to=2024-12-31', t));
    expectError(
      await apiCall(ctx, 'GET', `/manager/reports/takings/export?from=${D}&to=${D}&format=pdf`, t),
      400,
    );
  });

  it("another restaurant's id 404, a manager asking for all restaurants 403, an admin naming none 400", async () => {
    const pw = await paymentWorld(ctx);
    const other = await createRestaurant(ctx, { manager_id: (await createUser(ctx, 'manager')).id });
    const t = pw.w.manager.token;
    const q = `from=${D}&to=${D}`;
    expectError(await apiCall(ctx, 'GET', `/manager/reports/takings?${q}&restaurant_id=${other.id}`, t), 404);
    expectError(
      await apiCall(
        ctx,
        'GET',
        `/manager/reports/dishes/export?${q}&format=csv&restaurant_id=${other.id}`,
        t,
      ),
      404,
    );
    expectError(await apiCall(ctx, 'GET', `/admin/reports/restaurants?${q}`, t), 403);
    expectError(await apiCall(ctx, 'GET', `/admin/reports/restaurants/export?${q}&format=csv`, t), 403);
    expectError(await apiCall(ctx, 'GET', `/manager/reports/takings?${q}`, admin.token), 400);
    expectError(
      await apiCall(ctx, 'GET', `/manager/reports/takings?${q}&restaurant_id=nope`, admin.token),
      404,
    );
    expectError(
      await apiCall(
        ctx,
        'GET',
        `/admin/reports/restaurants?${q}&restaurant_ids=${other.id},nope`,
        admin.token,
      ),
      404,
    );
    expectError(await apiCall(ctx, 'GET', `/manager/reports/takings?${q}`), 401);
    // an admin reads any restaurant's
    await ok(apiCall(ctx, 'GET', `/manager/reports/takings?${q}&restaurant_id=${other.id}`, admin.token));
  });

  it('an empty period answers zeros with no average and no times, so the page shows its empty state', async () => {
    const pw = await paymentWorld(ctx);
    const takings = await report('takings', pw.w, '2020-01-01', '2020-01-07');
    expect(takings.totals).toMatchObject({ orders: 0, revenue: 0, average_check: null });
    expect(takings.days).toHaveLength(7);
    expect(takings.previous).toEqual({ from: '2019-12-25', to: '2019-12-31', days: 7 });
  });
});

describe('the admin side by side, and the files', () => {
  it('two restaurants compared, in the order named; every one without names', async () => {
    const a = await paymentWorld(ctx);
    const b = await paymentWorld(ctx);
    setClock(Date.parse(`${D}T06:00:00Z`));
    await guestOrders(ctx, a.w, 0);
    await guestOrders(ctx, b.w, 0);
    await guestOrders(ctx, b.w, 1);
    const q = `from=${D}&to=${D}&restaurant_ids=${b.w.restaurantId},${a.w.restaurantId}`;
    const both = (await ok(apiCall(ctx, 'GET', `/admin/reports/restaurants?${q}`, admin.token))).data;
    expect(
      both.restaurants.map((r: { _id: string; totals: { orders: number } }) => [r._id, r.totals.orders]),
    ).toEqual([
      [b.w.restaurantId, 2],
      [a.w.restaurantId, 1],
    ]);
    const all = (await ok(apiCall(ctx, 'GET', `/admin/reports/restaurants?from=${D}&to=${D}`, admin.token)))
      .data;
    expect(all.restaurants.map((r: { _id: string }) => r._id)).toEqual(
      expect.arrayContaining([a.w.restaurantId, b.w.restaurantId]),
    );
    const xlsx = await apiCall(ctx, 'GET', `/admin/reports/restaurants/export?${q}&format=xlsx`, admin.token);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(xlsx.rawPayload, 2);
    expect(sheet[1]?.[1]).toBe(2);
    expect(sheet[1]?.[4]).toBe(150000);
  });

  it("CSV and XLSX: the same figures, numbers as numbers, so'm with the tiyin", async () => {
    const pw = await paymentWorld(ctx);
    // a price with tiyin: 12 345.67 so'm
    await ctx.db.updateTable('products').set({ price: 12345.67 }).where('id', '=', pw.w.tea.id).execute();
    setClock(Date.parse(`${D}T06:00:00Z`));
    await ok(
      placeAs(ctx, {
        ...basket(pw.w, 0),
        items: [{ product_id: pw.w.tea.id, quantity: 2, price: 12345.67 }],
      }),
      201,
    );
    const url = (format: string) => `/manager/reports/takings/export?from=${D}&to=${D}&format=${format}`;
    const csv = await apiCall(ctx, 'GET', url('csv'), pw.w.manager.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="hisobot-takings-${D}-${D}.csv"`);
    expect(csv.body.startsWith('\uFEFFDavr\r\n')).toBe(true);
    expect(csv.body).toContain(`\r\n${D},1,0,0.00,24691.34,0.00,,0.00,0.00,0.00\r\n`);

    const xlsx = await apiCall(ctx, 'GET', url('xlsx'), pw.w.manager.token);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readSheet(xlsx.rawPayload, 2);
    expect(sheet[0]?.[0]).toBe('Kun');
    expect(sheet[1]).toEqual([D, 1, 0, 0, 24691.34, 0, null, 0, 0, 0]);

    // every report has its files
    for (const kind of ['dishes', 'times', 'guests', 'rejections']) {
      for (const format of ['csv', 'xlsx']) {
        const res = await apiCall(
          ctx,
          'GET',
          `/manager/reports/${kind}/export?from=${D}&to=${D}&format=${format}`,
          pw.w.manager.token,
        );
        expect(res.statusCode, `${kind} ${format}`).toBe(200);
      }
    }
    const dishes = await readSheet(
      (
        await apiCall(
          ctx,
          'GET',
          `/manager/reports/dishes/export?from=${D}&to=${D}&format=xlsx`,
          pw.w.manager.token,
        )
      ).rawPayload,
      2,
    );
    expect(dishes[1]).toEqual(['Choy', 2, 1, 24691.34, 0, 0]);
  });

  it('a text that Excel would run as a formula is written as text in the CSV', async () => {
    const pw = await paymentWorld(ctx);
    setClock(Date.parse(`${D}T06:00:00Z`));
    const o = await guestOrders(ctx, pw.w, 0);
    await status(pw, o._id, 'rejected', '=HYPERLINK("http://x")');
    const csv = await apiCall(
      ctx,
      'GET',
      `/manager/reports/rejections/export?from=${D}&to=${D}&format=csv`,
      pw.w.manager.token,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")",1,75000.00`);
  });
});
