/**
 * A seeded year of a busy restaurant for «Hisobot» (docs/REPORTS.md): its menu of `dishes`
 * dishes (some with an option and its rows, some priced with tiyin, a few nobody orders), 24
 * placements, and `orders` orders over `days` Tashkent days ending on `lastDay`, drawn from a
 * seeded PRNG (`rng` of fakes/server.ts: the same seed, the same year). Busier evenings and
 * weekends; statuses with accept and ready times; rejected ones with their reasons; paid with
 * Payme or Click (some paid after midnight, some cancelled after perform), closed at the table,
 * or unpaid; stop-list changes; the menu's daily views by placement and language. Written as
 * raw rows (what the services write), then every day built once, as its changes would have built it.
 *
 * `directCounts` reads the same raw rows without the figures (its own SQL and sums), so a test
 * (and `pnpm bench:reports`) can hold every report's answer to a direct count.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { App } from '../src/app';
import type { DB } from '../src/db';
import { insertChunked } from '../src/repos/query';
import { refresh } from '../src/services/reports/build';
import { addDays } from '../src/visits/day';
import { DISHES, rng } from './fakes/server';

export interface YearOptions {
  seed: number;
  orders: number;
  days: number;
  dishes: number;
  /** The year's last Tashkent day. */
  lastDay: string;
  restaurantId: string;
}

const TASHKENT_MS = 5 * 3600_000;
const REASONS = ['Mahsulot tugab qoldi', 'Oshxona hozir band', 'Restoran yopilmoqda', 'Mehmon bekor qildi'];
const LANGS = ['uz', 'uz', 'uz', 'ru', 'ru', 'en'];
/** Orders' share by Tashkent hour (10:00-23:00 open, busier at lunch and in the evening). */
const HOUR_WEIGHTS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 6, 7, 5, 3, 3, 4, 7, 9, 9, 7, 4, 2];

export interface YearWorld {
  restaurantId: string;
  from: string;
  to: string;
  productIds: string[];
}

