/**
 * A restaurant's day in figures, from its raw rows (docs/REPORTS.md, "What is counted"): the one
 * rule of what each figure means, used to build a day and nothing else. Pure: no database.
 *
 * - Every order counts on its own Tashkent day (`orders.day`), whenever it was paid: a payment made
 *   after midnight is the sale's, not the next day's.
 * - Its amount is its total in tiyin (the menu's prices when it was placed).
 * - Its state: `rejected`; `paid` when its bill was paid from the phone (Payme, Click: the copy of
 *   the payment on the order) or closed by the staff («Hisob yopildi»: paid at the table);
 *   `unpaid` otherwise (no bill yet, an open bill, a payment cancelled after it was made).
 * - Dishes, options and rows count the orders that were not rejected; the hours, the placements
 *   and languages count every order the guests sent.
 * - Accept time: from the order's arrival to «Qabul qilish»; kitchen time: from «Qabul qilish» to
 *   «Tayyor»; whole seconds.
 */
import type { OrderRow } from '../../db';
import { parseLines } from '../../repos/orders';
import type { StoredDay } from '../../repos/reports';
import { somToTiyin } from '../payments/money';

const TASHKENT_OFFSET_MS = 5 * 3600_000;

/** The raw rows of a restaurant's day a rebuild reads. */
export interface DayRaw {
  orders: Pick<
    OrderRow,
    | 'status'
    | 'reject_reason'
    | 'placement_id'
    | 'table_name'
    | 'language'
    | 'items'
    | 'total'
    | 'created_at'
    | 'accepted_at'
    | 'ready_at'
    | 'payment_status'
    | 'payment_method'
    | 'bill_id'
  >[];
  /** The ids of the bills of those orders that the staff closed (paid at the table). */
  closedBills: ReadonlySet<string>;
  /** The day's stop-list events. */
  stops: { product_id: string; name: string; stopped: number; created_at: string }[];
}

export type PaidBy = 'payme' | 'click' | 'table';

/** A day's figures: what the reports repository stores for it. */
export type DayFigures = StoredDay;

/** Tashkent's hour (0-23) of an ISO time. */
export const tashkentHour = (iso: string): number =>
  new Date(Date.parse(iso) + TASHKENT_OFFSET_MS).getUTCHours();

/** Whole seconds from `from` to `to` (ISO times), never below 0. */
export const secondsBetween = (from: string, to: string): number =>
  Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 1000));

/** How an order was paid, or null: not paid (rejected orders are never asked). */
export function paidBy(order: DayRaw['orders'][number], closedBills: ReadonlySet<string>): PaidBy | null {
  if (
    order.payment_status === 'paid' &&
    (order.payment_method === 'payme' || order.payment_method === 'click')
  ) {
    return order.payment_method;
  }
  if (order.bill_id && closedBills.has(order.bill_id)) return 'table';
  return null;
}

function bump<K>(map: Map<K, number>, key: K, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

export function dayFigures(raw: DayRaw): DayFigures {
  const t: DayFigures['totals'] = {
    orders: 0,
    rejected_orders: 0,
    paid_orders: 0,
    paid: 0,
    unpaid: 0,
    rejected: 0,
    payme_orders: 0,
    payme: 0,
    click_orders: 0,
    click: 0,
    table_orders: 0,
    at_table: 0,
    accept_seconds: [],
    ready_seconds: [],
  };
  const dishes = new Map<string, DayFigures['dishes'][number]>();
  const choices = new Map<string, DayFigures['choices'][number]>();
  const hours = new Map<number, number>();
  const sources = new Map<string, DayFigures['sources'][number]>();
  const rejects = new Map<string, DayFigures['rejects'][number]>();

  // oldest first, so a name taken "from the last order" is the day's latest
  const orders = [...raw.orders].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const o of orders) {
    const amount = somToTiyin(o.total);
    t.orders++;
    bump(hours, tashkentHour(o.created_at), 1);
    const placement = o.placement_id ?? '';
    const sourceKey = `${placement}\u0000${o.language}`;
    const source = sources.get(sourceKey) ?? {
      placement_id: placement,
      language: o.language,
      name: '',
      orders: 0,
    };
    source.name = o.table_name;
    source.orders++;
    sources.set(sourceKey, source);
    if (o.accepted_at) t.accept_seconds.push(secondsBetween(o.created_at, o.accepted_at));
    if (o.accepted_at && o.ready_at) t.ready_seconds.push(secondsBetween(o.accepted_at, o.ready_at));

    if (o.status === 'rejected') {
      t.rejected_orders++;
      t.rejected += amount;
      const reason = (o.reject_reason ?? '').trim();
      const r = rejects.get(reason) ?? { reason, orders: 0, amount: 0 };
      r.orders++;
      r.amount += amount;
      rejects.set(reason, r);
      continue;
    }

    const by = paidBy(o, raw.closedBills);
    if (by) {
      t.paid_orders++;
      t.paid += amount;
      if (by === 'payme') {
        t.payme_orders++;
        t.payme += amount;
      } else if (by === 'click') {
        t.click_orders++;
        t.click += amount;
      } else {
        t.table_orders++;
        t.at_table += amount;
      }
    } else {
      t.unpaid += amount;
    }

    const seen = new Set<string>();
    for (const line of parseLines(o.items)) {
      const dish = dishes.get(line.product_id) ?? {
        product_id: line.product_id,
        name: line.name,
        quantity: 0,
        orders: 0,
        revenue: 0,
      };
      dish.name = line.name;
      dish.quantity += line.quantity;
      dish.revenue += somToTiyin(line.price) * line.quantity;
      if (!seen.has(line.product_id)) dish.orders++;
      seen.add(line.product_id);
      dishes.set(line.product_id, dish);
      for (const row of line.rows) {
        const key = `${line.product_id}\u0000${row.option}\u0000${row.name}`;
        const choice = choices.get(key) ?? {
          product_id: line.product_id,
          option_name: row.option,
          row_name: row.name,
          quantity: 0,
        };
        choice.quantity += line.quantity;
        choices.set(key, choice);
      }
    }
  }
  t.accept_seconds.sort((a, b) => a - b);
  t.ready_seconds.sort((a, b) => a - b);

  const stops = new Map<string, DayFigures['stops'][number]>();
  for (const s of [...raw.stops].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    if (s.stopped !== 1) continue;
    const stop = stops.get(s.product_id) ?? { product_id: s.product_id, name: s.name, stops: 0 };
    stop.name = s.name;
    stop.stops++;
    stops.set(s.product_id, stop);
  }

  return {
    totals: t,
    dishes: [...dishes.values()],
    choices: [...choices.values()],
    hours: [...hours].map(([hour, n]) => ({ hour, orders: n })),
    sources: [...sources.values()],
    rejects: [...rejects.values()],
    stops: [...stops.values()],
  };
}

/** Nearest-rank percentile (`p` in 0..100) of sorted values; null for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}
