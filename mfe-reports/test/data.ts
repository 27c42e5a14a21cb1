/** Report answers for the page tests, in the shapes of `@qrmenu/shared/schemas` (reports.ts). */
import type {
  DishesReport,
  GuestsReport,
  RejectionsReport,
  RestaurantsCompareReport,
  TakingsReport,
  TakingsTotals,
  TimesReport,
} from '@qrmenu/shared/schemas';
import { addDays, daysBetween } from '../src/period/period';

const periods = (from: string, to: string) => {
  const days = daysBetween(from, to);
  return {
    period: { from, to, days },
    previous: { from: addDays(from, -days), to: addDays(from, -1), days },
  };
};

export const totals = (orders: number, paid: number, unpaid = 0): TakingsTotals => ({
  orders,
  rejected_orders: 0,
  paid_orders: orders,
  revenue: paid + unpaid,
  paid,
  unpaid,
  rejected: 0,
  average_check: orders > 0 ? Math.round((paid + unpaid) / orders) : null,
  by_method: {
    payme: { orders, amount: paid },
    click: { orders: 0, amount: 0 },
    table: { orders: 0, amount: 0 },
  },
});

export function takings(from: string, to: string, orders = 3): TakingsReport {
  const p = periods(from, to);
  const days = Array.from({ length: p.period.days }, (_, i) => ({
    day: addDays(from, i),
    orders: i === 0 ? orders : 0,
    rejected_orders: 0,
    paid: i === 0 ? orders * 7_500_000 : 0,
    unpaid: 0,
    rejected: 0,
    payme: i === 0 ? orders * 7_500_000 : 0,
    click: 0,
    table: 0,
  }));
  return {
    ...p,
    totals: totals(orders, orders * 7_500_000),
    previous_totals: totals(2, 2 * 7_500_000),
    days,
  };
}

export function dishes(from: string, to: string): DishesReport {
  return {
    ...periods(from, to),
    totals: { quantity: 5, revenue: 16_500_000 },
    previous_totals: { quantity: 0, revenue: 0 },
    dishes: [
      {
        product_id: 'p1',
        name: 'Osh',
        quantity: 4,
        orders: 2,
        revenue: 14_000_000,
        previous_quantity: 0,
        previous_revenue: 0,
      },
      {
        product_id: 'p2',
        name: 'Choy',
        quantity: 1,
        orders: 1,
        revenue: 500_000,
        previous_quantity: 0,
        previous_revenue: 0,
      },
    ],
    never_ordered: [{ product_id: 'p3', name: 'Manti', active: false }],
    choices: [{ product_id: 'p1', dish: 'Osh', option: 'Hajmi', row: 'Katta', quantity: 4 }],
    stops: [{ product_id: 'p1', name: 'Osh', stops: 2 }],
  };
}

export function times(from: string, to: string): TimesReport {
  const p = periods(from, to);
  const heat = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  (heat[4] as number[])[19] = 6;
  const stats = { count: 3, median: 90, p90: 300 };
  return {
    ...p,
    heat,
    totals: { accept: stats, ready: { count: 3, median: 600, p90: 1200 } },
    previous_totals: {
      accept: { count: 1, median: 120, p90: 120 },
      ready: { count: 0, median: null, p90: null },
    },
    days: Array.from({ length: p.period.days }, (_, i) => ({
      day: addDays(from, i),
      orders: i === 0 ? 6 : 0,
      accept: i === 0 ? stats : { count: 0, median: null, p90: null },
      ready: i === 0 ? { count: 3, median: 600, p90: 1200 } : { count: 0, median: null, p90: null },
    })),
  };
}

export function guests(from: string, to: string): GuestsReport {
  return {
    ...periods(from, to),
    totals: { views: 40, orders: 10, tables_viewed: 4, tables_ordered: 3 },
    previous_totals: { views: 20, orders: 10, tables_viewed: 2, tables_ordered: 2 },
    placements: [
      { placement_id: 'pl1', name: 'Stol 1', views: 30, orders: 8 },
      { placement_id: null, name: null, views: 10, orders: 2 },
    ],
    languages: [{ language: 'uz', views: 40, orders: 10 }],
  };
}

export function rejections(from: string, to: string): RejectionsReport {
  return {
    ...periods(from, to),
    totals: { all_orders: 10, orders: 2, amount: 15_000_000 },
    previous_totals: { all_orders: 5, orders: 1, amount: 7_500_000 },
    reasons: [{ reason: 'Oshxona hozir band', orders: 2, amount: 15_000_000 }],
  };
}

export function restaurants(from: string, to: string): RestaurantsCompareReport {
  return {
    ...periods(from, to),
    restaurants: [
      { _id: 'r1', name: 'Rayhon', totals: totals(12, 90_000_000), previous_totals: totals(10, 80_000_000) },
      { _id: 'r2', name: 'Afsona', totals: totals(5, 30_000_000), previous_totals: totals(6, 40_000_000) },
      { _id: 'r3', name: 'Bahor', totals: totals(1, 5_000_000), previous_totals: totals(0, 0) },
    ],
  };
}