function weighted(r: () => number, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (const [i, w] of weights.entries()) {
    x -= w;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Writes the year's raw rows for an existing restaurant, then builds every day once. */
export async function seedYear(app: App, o: YearOptions): Promise<YearWorld> {
  const db = app.db;
  const r = rng(o.seed);
  const at = new Date().toISOString();
  const from = addDays(o.lastDay, -(o.days - 1));

  /** A row of the restaurant's own, made now. */
  const owned = <R extends object>(row: R) => ({
    ...row,
    restaurant_id: o.restaurantId,
    created_at: at,
    updated_at: at,
  });

  // the menu: `dishes` dishes in four categories; every fifth has a size, every ninth a price with tiyin
  const categories = Array.from({ length: 4 }, (_, i) => ({ id: randomUUID(), title: `Bo'lim ${i + 1}` }));
  await insertChunked(
    db,
    'categories',
    categories.map((c, i) =>
      owned({ id: c.id, title: c.title, is_active: 1, external_id: null, position: i }),
    ),
  );
  const dishes = Array.from({ length: o.dishes }, (_, i) => ({
    id: randomUUID(),
    name: `${DISHES[i % DISHES.length]} ${Math.floor(i / DISHES.length) + 1}`,
    price: 8000 + Math.floor(r() * 60) * 1000 + (i % 9 === 4 ? 0.5 : 0),
    sized: i % 5 === 0,
  }));
  await insertChunked(
    db,
    'products',
    dishes.map((d, i) =>
      owned({
        id: d.id,
        category_id: categories[i % 4]!.id,
        name: d.name,
        description: '',
        price: d.price,
        is_active: 1,
        images: '[]',
        external_id: null,
        position: i,
      }),
    ),
  );
  const placements = Array.from({ length: 24 }, (_, i) => ({ id: randomUUID(), name: `Stol ${i + 1}` }));
  await insertChunked(
    db,
    'placements',
    placements.map((p) => owned({ id: p.id, name: p.name, takes_orders: 1 })),
  );

  // popularity: a long tail; the last three dishes are never ordered
  const orderable = dishes.slice(0, Math.max(1, dishes.length - 3));
  const popularity = orderable.map((_, i) => 1 / (1 + i * 0.15));
  const dayWeights = Array.from({ length: o.days }, (_, i) => {
    const weekday = new Date(`${addDays(from, i)}T00:00:00Z`).getUTCDay();
    return weekday === 5 || weekday === 6 ? 1.5 : 1;
  });

  const orders: Record<string, unknown>[] = [];
  const bills: Record<string, unknown>[] = [];
  const numbers = new Map<string, number>();
  for (let n = 0; n < o.orders; n++) {
    const day = addDays(from, weighted(r, dayWeights));
    const hour = weighted(r, HOUR_WEIGHTS);
    const created =
      Date.parse(`${day}T00:00:00Z`) - TASHKENT_MS + hour * 3600_000 + Math.floor(r() * 3600) * 1000;
    const number = (numbers.get(day) ?? 0) + 1;
    numbers.set(day, number);
    const placement = r() < 0.04 ? null : placements[Math.floor(r() * placements.length)]!;
    const lines = Array.from({ length: 1 + Math.floor(r() * 4) }, () => {
      const d = orderable[weighted(r, popularity)]!;
      const big = d.sized && r() < 0.5;
      const rows = d.sized
        ? [
            {
              _id: randomUUID(),
              external_id: null,
              option: 'Hajmi',
              name: big ? 'Katta' : 'Kichik',
              guest_option: 'Hajmi',
              guest_name: big ? 'Katta' : 'Kichik',
              price: big ? 5000 : 0,
            },
          ]
        : [];
      return {
        product_id: d.id,
        external_id: null,
        name: d.name,
        guest_name: d.name,
        quantity: 1 + Math.floor(r() * 3),
        price: d.price + (big ? 5000 : 0),
        rows,
      };
    });
    const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
    const roll = r();
    const status =
      roll < 0.05
        ? 'rejected'
        : roll < 0.07
          ? 'sent'
          : roll < 0.1
            ? 'accepted'
            : roll < 0.13
              ? 'ready'
              : 'served';
    const acceptedAt =
      status === 'sent' || (status === 'rejected' && r() < 0.5)
        ? null
        : created + (20 + Math.floor(r() * 600)) * 1000;
    const readyAt =
      acceptedAt !== null && (status === 'ready' || status === 'served')
        ? acceptedAt + (300 + Math.floor(r() * 2400)) * 1000
        : null;
    const id = randomUUID();
    const order: Record<string, unknown> = {
      id,
      restaurant_id: o.restaurantId,
      day,
      number,
      placement_id: placement?.id ?? null,
      table_name: placement?.name ?? 'Stol 99',
      status,
      reject_reason: status === 'rejected' ? REASONS[Math.floor(r() * REASONS.length)] : null,
      language: LANGS[Math.floor(r() * LANGS.length)],
      comment: null,
      items: JSON.stringify(lines),
      total,
      idempotency_key: id,
      guest_key: id,
      client_address: null,
      created_at: iso(created),
      updated_at: iso(created),
      accepted_at: acceptedAt === null ? null : iso(acceptedAt),
      ready_at: readyAt === null ? null : iso(readyAt),
      bill_id: null,
      payment_status: null,
      payment_method: null,
      payment_amount: null,
      payment_at: null,
    };
    if (status !== 'rejected') {
      const pay = r();
      const amount = Math.round(total * 100);
      // paid after midnight now and then: the payment's time is the next day's
      const paidAt = iso(created + (r() < 0.05 ? 6 * 3600_000 : 40 * 60_000));
      const bill = {
        id: randomUUID(),
        restaurant_id: o.restaurantId,
        placement_id: order.placement_id,
        table_name: order.table_name,
        amount,
        status: 'open',
        paid_method: null as string | null,
        paid_at: null as string | null,
        created_at: order.created_at,
        updated_at: paidAt,
      };
      if (pay < 0.42) {
        const method = pay < 0.25 ? 'payme' : 'click';
        if (r() < 0.02) {
          // cancelled after perform: the bill refunded, the order unpaid and out of it
          Object.assign(bill, { status: 'refunded', paid_method: method, paid_at: paidAt });
          Object.assign(order, {
            payment_status: 'refunded',
            payment_method: method,
            payment_amount: amount,
            payment_at: paidAt,
          });
        } else {
          Object.assign(bill, { status: 'paid', paid_method: method, paid_at: paidAt });
          Object.assign(order, {
            bill_id: bill.id,
            payment_status: 'paid',
            payment_method: method,
            payment_amount: amount,
            payment_at: paidAt,
          });
        }
        bills.push(bill);
      } else if (pay < 0.65) {
        Object.assign(bill, { status: 'closed' });
        order.bill_id = bill.id;
        bills.push(bill);
      } else if (pay < 0.7) {
        // an open bill: not paid yet
        order.bill_id = bill.id;
        bill.placement_id = null;
        bills.push(bill);
      }
    }
    orders.push(order);
  }
  await insertChunked(db, 'bills', bills as never[]);
  await insertChunked(db, 'orders', orders as never[]);

  // the stop-list: a few dishes run out on some days, some of them twice
  const stops: Record<string, unknown>[] = [];
  for (let i = 0; i < o.days; i++) {
    const day = addDays(from, i);
    for (let s = 0; s < 3; s++) {
      if (r() < 0.5) continue;
      const d = dishes[Math.floor(r() * dishes.length)]!;
      const time = Date.parse(`${day}T00:00:00Z`) - TASHKENT_MS + (11 + s * 4) * 3600_000;
      for (const [k, stopped] of [1, 0].entries()) {
        stops.push({
          id: randomUUID(),
          restaurant_id: o.restaurantId,
          product_id: d.id,
          name: d.name,
          day,
          stopped,
          source: r() < 0.3 ? 'pos' : 'manager',
          created_at: iso(time + k * 3600_000),
        });
      }
    }
  }
  await insertChunked(db, 'stop_list_events', stops as never[]);

  // views: the menu opened about three times an order, by placement and language
  const views = new Map<string, number>();
  for (const order of orders) {
    for (let v = 0; v < 3; v++) {
      const key = `${order.day}\u0000${order.placement_id ?? ''}\u0000${LANGS[Math.floor(r() * LANGS.length)]}`;
      views.set(key, (views.get(key) ?? 0) + 1);
    }
  }
  await insertChunked(
    db,
    'visit_counts',
    [...views].map(([key, count]) => {
      const [day, placement, language] = key.split('\u0000') as [string, string, string];
      return { restaurant_id: o.restaurantId, day, placement_id: placement, language, views: count };
    }),
  );

  // every day as its changes would have built it
  await insertChunked(
    db,
    'report_dirty',
    Array.from({ length: o.days }, (_, i) => ({
      restaurant_id: o.restaurantId,
      day: addDays(from, i),
      version: 1,
    })),
  );
  await refresh(app.repos, [o.restaurantId], from, o.lastDay);
  return { restaurantId: o.restaurantId, from, to: o.lastDay, productIds: dishes.map((d) => d.id) };
}

// ---------- the direct count: the raw rows, read without the figures ----------

const n = (v: unknown) => Number(v ?? 0);
const tiyin = (som: number) => Math.round(som * 100);

/** Nearest rank, as the report says it counts. */
const rank = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : (sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? null);

/** A day's takings as the direct count has them (sums in tiyin); the period's add two counts. */
const DAY_COUNTS = ['orders', 'paid', 'unpaid', 'rejected', 'payme', 'click', 'table'] as const;
export type DayCounts = Record<(typeof DAY_COUNTS)[number], number>;

/** A day without orders: its takings, all nought. */
export const noOrdersDay = () => Object.fromEntries(DAY_COUNTS.map((k) => [k, 0])) as DayCounts;

export interface DirectCounts {
  takings: DayCounts & { rejected_orders: number; paid_orders: number };
  days: Map<string, DayCounts>;
  dishes: Map<string, { quantity: number; revenue: number; orders: number }>;
  choices: Map<string, number>;
  heat: number[][];
  accept: { count: number; median: number | null; p90: number | null };
  ready: { count: number; median: number | null; p90: number | null };
  placements: Map<string, { views: number; orders: number }>;
  languages: Map<string, { views: number; orders: number }>;
  reasons: Map<string, { orders: number; amount: number }>;
  stops: Map<string, number>;
}

/** Every report's figures for `from`..`to`, counted straight from the raw rows. */
export async function directCounts(
  db: DB,
  restaurantId: string,
  from: string,
  to: string,
): Promise<DirectCounts> {
  const rows = await sql<{
    day: string;
    status: string;
    reject_reason: string | null;
    placement_id: string | null;
    language: string;
    items: string;
    total: number;
    created_at: string;
    accepted_at: string | null;
    ready_at: string | null;
    paid_by: string;
  }>`
    select o.day, o.status, o.reject_reason, o.placement_id, o.language, o.items, o.total,
      o.created_at, o.accepted_at, o.ready_at,
      case
        when o.status = 'rejected' then 'rejected'
        when o.payment_status = 'paid' then o.payment_method
        when b.status = 'closed' then 'table'
        else 'unpaid'
      end as paid_by
    from orders o left join bills b on b.id = o.bill_id
    where o.restaurant_id = ${restaurantId} and o.day >= ${from} and o.day <= ${to}`.execute(db);

  const c: DirectCounts = {
    takings: { ...noOrdersDay(), rejected_orders: 0, paid_orders: 0 },
    days: new Map(),
    dishes: new Map(),
    choices: new Map(),
    heat: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
    accept: { count: 0, median: null, p90: null },
    ready: { count: 0, median: null, p90: null },
    placements: new Map(),
    languages: new Map(),
    reasons: new Map(),
    stops: new Map(),
  };
  const accept: number[] = [];
  const ready: number[] = [];
  for (const o of rows.rows) {
    const amount = tiyin(n(o.total));
    const t = c.takings;
    const d = c.days.get(o.day) ?? noOrdersDay();
    c.days.set(o.day, d);
    t.orders++;
    d.orders++;
    if (o.paid_by === 'rejected') {
      t.rejected_orders++;
      t.rejected += amount;
      d.rejected += amount;
      const reason = c.reasons.get(o.reject_reason ?? '') ?? { orders: 0, amount: 0 };
      reason.orders++;
      reason.amount += amount;
      c.reasons.set(o.reject_reason ?? '', reason);
    } else if (o.paid_by === 'unpaid') {
      t.unpaid += amount;
      d.unpaid += amount;
    } else {
      const method = o.paid_by as 'payme' | 'click' | 'table';
      t.paid_orders++;
      t.paid += amount;
      t[method] += amount;
      d.paid += amount;
      d[method] += amount;
    }
    const local = new Date(Date.parse(o.created_at) + TASHKENT_MS);
    const heatRow = c.heat[(local.getUTCDay() + 6) % 7] as number[];
    heatRow[local.getUTCHours()] = (heatRow[local.getUTCHours()] ?? 0) + 1;
    const pl = c.placements.get(o.placement_id ?? '') ?? { views: 0, orders: 0 };
    pl.orders++;
    c.placements.set(o.placement_id ?? '', pl);
    const lang = c.languages.get(o.language) ?? { views: 0, orders: 0 };
    lang.orders++;
    c.languages.set(o.language, lang);
    if (o.accepted_at) accept.push(Math.floor((Date.parse(o.accepted_at) - Date.parse(o.created_at)) / 1000));
    if (o.accepted_at && o.ready_at)
      ready.push(Math.floor((Date.parse(o.ready_at) - Date.parse(o.accepted_at)) / 1000));
    if (o.paid_by === 'rejected') continue;
    const seen = new Set<string>();
    for (const line of JSON.parse(o.items) as {
      product_id: string;
      quantity: number;
      price: number;
      rows: { option: string; name: string }[];
    }[]) {
      const dish = c.dishes.get(line.product_id) ?? { quantity: 0, revenue: 0, orders: 0 };
      dish.quantity += line.quantity;
      dish.revenue += tiyin(line.price) * line.quantity;
      if (!seen.has(line.product_id)) dish.orders++;
      seen.add(line.product_id);
      c.dishes.set(line.product_id, dish);
      for (const row of line.rows) {
        const key = `${line.product_id}/${row.option}/${row.name}`;
        c.choices.set(key, (c.choices.get(key) ?? 0) + line.quantity);
      }
    }
  }
  accept.sort((a, b) => a - b);
  ready.sort((a, b) => a - b);
  c.accept = { count: accept.length, median: rank(accept, 50), p90: rank(accept, 90) };
  c.ready = { count: ready.length, median: rank(ready, 50), p90: rank(ready, 90) };

  const views = await sql<{ placement_id: string; language: string; views: number }>`
    select placement_id, language, sum(views) as views from visit_counts
    where restaurant_id = ${restaurantId} and day >= ${from} and day <= ${to}
    group by placement_id, language`.execute(db);
  for (const v of views.rows) {
    const pl = c.placements.get(v.placement_id) ?? { views: 0, orders: 0 };
    pl.views += n(v.views);
    c.placements.set(v.placement_id, pl);
    const lang = c.languages.get(v.language) ?? { views: 0, orders: 0 };
    lang.views += n(v.views);
    c.languages.set(v.language, lang);
  }
  const stops = await sql<{ product_id: string; stops: number }>`
    select product_id, count(*) as stops from stop_list_events
    where restaurant_id = ${restaurantId} and day >= ${from} and day <= ${to} and stopped = 1
    group by product_id`.execute(db);
  for (const s of stops.rows) c.stops.set(s.product_id, n(s.stops));
  return c;
}
