/**
 * Orders from the table (docs/ORDERS.md), on SQLite and (with TEST_DATABASE_URL) on PostgreSQL:
 * the switches (off by default, the restaurant's and each table's, the guests' page cache told),
 * placing an order (the server's prices, refused lines named, nothing stored), idempotency
 * (a repeated key, concurrent repeats), the day's numbers, the schema's limits and the rate
 * limits (per address, per table: 429 with Retry-After), the state machine, calls (one pending
 * per table and kind), ownership, the day's list, the history's totals and the CSV. Every rule
 * is checked on the stored rows, not only on the status.
 */
import { answers, ORDER_LIMITS, ORDER_STATUSES, ORDER_TRANSITIONS } from '@qrmenu/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitPrice } from '../src/public-menu/cart/price';
import { AddressWindow } from '../src/services/orders/limits';
import {
  adminUser,
  apiCall,
  createOption,
  createOptionRow,
  createProduct,
  createTestApp,
  createUser,
  expectError,
  expectShape,
  type TestCtx,
  type TestUser,
} from './helpers';
import {
  basket,
  callAs,
  countRows,
  newKey,
  type OrderWorld,
  ok,
  orderWorld,
  placeAs,
} from './orders-support';
import { fileWorld } from './world';

// the rate limits have their own app below
const { ctx, world: w } = fileWorld(
  { orderLimits: { ordersPerTable: 10_000, ordersPerAddress: 10_000, callsPerTable: 10_000 } },
  orderWorld,
);
let admin: TestUser;

beforeAll(async () => {
  admin = await adminUser(ctx);
});

const orderRow = (id: string) =>
  ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the ordering switches', () => {
  it('are off by default; orders and calls are refused (409) and nothing is stored', async () => {
    const off = await orderWorld(ctx, 2, false);
    const settings = await ok(apiCall(ctx, 'GET', '/manager/ordering', off.manager.token));
    expectShape(answers.ordering, settings);
    expect(settings.data).toEqual({
      takes_orders: false,
      placements: off.tables.map((t) => ({ _id: t._id, name: t.name, takes_orders: false })),
      pos: null,
    });
    const table = await ok(apiCall(ctx, 'GET', `/public/tables/${off.tables[0]!._id}`));
    expectShape(answers.guestTable, table);
    expect(table.data).toEqual({ takes_orders: false, table: 'Stol 1', menu: off.slug, pending_calls: [] });
    const before = await countRows(ctx, 'orders');
    expectError(await placeAs(ctx, basket(off)), 409, 'conflict');
    expectError(await callAs(ctx, { placement_id: off.tables[0]!._id, kind: 'waiter' }), 409, 'conflict');
    expect(await countRows(ctx, 'orders')).toBe(before);

    // the restaurant on, the table still off: refused; then the table on: taken
    await ok(apiCall(ctx, 'PUT', '/manager/ordering', off.manager.token, { takes_orders: true }));
    expectError(await placeAs(ctx, basket(off)), 409, 'conflict');
    const on = await ok(
      apiCall(ctx, 'PUT', '/manager/ordering', off.manager.token, {
        placements: [{ _id: off.tables[0]!._id, takes_orders: true }],
      }),
    );
    expect(on.data.takes_orders).toBe(true);
    expect(on.data.placements.map((p: { takes_orders: boolean }) => p.takes_orders)).toEqual([true, false]);
    const stored = await ctx.db
      .selectFrom('placements')
      .select(['id', 'takes_orders'])
      .where('restaurant_id', '=', off.restaurantId)
      .orderBy('name')
      .execute();
    expect(stored.map((p) => p.takes_orders)).toEqual([1, 0]);
    expect((await ok(apiCall(ctx, 'GET', `/public/tables/${off.tables[0]!._id}`))).data.takes_orders).toBe(
      true,
    );
    await ok(placeAs(ctx, basket(off, 0)), 201);
    expectError(await placeAs(ctx, basket(off, 1)), 409, 'conflict');

    // the restaurant off again: its tables stop taking orders
    await ok(apiCall(ctx, 'PUT', '/manager/ordering', off.manager.token, { takes_orders: false }));
    expectError(await placeAs(ctx, basket(off, 0)), 409, 'conflict');
    expect((await ok(apiCall(ctx, 'GET', `/public/tables/${off.tables[0]!._id}`))).data.takes_orders).toBe(
      false,
    );
  });

  it("a change tells every server's answer cache that the restaurant's guest page is stale", async () => {
    const heard: unknown[] = [];
    const stop = ctx.app.cacheBus.subscribe((scope) => heard.push(scope));
    await ok(apiCall(ctx, 'PUT', '/manager/ordering', w.manager.token, { takes_orders: true }));
    stop();
    expect(heard).toContainEqual({ restaurants: [w.restaurantId] });
  });

  // another restaurant's things are 404, as what does not exist (docs/API.md, "Who may call what")
  it("answers another restaurant's placement as one that does not exist (404, nothing changed); the guests' menu repository reads the switch", async () => {
    const other = await orderWorld(ctx, 1, false);
    const res = await apiCall(ctx, 'PUT', '/manager/ordering', w.manager.token, {
      takes_orders: false,
      placements: [{ _id: other.tables[0]!._id, takes_orders: true }],
    });
    expectError(res, 404, 'not_found');
    const none = await apiCall(ctx, 'PUT', '/manager/ordering', w.manager.token, {
      takes_orders: false,
      placements: [{ _id: 'no-such-placement', takes_orders: true }],
    });
    expectError(none, 404, 'not_found');
    expect(none.json().error.message).toBe(res.json().error.message);
    expect((await ctx.app.repos.menu.findRestaurant(w.slug))?.takes_orders).toBe(1);
    expect(await ctx.app.repos.menu.placementTakesOrders(w.restaurantId, w.tables[0]!._id)).toBe(true);
    expect(await ctx.app.repos.menu.placementTakesOrders(w.restaurantId, other.tables[0]!._id)).toBe(false);
  });

  it('admins name the restaurant; a manager reaches only its own', async () => {
    expectError(await apiCall(ctx, 'GET', '/manager/ordering', admin.token), 400, 'validation');
    const asAdmin = await ok(
      apiCall(ctx, 'GET', `/manager/ordering?restaurant_id=${w.restaurantId}`, admin.token),
    );
    expect(asAdmin.data.takes_orders).toBe(true);
    const other = await createUser(ctx, 'manager');
    expectError(
      await apiCall(ctx, 'GET', `/manager/ordering?restaurant_id=${w.restaurantId}`, other.token),
      404,
    );
    expectError(
      await apiCall(ctx, 'PUT', `/manager/ordering?restaurant_id=${w.restaurantId}`, other.token, {
        takes_orders: false,
      }),
      404,
    );
    expect(
      (
        await ctx.db
          .selectFrom('restaurants')
          .select('takes_orders')
          .where('id', '=', w.restaurantId)
          .executeTakeFirstOrThrow()
      ).takes_orders,
    ).toBe(1);
    expectError(await apiCall(ctx, 'GET', '/manager/ordering'), 401);
  });
});

