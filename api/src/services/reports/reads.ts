/**
 * The reports as the page reads them (shared `schemas/reports.ts`), each for a period and the one
 * a step earlier, from the daily figures only (build.ts refreshes the marked days first). The
 * guests' report adds the menu views the visits keep per day (`visit_counts`).
 */
import type {
  DishesReport,
  DurationStats,
  GuestsReport,
  RejectionsReport,
  RestaurantsCompareReport,
  TakingsReport,
  TakingsTotals,
  TimesReport,
} from '@qrmenu/shared/schemas';
import type { Repositories } from '../../repos';
import type { Restaurants } from '../../repos/reports';
import { TELEGRAM_SOURCE } from '../../visits/stats';
import { refresh } from './build';
import { percentile } from './figures';
import { daysOf, inSpan, type Periods, type Span } from './period';

type DayRow = Awaited<ReturnType<Repositories['reports']['days']>>[number];

const withRefresh = async (repos: Repositories, restaurants: Restaurants, p: Periods) =>
  refresh(repos, restaurants, p.previous.from, p.period.to);

export function takingsTotals(rows: readonly DayRow[]): TakingsTotals {
  const sum = (k: keyof Omit<DayRow, 'restaurant_id' | 'day' | 'accept_seconds' | 'ready_seconds'>) =>
    rows.reduce((s, r) => s + r[k], 0);
  const orders = sum('orders');
  const rejectedOrders = sum('rejected_orders');
  const paid = sum('paid');
  const unpaid = sum('unpaid');
  const kept = orders - rejectedOrders;
  return {
    orders,
    rejected_orders: rejectedOrders,
    paid_orders: sum('paid_orders'),
    revenue: paid + unpaid,
    paid,
    unpaid,
    rejected: sum('rejected'),
    average_check: kept > 0 ? Math.round((paid + unpaid) / kept) : null,
    by_method: {
      payme: { orders: sum('payme_orders'), amount: sum('payme') },
      click: { orders: sum('click_orders'), amount: sum('click') },
      table: { orders: sum('table_orders'), amount: sum('at_table') },
    },
  };
}

const periodsAnswer = (p: Periods) => ({ period: p.period, previous: p.previous });
const within = (rows: readonly DayRow[], span: Span) => rows.filter((r) => inSpan(span, r.day));

export async function takingsReport(
  repos: Repositories,
  restaurantId: string,
  p: Periods,
): Promise<TakingsReport> {
  await withRefresh(repos, [restaurantId], p);
  const rows = await repos.reports.days([restaurantId], p.previous.from, p.period.to);
  const current = within(rows, p.period);
  const byDay = new Map(current.map((r) => [r.day, r]));
  return {
    ...periodsAnswer(p),
    totals: takingsTotals(current),
    previous_totals: takingsTotals(within(rows, p.previous)),
    days: daysOf(p.period).map((day) => {
      const r = byDay.get(day);
      return {
        day,
        orders: r?.orders ?? 0,
        rejected_orders: r?.rejected_orders ?? 0,
        paid: r?.paid ?? 0,
        unpaid: r?.unpaid ?? 0,
        rejected: r?.rejected ?? 0,
        payme: r?.payme ?? 0,
        click: r?.click ?? 0,
        table: r?.at_table ?? 0,
      };
    }),
  };
}

/** Restaurants side by side (the admin's): every one, or those of `ids`, by name. */
export async function compareReport(
  repos: Repositories,
  ids: Restaurants,
  p: Periods,
): Promise<RestaurantsCompareReport> {
  await withRefresh(repos, ids, p);
  const names = await repos.reports.restaurantNames(ids);
  const rows = await repos.reports.days(ids, p.previous.from, p.period.to);
  const of = new Map<string, DayRow[]>();
  for (const r of rows) of.set(r.restaurant_id, [...(of.get(r.restaurant_id) ?? []), r]);
  const order = ids ? new Map(ids.map((id, i) => [id, i])) : undefined;
  const restaurants = names
    .map((r) => {
      const own = of.get(r.id) ?? [];
      return {
        _id: r.id,
        name: r.name,
        totals: takingsTotals(within(own, p.period)),
        previous_totals: takingsTotals(within(own, p.previous)),
      };
    })
    .sort((a, b) =>
      order
        ? (order.get(a._id) ?? 0) - (order.get(b._id) ?? 0)
        : b.totals.revenue - a.totals.revenue || a.name.localeCompare(b.name),
    );
  return { ...periodsAnswer(p), restaurants };
}

/** Merges the name read last (by its last day) per id. */
function latestNames<T extends { last_day: string; name: string }>(
  rows: readonly T[],
  key: (r: T) => string,
) {
  const names = new Map<string, { name: string; last: string }>();
  for (const r of rows) {
    const k = key(r);
    const seen = names.get(k);
    if (!seen || r.last_day > seen.last || (r.last_day === seen.last && r.name > seen.name)) {
      names.set(k, { name: r.name, last: r.last_day });
    }
  }
  return names;
}

