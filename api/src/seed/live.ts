/**
 * The showcase restaurant's dining room now, so that a newcomer sees ordering work
 * (docs/ORDERS.md): ordering switched on for the restaurant and its ten tables (not the door's or
 * Instagram's codes), and today's orders on the manager's board in each state of an order's life,
 * a waiter call, a table's bill open and one paid. Everything goes through the services as a
 * guest's page and the board do: each order is priced by the menu and its options' rules (a line
 * the menu would refuse is refused here too), numbered by the day's counter, moved along its life
 * by manager1, recorded under its name. The paid bill is paid as Payme's PerformTransaction pays
 * it (services/payments/settle.ts); the demo connects no provider, so no guest can pay for real
 * (docs/PAYMENTS.md, "Setting a restaurant up"). Added once a day: a restaurant with orders
 * today gets nothing.
 */
import { randomUUID } from 'node:crypto';
import type { GUEST_LANGS, OrderStatus } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { App } from '../app';
import { now } from '../db';
import { unitPrice } from '../public-menu/cart/price';
import type { AssertOwner } from '../services';
import { markPaid } from '../services/payments/settle';
import { accountActor } from '../services/staff/actor';
import { dayOf } from '../visits/day';

export type LiveTarget = Pick<App, 'orders' | 'payments' | 'repos'>;

/** A line as a guest picks it: a dish, how many, its rows by their Uzbek names with their counts. */
interface DemoLine {
  dish: string;
  quantity?: number;
  rows?: [string, number][];
}

/** A table's order today and where its life has got to (`paid`: served, its bill paid). */
interface DemoOrder {
  table: string;
  language: (typeof GUEST_LANGS)[number];
  lines: DemoLine[];
  comment?: string;
  to: Exclude<OrderStatus, 'sent'> | 'sent' | 'billed' | 'paid';
}

/** The tables that take orders: the ten tables; the door's and Instagram's codes only show the menu. */
export const ORDERING_TABLES = Array.from({ length: 10 }, (_, i) => `Stol ${i + 1}`);

/** The table whose guests' page the README's tour opens: its cart, nothing ordered yet. */
export const CART_TABLE = 'Stol 5';

/** Today's board, oldest first: each state of an order's life, a bill open, a bill paid. */
export const LIVE_ORDERS: DemoOrder[] = [
  {
    table: 'Stol 4',
    language: 'ru',
    lines: [
      { dish: 'Manti', quantity: 2 },
      { dish: 'Kompot', quantity: 2 },
    ],
    to: 'paid',
  },
  {
    table: 'Stol 6',
    language: 'uz',
    lines: [{ dish: 'Lagʻmon' }, { dish: 'Mastava' }, { dish: 'Koʻk choy', rows: [['Oʻrta', 1]] }],
    to: 'billed',
  },
  {
    table: 'Stol 2',
    language: 'uz',
    lines: [{ dish: 'Shoʻrva', quantity: 2 }],
    to: 'served',
  },
  {
    table: 'Stol 7',
    language: 'en',
    lines: [{ dish: 'Manti', quantity: 3 }],
    to: 'rejected',
  },
  {
    table: 'Stol 3',
    language: 'uz',
    lines: [{ dish: 'Mastava', quantity: 2 }, { dish: 'Kompot' }],
    to: 'ready',
  },
  {
    table: 'Stol 1',
    language: 'uz',
    lines: [
      {
        dish: 'Toshkent oshi',
        rows: [
          ['Toʻliq', 1],
          ['Qazi', 2],
        ],
      },
      { dish: 'Koʻk choy', rows: [['Katta', 1]] },
    ],
    comment: 'Piyozsiz, iltimos',
    to: 'accepted',
  },
  {
    table: 'Stol 8',
    language: 'ru',
    lines: [{ dish: 'Toshkent oshi', quantity: 2, rows: [['Yarim', 1]] }, { dish: 'Lagʻmon' }],
    to: 'sent',
  },
];

/** The table whose guests called the waiter (pending on the board). */
export const CALL_TABLE = 'Stol 9';

