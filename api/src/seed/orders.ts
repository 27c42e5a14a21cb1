/**
 * The showcase restaurant's last two months of guests' orders before today, so that «Hisobot»
 * shows a living picture (docs/REPORTS.md): 20 to 45 orders a day (more at lunch, in the evening and on the
 * weekend, a little more each week), each priced from its menu by the orders' own pricing
 * (`priceItems`: the lines as a guest's order stores them), numbered by the day's counter, taken
 * and made ready a few minutes later, served, a few rejected with the board's reasons; paid with
 * Payme or Click or at the table; a dish run out now and then. Today is the board's, placed and
 * moved through the services (live.ts). Written through the
 * repositories as the services leave the rows, each day's figures built as its changes would have
 * marked them. Only a restaurant without any order gets them: a second run adds nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { t } from '@qrmenu/shared/texts';
import { unitPrice } from '../public-menu/cart/price';
import type { Repositories } from '../repos';
import { priceItems } from '../services/orders/pricing';
import { somToTiyin } from '../services/payments/money';
import { logStops, markDays, refresh } from '../services/reports/build';
import { addDays, dayOf } from '../visits/day';
import { randomFrom } from './art-kit';

/** How many days back the demo's orders go (today, live.ts's, included). */
export const DEMO_ORDER_DAYS = 60;

const TASHKENT_MS = 5 * 3600_000;
/** Orders' share by Tashkent hour: open 10:00-23:00, busier at lunch and in the evening. */
const HOURS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 6, 7, 5, 3, 3, 4, 7, 9, 9, 7, 4, 2];
const LANGUAGES = ['uz', 'uz', 'uz', 'ru', 'ru', 'en'] as const;