describe('placing an order', () => {
  it('is priced by the server, numbered for the day, stored with its event before the answer', async () => {
    const events = await countRows(ctx, 'order_events');
    const body = basket(w, 1, { comment: '  Achchiq bo‘lmasin  ' });
    const res = await placeAs(ctx, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = expectShape(answers.guestOrder, res.json()).data;
    expect(order).toMatchObject({
      table: 'Stol 2',
      status: 'sent',
      reject_reason: null,
      language: 'ru',
      comment: 'Achchiq bo‘lmasin',
      total: 2 * 35000 + 5000,
    });
    // the guest reads its language's names
    expect(order.items).toEqual([
      {
        product_id: w.osh.id,
        name: 'Плов',
        quantity: 2,
        price: 35000,
        rows: [{ _id: w.big.id, option: 'Размер', name: 'Большая', price: 5000, quantity: 1 }],
      },
      { product_id: w.tea.id, name: 'Choy', quantity: 1, price: 5000, rows: [] },
    ]);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({
      restaurant_id: w.restaurantId,
      placement_id: w.tables[1]!._id,
      status: 'sent',
      total: 75000,
      idempotency_key: body.idempotency_key,
      guest_key: order.key,
    });
    // the snapshot keeps Uzbek names, the guest's, and the external ids a POS needs
    expect(JSON.parse(row.items)[0]).toEqual({
      product_id: w.osh.id,
      external_id: 'ext-osh',
      name: 'Osh',
      guest_name: 'Плов',
      quantity: 2,
      price: 35000,
      rows: [
        {
          _id: w.big.id,
          external_id: 'ext-big',
          option_external_id: null,
          option: 'Hajmi',
          name: 'Katta',
          guest_option: 'Размер',
          guest_name: 'Большая',
          price: 5000,
          quantity: 1,
          free_quantity: 0,
        },
      ],
    });
    expect(await countRows(ctx, 'order_events')).toBe(events + 1);
    const event = await ctx.db
      .selectFrom('order_events')
      .selectAll()
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ restaurant_id: w.restaurantId, kind: 'order', entity_id: order._id });

    // the staff read it in Uzbek
    const list = await ok(apiCall(ctx, 'GET', '/manager/orders', w.manager.token));
    expectShape(answers.orders, list);
    const staff = list.data.find((o: { _id: string }) => o._id === order._id);
    expect(staff.items[0]).toEqual({
      product_id: w.osh.id,
      name: 'Osh',
      quantity: 2,
      price: 35000,
      rows: [{ _id: w.big.id, option: 'Hajmi', name: 'Katta', price: 5000, quantity: 1 }],
    });
    // the guest opens it again with its key, never without
    const again = await ok(apiCall(ctx, 'GET', `/public/orders/${order._id}?key=${order.key}`));
    expect(again.data).toEqual(order);
    expectError(await apiCall(ctx, 'GET', `/public/orders/${order._id}?key=wrong-key`), 404, 'not_found');
    expectError(await apiCall(ctx, 'GET', `/public/orders/${order._id}`), 400, 'validation');
  });

  it('numbers each restaurant day 1, 2, 3 ... apart from other restaurants', async () => {
    const fresh = await orderWorld(ctx, 2);
    const numbers = [];
    for (let i = 0; i < 3; i++) numbers.push((await ok(placeAs(ctx, basket(fresh, i % 2)), 201)).data.number);
    expect(numbers).toEqual([1, 2, 3]);
    const counter = await ctx.db
      .selectFrom('order_day_numbers')
      .selectAll()
      .where('restaurant_id', '=', fresh.restaurantId)
      .execute();
    expect(counter).toHaveLength(1);
    expect(counter[0]!.last).toBe(3);
    const other = await orderWorld(ctx, 1);
    expect((await ok(placeAs(ctx, basket(other)), 201)).data.number).toBe(1);
  });

  it('numbers concurrent orders without gaps or repeats', async () => {
    const fresh = await orderWorld(ctx, 5);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => placeAs(ctx, basket(fresh, i % 5), `198.51.100.${i}`)),
    );
    const numbers = results.map((r) => r.json().data.number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('answers the same idempotency key with the order it made (200): one order, one event', async () => {
    const body = basket(w, 0);
    const first = await ok(placeAs(ctx, body), 201);
    const [orders, events] = [await countRows(ctx, 'orders'), await countRows(ctx, 'order_events')];
    const second = await ok(placeAs(ctx, body), 200);
    expect(second.data).toEqual(first.data);
    // a double tap at the same moment: still one
    const body2 = basket(w, 2);
    const burst = await Promise.all(Array.from({ length: 6 }, () => placeAs(ctx, body2)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((r) => r.json().data._id)).size).toBe(1);
    expect(await countRows(ctx, 'orders')).toBe(orders + 1);
    expect(await countRows(ctx, 'order_events')).toBe(events + 1);
    const same = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('idempotency_key', '=', body2.idempotency_key)
      .execute();
    expect(same).toHaveLength(1);
  });

  it('refuses the same key with another order (422 idempotency_key_reused): nothing stored, the first order unchanged', async () => {
    const body = basket(w, 0, { comment: 'Achchiq emas' });
    const first = await ok(placeAs(ctx, body), 201);
    const before = [await countRows(ctx, 'orders'), await countRows(ctx, 'order_events')];
    // what the guest may change after an answer was lost: a dish added, a quantity, the comment,
    // the table, the language, a row; each is another request under the same key
    const teaAdded = { ...body, items: [...body.items, { product_id: w.tea.id, quantity: 1, price: 5000 }] };
    const changes = [
      teaAdded,
      { ...body, items: [{ ...body.items[0]!, quantity: 3 }, body.items[1]!] },
      { ...body, comment: 'Piyozsiz' },
      { ...body, comment: undefined },
      { ...body, placement_id: w.tables[1]!._id },
      { ...body, language: 'uz' },
      { ...body, items: [{ ...body.items[0]!, row_ids: [w.small.id], price: 30000 }, body.items[1]!] },
      { ...body, items: [body.items[1]!, body.items[0]!] },
    ];
    for (const changed of changes) {
      const res = await placeAs(ctx, changed);
      expectError(res, 422, 'idempotency_key_reused');
      expect(res.json().error.details).toEqual([{ path: 'idempotency_key', message: 'reused' }]);
    }
    expect([await countRows(ctx, 'orders'), await countRows(ctx, 'order_events')]).toEqual(before);
    expect((await orderRow(first.data._id)).comment).toBe('Achchiq emas');
    // the same order again is still the retry it was: the first order (200); the comment's
    // spaces are not part of it (the server keeps it trimmed)
    expect((await ok(placeAs(ctx, body), 200)).data).toEqual(first.data);
    expect((await ok(placeAs(ctx, { ...body, comment: '  Achchiq emas ' }), 200)).data._id).toBe(
      first.data._id,
    );
    // two at once with the same key and different bodies: one order, the other refused
    const key = newKey();
    const race = await Promise.all([
      placeAs(ctx, { ...body, idempotency_key: key }),
      placeAs(ctx, { ...teaAdded, idempotency_key: key }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('answers an order stored before its request was kept (no hash) as before: the order it made', async () => {
    const body = basket(w, 1);
    const first = await ok(placeAs(ctx, body), 201);
    await ctx.db.updateTable('orders').set({ request_hash: null }).where('id', '=', first.data._id).execute();
    const again = await ok(placeAs(ctx, { ...body, comment: 'Piyozsiz' }), 200);
    expect(again.data._id).toBe(first.data._id);
  });

  it('refuses lines the menu no longer offers as sent, each named, and stores nothing', async () => {
    const m = await orderWorld(ctx, 1);
    const stopped = await ok(
      apiCall(ctx, 'POST', '/manager/products', m.manager.token, {
        name: 'Lagmon',
        category_id: m.categoryId,
        price: 28000,
        is_active: true,
      }),
      201,
    );
    const lagmon = stopped.data.id as string;
    // the manager stops it (the stop-list): unavailable
    await ctx.db
      .updateTable('products')
      .set({ is_active: 0, stopped_by_manager: 1 })
      .where('id', '=', lagmon)
      .execute();
    const other = await orderWorld(ctx, 1);
    const stoppedRow = (
      await ctx.db
        .insertInto('option_rows')
        .values({
          id: `r-${newKey().slice(0, 8)}`,
          product_option_id: m.optionId,
          name: 'Oilaviy',
          price: 20000,
          external_id: null,
          pos_stopped: 1,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const before = [
      await countRows(ctx, 'orders'),
      await countRows(ctx, 'order_events'),
      await countRows(ctx, 'order_day_numbers'),
    ];
    const res = await placeAs(ctx, {
      placement_id: m.tables[0]!._id,
      idempotency_key: newKey(),
      language: 'uz',
      items: [
        { product_id: m.tea.id, quantity: 1, price: 5000 },
        { product_id: lagmon, quantity: 1, price: 28000 },
        { product_id: m.osh.id, quantity: 1, row_ids: [other.big.id], price: 35000 },
        { product_id: m.osh.id, quantity: 1, row_ids: [m.big.id], price: 30000 },
        { product_id: other.tea.id, quantity: 1, price: 5000 },
        { product_id: m.osh.id, quantity: 1, row_ids: [stoppedRow], price: 50000 },
        { product_id: 'no-such-product', quantity: 1, price: 1 },
      ],
    });
    expectError(res, 409, 'conflict');
    expect(res.json().error.details).toEqual([
      { path: 'items.1', message: 'unavailable' },
      { path: 'items.2', message: 'option_missing' },
      { path: 'items.3', message: 'price_changed' },
      { path: 'items.4', message: 'unavailable' },
      { path: 'items.5', message: 'option_missing' },
      { path: 'items.6', message: 'unavailable' },
    ]);
    expect([
      await countRows(ctx, 'orders'),
      await countRows(ctx, 'order_events'),
      await countRows(ctx, 'order_day_numbers'),
    ]).toEqual(before);

    // a switched-off category makes its dishes unavailable; a changed price is refused until the cart shows it
    await ctx.db.updateTable('categories').set({ is_active: 0 }).where('id', '=', m.categoryId).execute();
    const off = await placeAs(ctx, {
      placement_id: m.tables[0]!._id,
      idempotency_key: newKey(),
      language: 'uz',
      items: [{ product_id: m.tea.id, quantity: 1, price: 5000 }],
    });
    expect(off.json().error.details).toEqual([{ path: 'items.0', message: 'unavailable' }]);
    await ctx.db.updateTable('categories').set({ is_active: 1 }).where('id', '=', m.categoryId).execute();
    await ctx.db.updateTable('products').set({ price: 6000 }).where('id', '=', m.tea.id).execute();
    const changed = await placeAs(ctx, {
      placement_id: m.tables[0]!._id,
      idempotency_key: newKey(),
      language: 'uz',
      items: [{ product_id: m.tea.id, quantity: 1, price: 5000 }],
    });
    expect(changed.json().error.details).toEqual([{ path: 'items.0', message: 'price_changed' }]);
    const now = await ok(
      placeAs(ctx, {
        placement_id: m.tables[0]!._id,
        idempotency_key: newKey(),
        language: 'uz',
        items: [{ product_id: m.tea.id, quantity: 3, price: 6000 }],
      }),
      201,
    );
    expect(now.data.total).toBe(18000);
    expect((await orderRow(now.data._id)).total).toBe(18000);
  });

  it("refuses a price any amount off the menu's, a fraction of a so'm too (409 price_changed, nothing stored)", async () => {
    const before = await countRows(ctx, 'orders');
    for (const price of [35000.004, 34999.996, 35000.5, 35001]) {
      const res = await placeAs(
        ctx,
        basket(w, 0, { items: [{ product_id: w.osh.id, quantity: 1, row_ids: [w.big.id], price }] }),
      );
      expectError(res, 409, 'conflict');
      expect(res.json().error.details).toEqual([{ path: 'items.0', message: 'price_changed' }]);
    }
    expect(await countRows(ctx, 'orders')).toBe(before);
  });

  it("takes a fractional menu's price as the cart adds it up (unitPrice), stored as sent", async () => {
    const m = await orderWorld(ctx, 1);
    // 10 000.1 so'm with extras of 0.1 and 0.2 in two options: (10000.1 + 0.1) + 0.2 is not
    // 10000.1 + (0.1 + 0.2) in floating point; the cart and the server add up the same way
    const dish = await createProduct(ctx, m.restaurantId, m.categoryId, { name: 'Manti', price: 10000.1 });
    const sauce = await createOptionRow(ctx, (await createOption(ctx, dish.id, 'Sous')).id, {
      name: 'Qatiq',
      price: 0.1,
    });
    const size = await createOptionRow(ctx, (await createOption(ctx, dish.id, 'Hajmi')).id, {
      name: 'Katta',
      price: 0.2,
    });
    const price = unitPrice(10000.1, [{ price: 0.1 }, { price: 0.2 }]);
    const made = await ok(
      placeAs(ctx, {
        placement_id: m.tables[0]!._id,
        idempotency_key: newKey(),
        language: 'uz',
        items: [{ product_id: dish.id, quantity: 2, row_ids: [sauce.id, size.id], price }],
      }),
      201,
    );
    expect(made.data.items[0].price).toBe(price);
    expect(made.data.total).toBe(price * 2);
  });

  it('takes one row of an option of one row or none (409 naming the line and the option), a row named once (400); a product without rows chosen is priced alone', async () => {
    const before = await countRows(ctx, 'orders');
    const res = await placeAs(
      ctx,
      basket(w, 0, {
        items: [{ product_id: w.osh.id, quantity: 1, row_ids: [w.big.id, w.small.id], price: 35000 }],
      }),
    );
    expectError(res, 409, 'conflict');
    expect(res.json().error.details).toEqual([
      { path: `items.0.options.${w.optionId}`, message: 'option_rule' },
    ]);
    const twice = await placeAs(
      ctx,
      basket(w, 0, {
        items: [{ product_id: w.osh.id, quantity: 1, row_ids: [w.big.id, w.big.id], price: 40000 }],
      }),
    );
    expectError(twice, 400, 'validation');
    expect(twice.json().error.details).toEqual([{ path: 'items.0.rows', message: 'Each row once' }]);
    expect(await countRows(ctx, 'orders')).toBe(before);
    const plain = await ok(
      placeAs(ctx, basket(w, 0, { items: [{ product_id: w.osh.id, quantity: 1, price: 30000 }] })),
      201,
    );
    expect(plain.data.items[0].rows).toEqual([]);
  });

  it("holds the schema's limits (400, nothing stored) and 404s an unknown table", async () => {
    const before = await countRows(ctx, 'orders');
    const line = { product_id: w.tea.id, quantity: 1, price: 5000 };
    for (const bad of [
      basket(w, 0, { items: Array.from({ length: ORDER_LIMITS.items + 1 }, () => line) }),
      basket(w, 0, { items: [{ ...line, quantity: ORDER_LIMITS.quantity + 1 }] }),
      basket(w, 0, { items: [{ ...line, quantity: 0 }] }),
      basket(w, 0, { items: [] }),
      basket(w, 0, { comment: 'x'.repeat(ORDER_LIMITS.comment + 1) }),
      basket(w, 0, { idempotency_key: 'short' }),
      basket(w, 0, { language: 'de' }),
      basket(w, 0, { name: 'Ali' }),
    ]) {
      expectError(await placeAs(ctx, bad), 400, 'validation');
    }
    expect(await countRows(ctx, 'orders')).toBe(before);
    expectError(await placeAs(ctx, basket(w, 0, { placement_id: 'no-such-table' })), 404, 'not_found');
  });
});

describe('rate limits', () => {
  let limited: TestCtx;
  let lw: OrderWorld;
  beforeAll(async () => {
    limited = await createTestApp({
      orderLimits: {
        ordersPerAddress: 3,
        ordersPerTable: 2,
        callsPerAddress: 2,
        callsPerTable: 1,
        windowMs: 60_000,
        addresses: 4,
        tableMissesPerAddress: 3,
        tableMissWindowMs: 600_000,
      },
    });
    lw = await orderWorld(limited, 4);
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('per table (counted in the database): 429 rate_limited with Retry-After, nothing stored', async () => {
    await ok(placeAs(limited, basket(lw, 0), '192.0.2.1'), 201);
    await ok(placeAs(limited, basket(lw, 0), '192.0.2.2'), 201);
    const before = await countRows(limited, 'orders');
    const res = await placeAs(limited, basket(lw, 0), '192.0.2.3');
    expectError(res, 429, 'rate_limited');
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await countRows(limited, 'orders')).toBe(before);
    // a retry of an order already made is not counted: it answers that order
    const made = basket(lw, 1);
    await ok(placeAs(limited, made, '192.0.2.4'), 201);
    await ok(placeAs(limited, basket(lw, 1), '192.0.2.4'), 201);
    await ok(placeAs(limited, made, '192.0.2.4'), 200);
    // the count is the database's: rows older than the window no longer count
    await limited.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('placement_id', '=', lw.tables[0]!._id)
      .execute();
    await ok(placeAs(limited, basket(lw, 0), '192.0.2.5'), 201);
  });

  it('per address (in memory, bounded): 429 with Retry-After whichever table', async () => {
    const address = '192.0.2.50';
    await ok(placeAs(limited, basket(lw, 2), address), 201);
    await ok(placeAs(limited, basket(lw, 3), address), 201);
    await ok(placeAs(limited, basket(lw, 3), address), 201);
    const before = await countRows(limited, 'orders');
    const res = await placeAs(limited, basket(lw, 2), address);
    expectError(res, 429, 'rate_limited');
    expect(res.json().error.message).toBe('Too many orders from this address');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await countRows(limited, 'orders')).toBe(before);
    // another address is not held back by this one
    await ok(placeAs(limited, basket(lw, 2), '192.0.2.51'), 201);
  });

  it('IPv6: one /64 is one address for orders and calls, as for unknown tables, logins and visits', async () => {
    const v6 = await orderWorld(limited, 3);
    const host = (n: number) => `2001:db8:9:1::${n}`;
    await ok(placeAs(limited, basket(v6, 0), host(1)), 201);
    await ok(placeAs(limited, basket(v6, 0), host(2)), 201);
    await ok(placeAs(limited, basket(v6, 1), host(3)), 201);
    // a fourth order from the same /64: its share is spent whichever host of it sends
    const before = await countRows(limited, 'orders');
    const res = await placeAs(limited, basket(v6, 1), host(4));
    expectError(res, 429, 'rate_limited');
    expect(res.json().error.message).toBe('Too many orders from this address');
    expect(await countRows(limited, 'orders')).toBe(before);
    // another /64 is another address
    await ok(placeAs(limited, basket(v6, 2), '2001:db8:9:2::1'), 201);
    // calls alike
    await ok(callAs(limited, { placement_id: v6.tables[0]!._id, kind: 'waiter' }, host(5)), 201);
    await ok(callAs(limited, { placement_id: v6.tables[1]!._id, kind: 'waiter' }, host(6)), 201);
    const call = await callAs(limited, { placement_id: v6.tables[2]!._id, kind: 'waiter' }, host(7));
    expectError(call, 429, 'rate_limited');
    expect(call.json().error.message).toBe('Too many calls from this address');
  });

  it('a key reused with another order counts against the address (a refusal is no retry); a retry still does not', async () => {
    const address = '192.0.2.60';
    const body = basket(await orderWorld(limited, 1));
    await ok(placeAs(limited, body, address), 201);
    const other = { ...body, comment: 'Piyozsiz' };
    expectError(await placeAs(limited, other, address), 422, 'idempotency_key_reused');
    expectError(await placeAs(limited, other, address), 422, 'idempotency_key_reused');
    expectError(await placeAs(limited, other, address), 429, 'rate_limited');
    // the order itself is still answered to its own request
    expect((await ok(placeAs(limited, body, address), 200)).data.comment).toBeNull();
  });

  it('table codes carry 128 random bits; a code made before (24 random bits) still opens its table', async () => {
    for (const t of lw.tables) expect(t._id).toMatch(/^[0-9a-f]{18}[\w-]{22}$/);
    // a placement of an earlier version, its id printed on its tables: looked up as before
    const old = '0190a1b2c3d4000001a1b2c3';
    await limited.db
      .insertInto('placements')
      .values({
        ...(await limited.db
          .selectFrom('placements')
          .selectAll()
          .where('id', '=', lw.tables[3]!._id)
          .executeTakeFirstOrThrow()),
        id: old,
        name: 'Eski stol',
      })
      .execute();
    const table = await ok(limited.app.inject({ method: 'GET', url: `/api/public/tables/${old}` }));
    expect(table.data.table).toBe('Eski stol');
  });

  it('unknown tables count against the address: past the limit every table is refused (429), whichever way it is asked', async () => {
    const guesser = '198.51.100.7';
    const table = (id: string, address = guesser) =>
      limited.app.inject({ method: 'GET', url: `/api/public/tables/${id}`, remoteAddress: address });
    expectError(await table('guess-1'), 404, 'not_found');
    expectError(
      await placeAs(limited, basket(lw, 0, { placement_id: 'guess-2' }), guesser),
      404,
      'not_found',
    );
    expectError(
      await callAs(limited, { placement_id: 'guess-3', kind: 'waiter' }, guesser),
      404,
      'not_found',
    );
    // past 3 misses: refused before the lookup, so a right guess is not told apart from a wrong one
    const refused = await table(lw.tables[2]!._id);
    expectError(refused, 429, 'rate_limited');
    expect(refused.json().error.message).toBe('Too many unknown tables from this address');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expectError(await table('guess-4'), 429, 'rate_limited');
    expectError(
      await callAs(limited, { placement_id: lw.tables[2]!._id, kind: 'bill' }, guesser),
      429,
      'rate_limited',
    );
    // IPv6: the address's /64 is one guesser, as for failed logins and visits
    for (const host of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1::3']) {
      expectError(await table(`guess-${host}`, host), 404, 'not_found');
    }
    expectError(await table(lw.tables[2]!._id, '2001:db8:7:1::99'), 429, 'rate_limited');
    // a found table is not a miss: the guests of another address go on
    for (let i = 0; i < 5; i++) await ok(table(lw.tables[2]!._id, '198.51.100.8'));
  });

  it('the per-address memory is bounded: past its size the least recently seen address is forgotten', () => {
    const window = new AddressWindow(60_000, 2);
    window.take('a', 1, 'orders', 1000);
    window.take('b', 1, 'orders', 1000);
    expect(() => window.take('a', 1, 'orders', 2000)).toThrow(/Too many orders/);
    window.take('c', 1, 'orders', 2000); // b is the least recently seen: forgotten
    expect(window.size).toBe(2);
    window.take('b', 1, 'orders', 3000);
    expect(() => window.take('c', 1, 'orders', 3000)).toThrow();
    // a window later the address may again
    window.take('c', 1, 'orders', 62_001);
  });

  it('calls per table and per address: 429 with Retry-After; a pending call answers without counting', async () => {
    const first = await ok(
      callAs(limited, { placement_id: lw.tables[1]!._id, kind: 'waiter' }, '192.0.2.60'),
      201,
    );
    // pressing again answers the pending call (not a new one, not counted)
    for (let i = 0; i < 3; i++) {
      expect(
        (await ok(callAs(limited, { placement_id: lw.tables[1]!._id, kind: 'waiter' }, '192.0.2.60'))).data
          ._id,
      ).toBe(first.data._id);
    }
    await ok(apiCall(limited, 'PUT', `/manager/calls/${first.data._id}/done`, lw.manager.token));
    const res = await callAs(limited, { placement_id: lw.tables[1]!._id, kind: 'waiter' }, '192.0.2.61');
    expectError(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
    const calls = await limited.db
      .selectFrom('table_calls')
      .select('id')
      .where('placement_id', '=', lw.tables[1]!._id)
      .execute();
    expect(calls).toHaveLength(1);
  });
});

describe("an order's life", () => {
  it('moves only along ORDER_TRANSITIONS; any other move is 409 and changes nothing', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES.filter((s) => s !== 'sent')) {
        const order = (
          await ok(
            placeAs(
              ctx,
              basket(w, 0),
              `198.18.${ORDER_STATUSES.indexOf(from)}.${ORDER_STATUSES.indexOf(to)}`,
            ),
            201,
          )
        ).data;
        // bring it to `from` along the allowed path
        const path = {
          sent: [],
          accepted: ['accepted'],
          ready: ['accepted', 'ready'],
          served: ['accepted', 'ready', 'served'],
          rejected: ['rejected'],
        }[from];
        for (const step of path) {
          await ok(
            apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, w.manager.token, {
              status: step,
              reason: 'Tugadi',
            }),
          );
        }
        const events = await countRows(ctx, 'order_events');
        const res = await apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, w.manager.token, {
          status: to,
          reason: 'Oshxona yopiq',
        });
        const row = await orderRow(order._id);
        if (ORDER_TRANSITIONS[from].includes(to)) {
          expect(res.statusCode, `${from} -> ${to}`).toBe(200);
          expectShape(answers.order, res.json());
          expect(row.status).toBe(to);
          expect(res.json().data.status).toBe(to);
          expect(await countRows(ctx, 'order_events')).toBe(events + 1);
        } else {
          expectError(res, 409, 'conflict');
          expect(row.status, `${from} -> ${to}`).toBe(from);
          expect(await countRows(ctx, 'order_events')).toBe(events);
        }
      }
    }
  });

  it('requires a reason to reject (400); the guest reads it', async () => {
    const order = (await ok(placeAs(ctx, basket(w, 1), '198.19.0.1'), 201)).data;
    const res = await apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, w.manager.token, {
      status: 'rejected',
    });
    expectError(res, 400, 'validation');
    expect(res.json().error.details).toEqual([{ path: 'reason', message: 'Required' }]);
    expect((await orderRow(order._id)).status).toBe('sent');
    await ok(
      apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, w.manager.token, {
        status: 'rejected',
        reason: ' Osh tugadi ',
      }),
    );
    const guest = await ok(apiCall(ctx, 'GET', `/public/orders/${order._id}?key=${order.key}`));
    expect(guest.data).toMatchObject({ status: 'rejected', reject_reason: 'Osh tugadi' });
  });

  it('two staff accepting at once: one wins, the other is 409 (one event)', async () => {
    const order = (await ok(placeAs(ctx, basket(w, 2), '198.19.0.2'), 201)).data;
    const events = await countRows(ctx, 'order_events');
    const both = await Promise.all([
      apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, w.manager.token, { status: 'accepted' }),
      apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, admin.token, { status: 'accepted' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await orderRow(order._id)).status).toBe('accepted');
    expect(await countRows(ctx, 'order_events')).toBe(events + 1);
  });

  it("is the restaurant's: another manager gets 404 and changes nothing; the admin may", async () => {
    const order = (await ok(placeAs(ctx, basket(w, 0), '198.19.0.3'), 201)).data;
    const other = await orderWorld(ctx, 1);
    expectError(
      await apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, other.manager.token, {
        status: 'accepted',
      }),
      404,
      'not_found',
    );
    expect((await orderRow(order._id)).status).toBe('sent');
    const waiter = await createUser(ctx, 'waiter');
    expectError(
      await apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, waiter.token, { status: 'accepted' }),
      403,
    );
    await ok(apiCall(ctx, 'PUT', `/manager/orders/${order._id}/status`, admin.token, { status: 'accepted' }));
    expect((await orderRow(order._id)).status).toBe('accepted');
    // lists: a manager's own only, the admin names the restaurant
    const theirs = await ok(apiCall(ctx, 'GET', '/manager/orders', other.manager.token));
    expect(theirs.data.some((o: { _id: string }) => o._id === order._id)).toBe(false);
    expectError(
      await apiCall(ctx, 'GET', `/manager/orders?restaurant_id=${w.restaurantId}`, other.manager.token),
      404,
    );
    expectError(await apiCall(ctx, 'GET', '/manager/orders', admin.token), 400, 'validation');
    const adminList = await ok(
      apiCall(ctx, 'GET', `/manager/orders?restaurant_id=${w.restaurantId}`, admin.token),
    );
    expect(adminList.data.some((o: { _id: string }) => o._id === order._id)).toBe(true);
    for (const url of [
      '/manager/orders/days',
      '/manager/orders/csv',
      '/manager/calls',
      '/manager/orders/events',
    ]) {
      expectError(
        await apiCall(ctx, 'GET', `${url}?restaurant_id=${w.restaurantId}`, other.manager.token),
        404,
      );
    }
  });
});