/** The moves that bring a sent order to where the demo wants it. */
const PATH: Record<DemoOrder['to'], Exclude<OrderStatus, 'sent'>[]> = {
  sent: [],
  accepted: ['accepted'],
  ready: ['accepted', 'ready'],
  served: ['accepted', 'ready', 'served'],
  billed: ['accepted', 'ready', 'served'],
  paid: ['accepted', 'ready', 'served'],
  rejected: ['rejected'],
};

/** The demo's guests reach the server from one address, as a restaurant's Wi-Fi puts them. */
const GUESTS_ADDRESS = '127.0.0.1';

/** The seed acts as the platform: there is no caller whose access to check. */
const platform: AssertOwner = async () => {};

export interface LiveAdded {
  orders: number;
  calls: number;
  bills: number;
}

/**
 * Switches ordering on and sets out today's board; answers what it added (nothing when the
 * restaurant has orders today).
 */
export async function writeLiveDemo(
  app: LiveTarget,
  restaurantId: string,
  placementIds: ReadonlyMap<string, string>,
  managerId: string,
): Promise<LiveAdded> {
  const none = { orders: 0, calls: 0, bills: 0 };
  if ((await app.orders.day(restaurantId, dayOf())).length > 0) return none;
  const manager = await app.repos.users.findById(managerId);
  if (!manager) return none;
  const tableId = (name: string) => {
    const id = placementIds.get(name);
    if (!id) throw new Error(`The demo has no placement ${name}`);
    return id;
  };
  await app.orders.changeOrdering(restaurantId, {
    takes_orders: true,
    placements: ORDERING_TABLES.map((name) => ({ _id: tableId(name), takes_orders: true })),
  });

  const products = await app.repos.products.list({ restaurantId, onlyActive: true });
  const menu = await app.repos.menu.orderable(
    restaurantId,
    products.map((p) => p._id),
  );
  /** A line in the shape the cart sends it, at the price the page showed. */
  const lineOf = ({ dish, quantity = 1, rows = [] }: DemoLine) => {
    const product = menu.products.find((p) => p.name === dish);
    if (!product) throw new Error(`The demo's menu has no ${dish}`);
    const options = new Set(menu.options.filter((o) => o.product_id === product.id).map((o) => o.id));
    const chosen = rows.map(([name, count]) => {
      const row = menu.rows.find((r) => r.name === name && options.has(r.product_option_id));
      if (!row) throw new Error(`${dish} has no row ${name}`);
      return { row, count };
    });
    const price = unitPrice(
      product.price,
      chosen.map(({ row, count }) => ({ price: row.price, quantity: count, free: row.free_quantity ?? 0 })),
    );
    return {
      product_id: product.id,
      quantity,
      rows: chosen.map(({ row, count }) => ({ _id: row.id, quantity: count })),
      row_ids: [],
      price,
    };
  };

  const actor = accountActor(manager, 'board');
  const added = { ...none };
  for (const demo of LIVE_ORDERS) {
    const { order } = await app.orders.place(
      {
        placement_id: tableId(demo.table),
        idempotency_key: randomUUID(),
        language: demo.language,
        ...(demo.comment ? { comment: demo.comment } : {}),
        items: demo.lines.map(lineOf),
      },
      GUESTS_ADDRESS,
    );
    added.orders++;
    for (const status of PATH[demo.to]) {
      const reason = status === 'rejected' ? t.orders.rejectReasons[0] : undefined;
      await app.orders.move(order._id, { status, reason }, platform, actor);
    }
    if (demo.to === 'billed' || demo.to === 'paid') {
      // the guest opens the table's bill from the order's page
      const bill = await app.payments.bill(order._id, order.key);
      added.bills++;
      if (demo.to === 'paid') await payAsPayme(app, bill._id);
    }
  }
  await app.orders.call({ placement_id: tableId(CALL_TABLE), kind: 'waiter' }, GUESTS_ADDRESS);
  added.calls++;
  return added;
}

/** The bill paid as Payme's PerformTransaction pays one: its orders carry the payment, live. */
async function payAsPayme(app: LiveTarget, billId: string): Promise<void> {
  await app.repos.transaction(async (trx) => {
    const bill = await trx.bills.find(billId, { lock: true });
    if (!bill) throw new Error('The demo bill is gone');
    await markPaid(trx, bill, 'payme', now(), `demo-${billId}`);
  });
}
