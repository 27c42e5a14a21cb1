/**
 * Guests' orders into Poster through the sender (integration/pos/order-sender.ts) against the
 * fake joinposter API: Poster down (refusing connections, then answering 503) while 10 orders
 * arrive; the staff see each on its way, none reaches Poster; once it is back all 10 reach it
 * once, in order, as online orders at the mapped table, without waiting for the cashier (Poster
 * holds each already), and read accepted as soon as the cashier takes each (the signed
 * `incoming_order` webhook makes its pending send due at once).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { orderTag } from '../src/integration/providers/poster/order-mapping';
import { apiCall } from './helpers';
import { newKey, ok, placeAs } from './orders-support';
import { filePosOrdersWorld, posProduct } from './pos-support';

/** The longest pause after a fault (ms): the head order is tried again that long after its last. */
const MAX_BACKOFF_MS = 2;

describe('Poster down while guests order', () => {
  const { ctx, world, fake } = filePosOrdersWorld('poster', {
    app: {
      // a pending send is asked again only after a minute: Poster's webhook makes it due at once
      posOrders: { schedule: false, backoffMs: 1, maxBackoffMs: MAX_BACKOFF_MS, followMs: 60_000 },
    },
    tables: ['Stol 5'],
  });
  let placementId: string;

  beforeAll(async () => {
    placementId = world.tables['Stol 5'] as string;
    // the placements dialog lists Poster's tables; "Stol 5" is mapped to Poster's table 5
    const tables = await ok(apiCall(ctx, 'GET', '/manager/pos/tables', world.manager.token));
    expect(tables.data.tables).toContainEqual({ id: '105', name: '5', section: 'Asosiy zal' });
    await ok(
      apiCall(ctx, 'PUT', `/manager/placements/${placementId}/pos-table`, world.manager.token, {
        pos_table_id: '105',
      }),
    );
  });

  const board = async () =>
    (await ok(apiCall(ctx, 'GET', '/manager/orders', world.manager.token))).data as {
      _id: string;
      number: number;
      pos: { state: string; reason: string | null; pos_order_id: string | null } | null;
    }[];

  it('10 orders while Poster is down: each seen on its way, all reach Poster once, in order, after', async () => {
    const kompot = (await posProduct(ctx, world.restaurantId, '115'))!;
    await fake.down('refused');
    const placed: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await placeAs(
        ctx,
        {
          placement_id: placementId,
          idempotency_key: newKey(),
          language: 'uz',
          items: [{ product_id: kompot.id, quantity: i + 1, price: Number(kompot.price) }],
        },
        `203.0.113.${i + 1}`,
      );
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().data._id);
      await ctx.app.posOrders.drain();
      if (i === 4) await fake.down('503'); // half the outage answers 503 instead
    }
    for (let k = 0; k < 3; k++) await ctx.app.posOrders.drain();
    expect(fake.incomingOrders).toHaveLength(0);
    // the staff see each order on its way, the first one with the reason it waits
    const seen = new Map((await board()).map((o) => [o._id, o]));
    for (const id of placed) expect(['waiting', 'failed']).toContain(seen.get(id)?.pos?.state);
    expect(seen.get(placed[0] as string)?.pos).toMatchObject({ state: 'failed' });
    expect(seen.get(placed[0] as string)?.pos?.reason).toBeTruthy();

    await fake.up();
    // the head order's pause after its last fault: on a fast machine the steps since it may take
    // less, and a drain before the head is due sends nothing
    await new Promise((r) => setTimeout(r, MAX_BACKOFF_MS + 1));
    const hook = `/api/integrations/poster/webhook/${world.restaurantId}`;
    const state = async (id: string) =>
      (await ctx.db.selectFrom('order_pos').select('state').where('order_id', '=', id).executeTakeFirst())
        ?.state;
    // back up: one drain takes all 10 to Poster, in order; an online order waiting for the
    // cashier does not hold the ones after it (Poster holds it already)
    await ctx.app.posOrders.drain();
    expect(fake.incomingOrders).toHaveLength(10);
    for (const id of placed) expect(await state(id)).toBe('pending');
    // the cashier takes each online order; Poster posts the signed webhook to the app
    for (const [i, id] of placed.entries()) {
      const online = fake.incomingOrders[i];
      expect(online?.comment).toContain(orderTag(id));
      await fake.settle(online?.incoming_order_id as number, 'accepted');
      await ctx.app.posOrders.drain();
      expect(await state(id)).toBe('pending'); // its next poll is a minute away
      const res = await ctx.app.inject({
        method: 'POST',
        url: hook,
        payload: fake.webhook(online?.incoming_order_id as number),
      });
      expect(res.statusCode).toBe(200);
      for (let k = 0; k < 100 && (await state(id)) !== 'accepted'; k++) {
        await new Promise((r) => setTimeout(r, 10));
        await ctx.app.posOrders.drain();
      }
      expect(await state(id)).toBe('accepted');
    }
    await ctx.app.posOrders.drain();
    // once each, in the order the guests sent them, at Poster's table 5
    expect(fake.incomingOrders.map((o) => o.comment?.split('\n').at(-1)?.split(' ')[1])).toEqual(
      placed.map((id) => orderTag(id)),
    );
    expect(fake.incomingOrders.map((o) => o.products.map((p) => [p.product_id, p.count]))).toEqual(
      placed.map((_, i) => [[115, i + 1]]),
    );
    expect(new Set(fake.incomingOrders.map((o) => o.comment?.split('\n')[0]))).toEqual(
      new Set(['Stol: 5 (Asosiy zal)']),
    );
    const after = new Map((await board()).map((o) => [o._id, o]));
    expect(placed.map((id) => after.get(id)?.pos?.state)).toEqual(placed.map(() => 'accepted'));
    expect(placed.map((id) => after.get(id)?.pos?.pos_order_id)).toEqual(
      fake.incomingOrders.map((o) => String(o.transaction_id)),
    );
  });
});