describe('calls', () => {
  it('one pending per table and kind; pressing again answers it; done clears it; a new one after', async () => {
    const c = await orderWorld(ctx, 2);
    const t = c.tables[0]!._id;
    const events = await countRows(ctx, 'order_events');
    const waiter = await ok(callAs(ctx, { placement_id: t, kind: 'waiter' }), 201);
    expectShape(answers.call, waiter);
    expect(waiter.data).toMatchObject({
      restaurant_id: c.restaurantId,
      placement_id: t,
      table: 'Stol 1',
      kind: 'waiter',
      status: 'pending',
      doneAt: null,
    });
    const again = await ok(callAs(ctx, { placement_id: t, kind: 'waiter' }, '203.0.113.99'), 200);
    expect(again.data).toEqual(waiter.data);
    const bill = await ok(callAs(ctx, { placement_id: t, kind: 'bill' }), 201);
    // at the same moment on two phones: still one
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        callAs(ctx, { placement_id: c.tables[1]!._id, kind: 'bill' }, `203.0.113.${i}`),
      ),
    );
    expect(new Set(burst.map((r) => r.json().data._id)).size).toBe(1);
    expect(await countRows(ctx, 'order_events')).toBe(events + 3);
    expect((await ok(apiCall(ctx, 'GET', `/public/tables/${t}`))).data.pending_calls).toEqual([
      'bill',
      'waiter',
    ]);
    const pending = await ok(apiCall(ctx, 'GET', '/manager/calls', c.manager.token));
    expectShape(answers.calls, pending);
    expect(pending.data.map((x: { _id: string }) => x._id)).toEqual([
      waiter.data._id,
      bill.data._id,
      burst[0]!.json().data._id,
    ]);

    const other = await orderWorld(ctx, 1);
    expectError(
      await apiCall(ctx, 'PUT', `/manager/calls/${waiter.data._id}/done`, other.manager.token),
      404,
    );
    const done = await ok(apiCall(ctx, 'PUT', `/manager/calls/${waiter.data._id}/done`, c.manager.token));
    expect(done.data.status).toBe('done');
    expect(done.data.doneAt).toEqual(expect.any(String));
    const stored = await ctx.db
      .selectFrom('table_calls')
      .selectAll()
      .where('id', '=', waiter.data._id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'done', done_at: done.data.doneAt });
    expect(
      (await ok(apiCall(ctx, 'PUT', `/manager/calls/${waiter.data._id}/done`, c.manager.token))).data,
    ).toEqual(done.data);
    expect((await ok(apiCall(ctx, 'GET', `/public/tables/${t}`))).data.pending_calls).toEqual(['bill']);
    const next = await ok(callAs(ctx, { placement_id: t, kind: 'waiter' }), 201);
    expect(next.data._id).not.toBe(waiter.data._id);
    expectError(await callAs(ctx, { placement_id: t, kind: 'dessert' }), 400, 'validation');
    expectError(await callAs(ctx, { placement_id: 'nope', kind: 'bill' }), 404);
  });
});

