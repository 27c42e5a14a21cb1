/**
 * One restaurant's POS does not hold another's orders (docs/ORDERS.md, "Into the POS"): the
 * senders run on their schedule, each restaurant's work on its own, so while one restaurant's iiko
 * holds an `order/create` unanswered (up to the POS timeout, here a minute), another restaurant's
 * order goes into its Poster.
 */
import { answers } from '@qrmenu/shared/schemas';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { clearIikoTokens } from '../src/integration/providers/iiko';
import { type FakeIiko, IIKO_TABLES, IIKO_TERMINAL_GROUPS, startFakeIiko } from './fakes/iiko';
import { type FakePoster, startFakePoster } from './fakes/poster';
import { apiCall, expectShape, type TestCtx } from './helpers';
import { newKey, ok, placeAs } from './orders-support';
import { type PosWorld, posProduct, posWorld } from './pos-support';

let fake: FakeIiko;
let poster: FakePoster;
let ctx: TestCtx;
let first: PosWorld;
let second: PosWorld;

const put = (world: PosWorld, url: string, body: unknown) =>
  ok(apiCall(ctx, 'PUT', url, world.manager.token, body));

/** One dish at the restaurant's Stol 5. */
async function place(world: PosWorld, externalId: string) {
  const { id, price } = (await posProduct(ctx, world.restaurantId, externalId))!;
  return expectShape(
    answers.guestOrder,
    await ok(
      placeAs(ctx, {
        placement_id: world.tables['Stol 5'],
        idempotency_key: newKey(),
        language: 'uz',
        items: [{ product_id: id, quantity: 1, row_ids: [], price: Number(price) }],
      }),
      201,
    ),
  ).data;
}

const posState = async (orderId: string) => (await ctx.app.repos.orderPos.find(orderId))?.state;

beforeAll(async () => {
  clearIikoTokens();
  fake = await startFakeIiko({ products: 20, tableDishes: true });
  poster = await startFakePoster({ products: 40 });
  const options = { tables: ['Stol 5'], posSend: 'at_once' as const };
  first = await posWorld(
    { provider: 'iiko', fake },
    {
      ...options,
      app: {
        posterApiUrl: poster.url,
        // a held call waits a minute before it counts as failed: far longer than the test
        posHttp: { timeoutMs: 60_000, attempts: 1 },
        posOrders: { everyMs: 50, followMs: 0 },
      },
    },
  );
  ({ ctx } = first);
  second = await posWorld({ provider: 'poster', fake: poster }, { ...options, ctx });
  await put(first, '/manager/pos/terminal-group', { terminal_group_id: IIKO_TERMINAL_GROUPS[0]?.id });
  await put(first, `/manager/placements/${first.tables['Stol 5']}/pos-table`, {
    pos_table_id: IIKO_TABLES[4]?.id,
  });
  await put(second, `/manager/placements/${second.tables['Stol 5']}/pos-table`, { pos_table_id: '105' });
});

afterAll(async () => {
  // the fakes first: a fake's close drops the held call, so the app's close does not wait for it
  await fake?.close();
  await poster?.close();
  await ctx?.close();
});

it("a restaurant whose iiko holds an order unanswered does not hold another restaurant's order", async () => {
  fake.fail('/api/1/order/create', 'timeout');
  // the iiko restaurant's Mastava; its order/create gets no answer
  const held = await place(first, '00000005-0000-4000-8000-000000002329');
  await vi.waitFor(() => expect(fake.count('/api/1/order/create')).toBe(1), { timeout: 10_000 });

  // the Poster restaurant's Kompot goes into its Poster meanwhile
  const other = await place(second, '115');
  await vi.waitFor(() => expect(poster.incomingOrders).toHaveLength(1), { timeout: 20_000 });
  expect(poster.incomingOrders[0]?.body).toMatchObject({ products: [{ product_id: 115, count: 1 }] });
  // Poster holds it, its cashier to decide
  await vi.waitFor(async () => expect(await posState(other._id)).toBe('pending'), { timeout: 10_000 });
  // the iiko restaurant's order is still on its way: its call has had no answer
  expect(await posState(held._id)).toBe('sending');
  expect(fake.desk.made()).toEqual([]);
});