function pick(r: () => number, weights: readonly number[]): number {
  let x = r() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    x -= w;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Writes the demo's orders of the last DEMO_ORDER_DAYS days; answers how many (0 when it had orders). */
export async function writeDemoOrders(
  repos: Repositories,
  restaurantId: string,
  placementIds: ReadonlyMap<string, string>,
  at = Date.now(),
): Promise<number> {
  if (await repos.orders.anyOf(restaurantId)) return 0;
  // a fixed sequence, so that two demos show the same two months
  const r = randomFrom(43);
  const today = dayOf(at);
  const tables = [...placementIds].filter(([name]) => name.startsWith('Stol '));
  const products = (await repos.products.list({ restaurantId, onlyActive: true })).filter((p) => p.price > 0);
  const menu = await repos.menu.orderable(
    restaurantId,
    products.map((p) => p._id),
  );
  if (tables.length === 0 || products.length === 0) return 0;
  // each product's options: its rows and whether one must be chosen (an optional one is taken
  // by about half the guests); one row of each keeps every rule the demo's options have
  type Choice = { required: boolean; rows: (typeof menu.rows)[number][] };
  const choicesOf = new Map<string, Choice[]>();
  for (const o of menu.options) {
    const rows = menu.rows.filter((row) => row.product_option_id === o.id);
    if (rows.length === 0) continue;
    const choice = { required: (o.min_choices ?? 0) > 0, rows };
    choicesOf.set(o.product_id, [...(choicesOf.get(o.product_id) ?? []), choice]);
  }
  const popularity = products.map((_, i) => 1 / (1 + i * 0.2));
  let written = 0;

  for (let daysAgo = DEMO_ORDER_DAYS - 1; daysAgo >= 1; daysAgo--) {
    const day = addDays(today, -daysAgo);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const busy = weekday === 0 || weekday === 6 ? 1.4 : weekday === 5 ? 1.2 : 1;
    const dayStart = Date.parse(`${day}T00:00:00Z`) - TASHKENT_MS;
    let count = Math.round((20 + (DEMO_ORDER_DAYS - daysAgo) / 4 + r() * 10) * busy);
    const times = Array.from(
      { length: count },
      () => dayStart + pick(r, HOURS) * 3600_000 + Math.floor(r() * 3600_000),
    )
      .filter((time) => time < at - 20 * 60_000)
      .sort((a, b) => a - b);
    count = times.length;
    await repos.transaction(async (trx) => {
      for (const created of times) {
        const lines = Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
          const product = products[pick(r, popularity)] as (typeof products)[number];
          const taken = (choicesOf.get(product._id) ?? [])
            .filter((c) => c.required || r() < 0.5)
            .map((c) => c.rows[Math.floor(r() * c.rows.length)] as Choice['rows'][number]);
          const price = unitPrice(
            product.price,
            taken.map((row) => ({ price: row.price, quantity: 1, free: row.free_quantity ?? 0 })),
          );
          const rows = taken.map((row) => ({ _id: row.id, quantity: 1 }));
          return { product_id: product._id, quantity: 1 + Math.floor(r() * 2), price, rows };
        });
        const language = LANGUAGES[Math.floor(r() * LANGUAGES.length)] as (typeof LANGUAGES)[number];
        const priced = priceItems(lines, menu, language);
        if ('problems' in priced) continue;
        const [tableName, placementId] = tables[Math.floor(r() * tables.length)] as [string, string];
        const roll = r();
        const status = roll < 0.05 ? 'rejected' : 'served';
        // half the rejected ones were refused at once, the others once accepted
        const accepted =
          status === 'rejected' && roll < 0.025 ? null : created + (30 + Math.floor(r() * 240)) * 1000;
        const ready =
          accepted !== null && status !== 'rejected' ? accepted + (6 + Math.floor(r() * 20)) * 60_000 : null;
        const stamp = (ms: number | null) => (ms === null ? null : new Date(Math.min(ms, at)).toISOString());
        const id = randomUUID();
        const createdAt = new Date(created).toISOString();
        let bill: { id: string; status: 'paid' | 'closed'; method: 'payme' | 'click' | null } | null = null;
        if (status === 'served') {
          const pay = r();
          bill = {
            id: randomUUID(),
            status: pay < 0.6 ? 'paid' : 'closed',
            method: pay < 0.35 ? 'payme' : pay < 0.6 ? 'click' : null,
          };
        }
        const paidAt = stamp(ready !== null ? ready + 15 * 60_000 : created + 40 * 60_000);
        const amount = somToTiyin(priced.total);
        if (bill) {
          await trx.bills.insert({
            id: bill.id,
            restaurant_id: restaurantId,
            placement_id: placementId,
            table_name: tableName,
            amount,
            status: bill.status,
            paid_method: bill.method,
            paid_at: bill.status === 'paid' ? paidAt : null,
            created_at: createdAt,
            updated_at: paidAt ?? createdAt,
          });
        }
        await trx.orders.insert({
          id,
          restaurant_id: restaurantId,
          day,
          number: await trx.orderNumbers.next(restaurantId, day),
          placement_id: placementId,
          table_name: tableName,
          status,
          reject_reason:
            status === 'rejected'
              ? (t.orders.rejectReasons[Math.floor(r() * t.orders.rejectReasons.length)] ?? null)
              : null,
          language,
          comment: null,
          items: JSON.stringify(priced.lines),
          total: priced.total,
          idempotency_key: id,
          guest_key: randomBytes(18).toString('base64url'),
          client_address: null,
          created_at: createdAt,
          updated_at: stamp(ready ?? accepted ?? created) as string,
          accepted_at: stamp(accepted),
          ready_at: stamp(ready),
          bill_id: bill?.id ?? null,
          payment_status: bill?.status === 'paid' ? 'paid' : null,
          payment_method: bill?.status === 'paid' ? bill.method : null,
          payment_amount: bill?.status === 'paid' ? amount : null,
          payment_at: bill?.status === 'paid' ? paidAt : null,
        });
        written++;
      }
      // a dish runs out on some evenings, and is back the next morning
      if (r() < 0.3) {
        const product = products[
          Math.floor(r() * Math.min(products.length, 12))
        ] as (typeof products)[number];
        const evening = new Date(Math.min(dayStart + 20 * 3600_000, at)).toISOString();
        await logStops(
          trx,
          restaurantId,
          [{ product_id: product._id, name: product.name, stopped: 1 }],
          'manager',
          evening,
        );
        const morning = dayStart + 33 * 3600_000;
        if (morning < at) {
          const back = [{ product_id: product._id, name: product.name, stopped: 0 as const }];
          await logStops(trx, restaurantId, back, 'manager', new Date(morning).toISOString());
        }
      }
      await markDays(trx, restaurantId, [day]);
    });
  }
  await refresh(repos, [restaurantId], addDays(today, -(DEMO_ORDER_DAYS - 1)), today);
  return written;
}