describe("the day's list, the history and the CSV", () => {
  it('lists the day newest first, totals served and rejected per day, and writes a CSV Excel reads', async () => {
    const h = await orderWorld(ctx, 2);
    const a = (await ok(placeAs(ctx, basket(h, 0, { comment: '=cmd|"/c calc"' })), 201)).data;
    const b = (
      await ok(
        placeAs(ctx, basket(h, 1, { items: [{ product_id: h.tea.id, quantity: 2, price: 5000 }] })),
        201,
      )
    ).data;
    const c = (
      await ok(
        placeAs(ctx, basket(h, 1, { items: [{ product_id: h.tea.id, quantity: 1, price: 5000 }] })),
        201,
      )
    ).data;
    for (const s of ['accepted', 'ready', 'served'])
      await ok(apiCall(ctx, 'PUT', `/manager/orders/${a._id}/status`, h.manager.token, { status: s }));
    await ok(
      apiCall(ctx, 'PUT', `/manager/orders/${b._id}/status`, h.manager.token, {
        status: 'rejected',
        reason: 'Yopiq',
      }),
    );
    // an order of yesterday (moved there by hand): another day of the history
    const yesterday = new Date(Date.now() + 5 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    await ctx.db.updateTable('orders').set({ day: yesterday }).where('id', '=', c._id).execute();

    const today = (await ok(apiCall(ctx, 'GET', '/manager/orders', h.manager.token))).data;
    expect(today.map((o: { number: number }) => o.number)).toEqual([2, 1]);
    const old = await ok(apiCall(ctx, 'GET', `/manager/orders?day=${yesterday}`, h.manager.token));
    expect(old.data.map((o: { _id: string }) => o._id)).toEqual([c._id]);
    expectError(await apiCall(ctx, 'GET', '/manager/orders?day=yesterday', h.manager.token), 400);

    const days = await ok(apiCall(ctx, 'GET', '/manager/orders/days', h.manager.token));
    expectShape(answers.orderDays, days);
    expect(days.data).toEqual([
      { day: today[0].day, orders: 2, served: 1, rejected: 1, total: 75000 },
      { day: yesterday, orders: 1, served: 0, rejected: 0, total: 0 },
    ]);
    const span = await ok(
      apiCall(ctx, 'GET', `/manager/orders/days?from=${today[0].day}&to=${today[0].day}`, h.manager.token),
    );
    expect(span.data).toHaveLength(1);

    const res = await apiCall(ctx, 'GET', '/manager/orders/csv', h.manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="buyurtmalar-/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe("Raqam,Vaqt,Stol,Holat,Taomlar,Izoh,Jami (so'm)");
    expect(lines[1]).toMatch(
      /^#1,\d\d:\d\d,Stol 1,Berildi,"2 × Osh \(Hajmi: Katta\); 1 × Choy","'=cmd\|""\/c calc""",75000$/,
    );
    expect(lines[2]).toMatch(/^#2,\d\d:\d\d,Stol 2,Rad etildi,2 × Choy,,10000$/);
    expect(lines[3]).toBe('');
  });

  it('neutralises every segment a spreadsheet could split a cell into, not only its first character', async () => {
    const h = await orderWorld(ctx, 1);
    await ctx.db
      .updateTable('placements')
      .set({ name: 'Ayvon;@SUM(A1)' })
      .where('id', '=', h.tables[0]!._id)
      .execute();
    // each of ; , tab and a new line starts a cell where a spreadsheet splits on it (Excel in a
    // Russian or Uzbek locale splits on ;), and a quote or spaces before the formula do not stop it
    const comment = 'x;=1+1, +2\t-3\n@A1;"=HYPERLINK(1)" ;  =2';
    await ok(placeAs(ctx, basket(h, 0, { comment })), 201);
    const text = (await apiCall(ctx, 'GET', '/manager/orders/csv', h.manager.token)).rawPayload
      .subarray(3)
      .toString('utf8');
    const row = text.split('\r\n').slice(1).join('\r\n');
    expect(row).toContain(`,"Ayvon;'@SUM(A1)",`);
    expect(row).toContain(`,"x;'=1+1, '+2\t'-3\n'@A1;""'=HYPERLINK(1)"" ;  '=2",`);
    // no segment of any cell starts a formula (after spaces and double quotes)
    for (const segment of row.split(/[;,\t\r\n]/)) expect(segment).not.toMatch(/^[ "]*[=+\-@]/);
  });
});