export async function dishesReport(
  repos: Repositories,
  restaurantId: string,
  p: Periods,
): Promise<DishesReport> {
  await withRefresh(repos, [restaurantId], p);
  // side by side: on PostgreSQL each read takes a connection of its own
  const [rows, menu, choiceRows, stopRows] = await Promise.all([
    repos.reports.dishes(restaurantId, p.previous.from, p.period.from, p.period.to),
    repos.products.list({ restaurantId }),
    repos.reports.choices(restaurantId, p.period.from, p.period.to),
    repos.reports.stops(restaurantId, p.period.from, p.period.to),
  ]);
  const names = latestNames(
    rows.flatMap((r) => (r.last_day === null ? [] : [{ ...r, last_day: r.last_day }])),
    (r) => r.product_id,
  );
  const current = new Map<string, { name: string; quantity: number; orders: number; revenue: number }>();
  const previous = new Map<string, { quantity: number; revenue: number }>();
  for (const r of rows) {
    if (r.last_day !== null) {
      const d = current.get(r.product_id) ?? {
        name: names.get(r.product_id)?.name ?? r.name,
        quantity: 0,
        orders: 0,
        revenue: 0,
      };
      d.quantity += r.quantity;
      d.orders += r.orders;
      d.revenue += r.revenue;
      current.set(r.product_id, d);
    }
    const b = previous.get(r.product_id) ?? { quantity: 0, revenue: 0 };
    b.quantity += r.previous_quantity;
    b.revenue += r.previous_revenue;
    previous.set(r.product_id, b);
  }
  const dishes = [...current]
    .map(([product_id, d]) => ({
      product_id,
      ...d,
      previous_quantity: previous.get(product_id)?.quantity ?? 0,
      previous_revenue: previous.get(product_id)?.revenue ?? 0,
    }))
    .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.name.localeCompare(b.name));
  const never_ordered = menu
    .filter((m) => !current.has(m._id))
    .map((m) => ({ product_id: m._id, name: m.name, active: m.is_active }));
  const dishName = (id: string) => current.get(id)?.name ?? menu.find((m) => m._id === id)?.name ?? id;
  const choices = choiceRows
    .map((c) => ({
      product_id: c.product_id,
      dish: dishName(c.product_id),
      option: c.option_name,
      row: c.row_name,
      quantity: c.quantity,
    }))
    .sort((a, b) => b.quantity - a.quantity || a.dish.localeCompare(b.dish) || a.row.localeCompare(b.row));
  const stopNames = latestNames(stopRows, (r) => r.product_id);
  const stopsOf = new Map<string, number>();
  for (const r of stopRows) stopsOf.set(r.product_id, (stopsOf.get(r.product_id) ?? 0) + r.stops);
  const stops = [...stopsOf]
    .map(([product_id, n]) => ({ product_id, name: stopNames.get(product_id)?.name ?? product_id, stops: n }))
    .sort((a, b) => b.stops - a.stops || a.name.localeCompare(b.name));
  const totalOf = (m: ReadonlyMap<string, { quantity: number; revenue: number }>) => {
    let quantity = 0;
    let revenue = 0;
    for (const d of m.values()) {
      quantity += d.quantity;
      revenue += d.revenue;
    }
    return { quantity, revenue };
  };
  return {
    ...periodsAnswer(p),
    totals: totalOf(current),
    previous_totals: totalOf(previous),
    dishes,
    never_ordered,
    choices,
    stops,
  };
}

/** Monday 0 ... Sunday 6 of a day. */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

export function durationStats(sorted: ArrayLike<number>): DurationStats {
  return { count: sorted.length, median: percentile(sorted, 50), p90: percentile(sorted, 90) };
}

/** Every day's times of a kind, sorted (a typed array sorts numbers natively: a year is ~100,000). */
function allSorted(rows: readonly DayRow[], key: 'accept_seconds' | 'ready_seconds'): Int32Array {
  const out = new Int32Array(rows.reduce((n, r) => n + r[key].length, 0));
  let at = 0;
  for (const r of rows) {
    out.set(r[key], at);
    at += r[key].length;
  }
  return out.sort();
}

export async function timesReport(
  repos: Repositories,
  restaurantId: string,
  p: Periods,
): Promise<TimesReport> {
  await withRefresh(repos, [restaurantId], p);
  // side by side: on PostgreSQL each read takes a connection of its own
  const [hours, rows] = await Promise.all([
    repos.reports.hours(restaurantId, p.period.from, p.period.to),
    repos.reports.days([restaurantId], p.previous.from, p.period.to, true),
  ]);
  const heat = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const h of hours) {
    const row = heat[weekday(h.day)] as number[];
    row[h.hour] = (row[h.hour] ?? 0) + h.orders;
  }
  const current = within(rows, p.period);
  const previous = within(rows, p.previous);
  const byDay = new Map(current.map((r) => [r.day, r]));
  return {
    ...periodsAnswer(p),
    heat,
    totals: {
      accept: durationStats(allSorted(current, 'accept_seconds')),
      ready: durationStats(allSorted(current, 'ready_seconds')),
    },
    previous_totals: {
      accept: durationStats(allSorted(previous, 'accept_seconds')),
      ready: durationStats(allSorted(previous, 'ready_seconds')),
    },
    days: daysOf(p.period).map((day) => {
      const r = byDay.get(day);
      return {
        day,
        orders: r?.orders ?? 0,
        accept: durationStats(r?.accept_seconds ?? []),
        ready: durationStats(r?.ready_seconds ?? []),
      };
    }),
  };
}

