/**
 * «Hisobot» on a seeded year (reports-year.ts): every report's figures, read through the API from
 * the daily figures, equal a direct count over the raw rows, for the whole year and for shorter
 * periods inside it (a week across a month's end, thirty days, one day). `pnpm test` runs a
 * smaller year (5,000 orders over 365 days, 80 dishes); `pnpm bench:reports` the full one
 * (100,000 orders) with the same check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/visits/day';
import { apiCall, createRestaurant, createUser, type TestUser } from './helpers';
import { ok } from './orders-support';
import { type DirectCounts, directCounts, noOrdersDay, seedYear, type YearWorld } from './reports-year';
import { fileApp } from './world';

let manager: TestUser;
let year: YearWorld;

const LAST_DAY = '2026-06-30';

const ctx = fileApp();

beforeAll(async () => {
  manager = await createUser(ctx, 'manager');
  const restaurant = await createRestaurant(ctx, { manager_id: manager.id });
  year = await seedYear(ctx.app, {
    seed: 43,
    orders: 5_000,
    days: 365,
    dishes: 80,
    lastDay: LAST_DAY,
    restaurantId: restaurant.id,
  });
}, 120_000);

const read = async (kind: string, from: string, to: string) =>
  (await ok(apiCall(ctx, 'GET', `/manager/reports/${kind}?from=${from}&to=${to}`, manager.token))).data;

/** Every report of `from`..`to` against the direct count. */
async function holds(from: string, to: string, direct: DirectCounts) {
  const takings = await read('takings', from, to);
  const t = direct.takings;
  expect(takings.totals).toMatchObject({
    orders: t.orders,
    rejected_orders: t.rejected_orders,
    paid_orders: t.paid_orders,
    paid: t.paid,
    unpaid: t.unpaid,
    rejected: t.rejected,
    revenue: t.paid + t.unpaid,
    by_method: {
      payme: { amount: t.payme },
      click: { amount: t.click },
      table: { amount: t.table },
    },
  });
  for (const d of takings.days) {
    const want = direct.days.get(d.day) ?? noOrdersDay();
    expect({
      day: d.day,
      orders: d.orders,
      paid: d.paid,
      unpaid: d.unpaid,
      rejected: d.rejected,
      payme: d.payme,
      click: d.click,
      table: d.table,
    }).toEqual({ day: d.day, ...want });
  }

  const dishes = await read('dishes', from, to);
  expect(
    new Map(
      dishes.dishes.map((d: { product_id: string; quantity: number; revenue: number; orders: number }) => [
        d.product_id,
        { quantity: d.quantity, revenue: d.revenue, orders: d.orders },
      ]),
    ),
  ).toEqual(direct.dishes);
  expect(
    new Map(
      dishes.choices.map((c: { product_id: string; option: string; row: string; quantity: number }) => [
        `${c.product_id}/${c.option}/${c.row}`,
        c.quantity,
      ]),
    ),
  ).toEqual(direct.choices);
  expect(
    new Map(dishes.stops.map((s: { product_id: string; stops: number }) => [s.product_id, s.stops])),
  ).toEqual(direct.stops);
  // the never ordered are the menu's dishes without a count
  expect(dishes.never_ordered.map((d: { product_id: string }) => d.product_id).sort()).toEqual(
    year.productIds.filter((id) => !direct.dishes.has(id)).sort(),
  );

  const times = await read('times', from, to);
  expect(times.heat).toEqual(direct.heat);
  expect(times.totals).toEqual({ accept: direct.accept, ready: direct.ready });

  const guests = await read('guests', from, to);
  /** The guests' report's rows by what `key` reads: the views and orders of each. */
  const seenAndOrdered = <R extends { views: number; orders: number }>(rows: R[], key: (row: R) => string) =>
    new Map(rows.map((row) => [key(row), { views: row.views, orders: row.orders }]));
  expect(
    seenAndOrdered(
      guests.placements,
      (p: { placement_id: string | null; views: number; orders: number }) => p.placement_id ?? '',
    ),
  ).toEqual(direct.placements);
  expect(
    seenAndOrdered(guests.languages, (l: { language: string; views: number; orders: number }) => l.language),
  ).toEqual(direct.languages);

  const rejections = await read('rejections', from, to);
  expect(
    new Map(
      rejections.reasons.map((r: { reason: string; orders: number; amount: number }) => [
        r.reason,
        { orders: r.orders, amount: r.amount },
      ]),
    ),
  ).toEqual(direct.reasons);
  expect(rejections.totals).toEqual({ all_orders: t.orders, orders: t.rejected_orders, amount: t.rejected });
  return takings;
}

describe('a seeded year: every figure equals a direct count over the raw rows', () => {
  it('the whole year, and the year before it empty', async () => {
    const takings = await holds(
      year.from,
      year.to,
      await directCounts(ctx.db, year.restaurantId, year.from, year.to),
    );
    expect(takings.totals.orders).toBe(5_000);
    expect(takings.days).toHaveLength(365);
    expect(takings.previous_totals.orders).toBe(0);
  });

  it.each([
    ['a week across a month end', '2026-01-28', '2026-02-03'],
    ['thirty days', addDays(LAST_DAY, -29), LAST_DAY],
    ['one day', '2026-03-14', '2026-03-14'],
  ])('%s', async (_name, from, to) => {
    await holds(from, to, await directCounts(ctx.db, year.restaurantId, from, to));
  });

  it('the previous period is the direct count of the days before', async () => {
    const from = '2026-05-01';
    const to = '2026-05-31';
    const takings = await read('takings', from, to);
    const before = await directCounts(ctx.db, year.restaurantId, '2026-03-31', '2026-04-30');
    expect(takings.previous).toEqual({ from: '2026-03-31', to: '2026-04-30', days: 31 });
    expect(takings.previous_totals).toMatchObject({
      orders: before.takings.orders,
      paid: before.takings.paid,
    });
  });
});