export async function guestsReport(
  repos: Repositories,
  restaurantId: string,
  p: Periods,
): Promise<GuestsReport> {
  await withRefresh(repos, [restaurantId], p);
  // both periods in one pass of each table, split at the period's first day
  // side by side: on PostgreSQL each read takes a connection of its own
  const [views, orders] = await Promise.all([
    repos.visits.viewsBetween(restaurantId, p.previous.from, p.period.from, p.period.to),
    repos.reports.sources(restaurantId, p.previous.from, p.period.from, p.period.to),
  ]);
  const orderNames = latestNames(
    orders.flatMap((o) => (o.last_day === null ? [] : [{ ...o, last_day: o.last_day }])),
    (r) => r.placement_id,
  );
  const funnel = (pick: 'current' | 'previous') => {
    const placements = new Map<string, { name: string | null; views: number; orders: number }>();
    const languages = new Map<string, { views: number; orders: number }>();
    for (const v of views) {
      const n = pick === 'current' ? v.views : v.previous_views;
      if (n === 0) continue;
      const pl = placements.get(v.placement_id) ?? { name: v.name, views: 0, orders: 0 };
      pl.views += n;
      placements.set(v.placement_id, pl);
      const lang = languages.get(v.language) ?? { views: 0, orders: 0 };
      lang.views += n;
      languages.set(v.language, lang);
    }
    for (const o of orders) {
      const n = pick === 'current' ? o.orders : o.previous_orders;
      if (n === 0) continue;
      const pl = placements.get(o.placement_id) ?? {
        name: o.placement_id ? (orderNames.get(o.placement_id)?.name ?? o.name) : null,
        views: 0,
        orders: 0,
      };
      pl.orders += n;
      placements.set(o.placement_id, pl);
      const lang = languages.get(o.language) ?? { views: 0, orders: 0 };
      lang.orders += n;
      languages.set(o.language, lang);
    }
    let viewsTotal = 0;
    let ordersTotal = 0;
    let tablesViewed = 0;
    let tablesOrdered = 0;
    for (const [id, pl] of placements) {
      viewsTotal += pl.views;
      ordersTotal += pl.orders;
      // the bot's Mini App is a source, not a table
      const table = id !== '' && id !== TELEGRAM_SOURCE;
      if (table && pl.views > 0) tablesViewed++;
      if (table && pl.orders > 0) tablesOrdered++;
    }
    return {
      totals: {
        views: viewsTotal,
        orders: ordersTotal,
        tables_viewed: tablesViewed,
        tables_ordered: tablesOrdered,
      },
      placements: [...placements]
        .map(([id, pl]) => ({
          placement_id: id === '' ? null : id,
          // the bot's Mini App's visits by the name the visits' stats give them (visits/stats.ts)
          name: id === '' ? null : id === TELEGRAM_SOURCE ? 'Telegram' : pl.name,
          views: pl.views,
          orders: pl.orders,
        }))
        .sort(
          (a, b) => b.views - a.views || b.orders - a.orders || (a.name ?? '').localeCompare(b.name ?? ''),
        ),
      languages: [...languages]
        .map(([language, l]) => ({ language, ...l }))
        .sort((a, b) => b.views - a.views || b.orders - a.orders || a.language.localeCompare(b.language)),
    };
  };
  const current = funnel('current');
  const previous = funnel('previous');
  return {
    ...periodsAnswer(p),
    totals: current.totals,
    previous_totals: previous.totals,
    placements: current.placements,
    languages: current.languages,
  };
}

export async function rejectionsReport(
  repos: Repositories,
  restaurantId: string,
  p: Periods,
): Promise<RejectionsReport> {
  await withRefresh(repos, [restaurantId], p);
  const rows = await repos.reports.days([restaurantId], p.previous.from, p.period.to);
  const totals = (span: Span) => {
    const t = takingsTotals(within(rows, span));
    return { all_orders: t.orders, orders: t.rejected_orders, amount: t.rejected };
  };
  const reasons = (await repos.reports.rejects(restaurantId, p.period.from, p.period.to)).sort(
    (a, b) => b.orders - a.orders || b.amount - a.amount || a.reason.localeCompare(b.reason),
  );
  return { ...periodsAnswer(p), totals: totals(p.period), previous_totals: totals(p.previous), reasons };
}
