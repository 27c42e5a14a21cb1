/**
 * Every request our code builds for iiko Cloud, checked against iiko's own published OpenAPI
 * description (fixtures/iiko/openapi.subset.json through fakes/iiko-openapi.ts, discriminators
 * followed), not against our fake's reading of it: the table order's `order/create` (a mapped
 * table or none, a sized drink, a group and a single modifier, the note), `order/add_items` after
 * `order/by_table`, `order/by_id`, `commands/status`, the tables' `terminal_groups` and
 * `reserve/available_restaurant_sections`, a payment's `payment_types` and `order/add_payments`,
 * and the menu import's calls (both `access_token`s, `organizations`, `nomenclature`,
 * `stop_lists`). The answers are iiko's recorded and documented ones (fixtures/iiko/). Then the
 * fake iiko itself: it refuses on every path what the description refuses, in iiko's error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosOrderDraft, PosPaymentDraft } from '../src/integration/pos/outgoing-orders';
import { createIikoFactory } from '../src/integration/providers/iiko';
import { type IikoCall, iikoOrders, iikoPositionId } from '../src/integration/providers/iiko/orders';
import { iikoPayments } from '../src/integration/providers/iiko/payments';
import { type FakeIiko, IIKO_API_LOGIN, startFakeIiko } from './fakes/iiko';
import { IIKO_PATHS, iikoRequestFaults } from './fakes/iiko-openapi';
import { recorded } from './fixtures/recorded';

const ORG = '7bc05553-4b68-44e8-b7bc-37be63c6d9e9';
const GROUP = '497f6eca-6276-4993-bfeb-53cbbbba6f08';
const TABLE = '5f3a2d10-0000-4000-8000-000000000101';
const id = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Mastava; a Kompot of 1 L with ice (a group modifier); a Non with sesame (a single modifier). */
const draft: PosOrderDraft = {
  orderId: '01a2166c8885000050f554e6',
  number: 3,
  locationId: ORG,
  terminalGroupId: GROUP,
  tableId: TABLE,
  tableName: 'Stol 5',
  comment: 'Piyozsiz, iltimos',
  lines: [
    { productId: id(5, 1), sizeId: null, modifiers: [], amount: 1, price: 28000, name: 'Mastava' },
    {
      productId: id(5, 2),
      sizeId: id(2, 12),
      modifiers: [{ id: id(4, 1), groupId: id(3, 1), amount: 1, price: 1000, name: 'Muz' }],
      amount: 2,
      price: 16000,
      name: 'Kompot',
    },
    {
      productId: id(5, 3),
      sizeId: null,
      modifiers: [{ id: id(4, 2), groupId: null, amount: 1, price: 500, name: 'Kunjut' }],
      amount: 3,
      price: 4500,
      name: 'Non',
    },
  ],
};

/** The paths whose requests this file checked. */
const checked = new Set<string>();

/**
 * A call that checks each body against iiko's description, then answers as iiko answered
 * (`answers[path]`, a function of the body where the answer depends on it).
 */
function validating(answers: Record<string, unknown>) {
  const sent: { path: string; body: unknown; faults: string[] }[] = [];
  const call: IikoCall = async (path, body, schema) => {
    sent.push({ path, body, faults: iikoRequestFaults(path, body) });
    checked.add(path);
    const answer = answers[path];
    return schema.parse(typeof answer === 'function' ? answer(body) : answer);
  };
  return { call, sent };
}

const created = recorded<{ orderInfo: { id: string } }>('iiko/order_create.recorded.json');
const [success] = recorded<{ answers: unknown[] }>('iiko/commands_status.recorded.json').answers;
const command = recorded('iiko/add_payments.documented.json');
const noOrders = { correlationId: 'c', orders: [] };
/** The table's open order as `order/by_table` and `order/by_id` answer it (a `TableOrderInfo`). */
const openOrder = {
  id: created.orderInfo.id,
  creationStatus: 'Success',
  order: { status: 'New', number: 7, sum: 0, tableIds: [TABLE], items: [], payments: [] },
};

describe('the requests we build for iiko, against its OpenAPI description', () => {
  it('order/create: a mapped table, a sized drink, a group and a single modifier, our note; then commands/status and order/by_id', async () => {
    const { call, sent } = validating({
      '/api/1/order/by_id': noOrders,
      '/api/1/order/create': created,
      '/api/1/commands/status': success,
    });
    const orders = iikoOrders(call, undefined);
    const pending = await orders.send(draft, null);
    expect(pending.state).toBe('pending');
    await orders.follow(draft, pending.state === 'pending' ? pending.ticket : '');
    expect(sent.map((s) => s.path)).toEqual([
      '/api/1/order/by_id',
      '/api/1/order/create',
      '/api/1/commands/status',
      '/api/1/order/by_id',
    ]);
    expect(sent.flatMap((s) => s.faults)).toEqual([]);
    const body = sent[1]?.body as { order: { tableIds: string[]; items: Record<string, unknown>[] } };
    expect(body.order.tableIds).toEqual([TABLE]);
    expect(body.order.items.map((i) => [i.price, i.comment, i.modifiers])).toEqual([
      [28000, 'QR #3 · Piyozsiz, iltimos', []],
      [15000, undefined, [{ productId: id(4, 1), amount: 1, productGroupId: id(3, 1), price: 1000 }]],
      [4000, undefined, [{ productId: id(4, 2), amount: 1, price: 500 }]],
    ]);
    // iiko refuses a line without its price: the check above would fail with it
    const { price: _, ...priceless } = body.order.items[0] as Record<string, unknown>;
    expect(
      iikoRequestFaults('/api/1/order/create', { ...body, order: { ...body.order, items: [priceless] } }),
    ).toEqual(["/order/items/0 must have required property 'price'"]);
  });

  it('order/create for a placement iiko has no table for: no tableIds, its name in the note', async () => {
    const { call, sent } = validating({ '/api/1/order/by_id': noOrders, '/api/1/order/create': created });
    await iikoOrders(call, undefined).send({ ...draft, tableId: null, comment: null }, null);
    expect(sent.flatMap((s) => s.faults)).toEqual([]);
    const body = sent[1]?.body as { order: Record<string, unknown> & { items: { comment?: string }[] } };
    expect(body.order.tableIds).toBeUndefined();
    expect(body.order.items[0]?.comment).toBe('QR #3 · Stol 5');
  });

  it("order/by_table, then order/add_items to the table's open order", async () => {
    const { call, sent } = validating({
      '/api/1/order/by_table': { correlationId: 'c', orders: [openOrder] },
      '/api/1/order/by_id': { correlationId: 'c', orders: [openOrder] },
      '/api/1/order/add_items': command,
    });
    const orders = iikoOrders(call, undefined);
    const open = await orders.openOrderOfTable?.(draft);
    expect(open).toBe(openOrder.id);
    expect(await orders.send(draft, open ?? null)).toMatchObject({ state: 'pending', posOrderId: open });
    expect(sent.map((s) => s.path)).toEqual([
      '/api/1/order/by_table',
      '/api/1/order/by_id',
      '/api/1/order/add_items',
    ]);
    expect(sent.flatMap((s) => s.faults)).toEqual([]);
    const added = sent[2]?.body as { items: { positionId: string; price: number }[] };
    expect(added.items.map((i) => [i.positionId, i.price])).toEqual([
      [iikoPositionId(draft, 0), 28000],
      [iikoPositionId(draft, 1), 15000],
      [iikoPositionId(draft, 2), 4000],
    ]);
  });

  it('terminal_groups and reserve/available_restaurant_sections', async () => {
    const { call, sent } = validating({
      '/api/1/terminal_groups': recorded('iiko/terminal_groups.documented.json'),
      '/api/1/reserve/available_restaurant_sections': recorded('iiko/restaurant_sections.documented.json'),
    });
    const orders = iikoOrders(call, undefined);
    await orders.listTerminalGroups?.(ORG);
    await orders.listTables(ORG, GROUP);
    expect(sent.map((s) => s.path)).toEqual([
      '/api/1/terminal_groups',
      '/api/1/reserve/available_restaurant_sections',
    ]);
    expect(sent.flatMap((s) => s.faults)).toEqual([]);
  });

  it('a bill paid here: payment_types, order/by_id, order/add_payments, then commands/status', async () => {
    const { call, sent } = validating({
      '/api/1/payment_types': recorded('iiko/payment_types_payme_click.assembled.json'),
      '/api/1/order/by_id': { correlationId: 'c', orders: [openOrder] },
      '/api/1/order/add_payments': command,
      '/api/1/commands/status': success,
    });
    const record = iikoPayments(call);
    const payment: PosPaymentDraft = {
      paymentId: `payme:1:${openOrder.id}`,
      method: 'payme',
      locationId: ORG,
      terminalGroupId: GROUP,
      posOrderId: openOrder.id,
      amount: 5_800_050,
    };
    const pending = await record(payment, null);
    expect(pending.state).toBe('pending');
    expect(await record(payment, pending.state === 'pending' ? pending.ticket : null)).toEqual({
      state: 'recorded',
    });
    expect(sent.map((s) => s.path)).toEqual([
      '/api/1/payment_types',
      '/api/1/order/by_id',
      '/api/1/order/add_payments',
      '/api/1/commands/status',
    ]);
    expect(sent.flatMap((s) => s.faults)).toEqual([]);
  });

  describe("the menu import's calls, received by the fake iiko (which checks them the same way)", () => {
    let fake: FakeIiko;
    beforeAll(async () => {
      fake = await startFakeIiko({ products: 20 });
    });
    afterAll(() => fake?.close());

    it.each([
      ['an API login', { apiLogin: IIKO_API_LOGIN }, '/api/1/access_token'],
      [
        'an application key',
        { appId: '3fa85f64-5717-4562-b3fc-2c963f66afa6', clientSecret: 'sk_live_x', apiKey: IIKO_API_LOGIN },
        '/api/v2/access_token',
      ],
    ])(
      'with %s: access_token, organizations, nomenclature, stop_lists',
      async (_, credentials, tokenPath) => {
        fake.received.length = 0;
        const iiko = createIikoFactory({ baseUrl: fake.url }).connect(credentials, {});
        const [organization] = await iiko.listRestaurants();
        const menu = await iiko.fetchMenu(organization?.id as string, null);
        await iiko.fetchMenu(organization?.id as string, menu.revision);
        await iiko.fetchStopList?.(organization?.id as string);
        const paths = fake.received.map((r) => r.path);
        expect(new Set(paths)).toEqual(
          new Set([tokenPath, '/api/1/organizations', '/api/1/nomenclature', '/api/1/stop_lists']),
        );
        expect(fake.received.flatMap((r) => r.faults)).toEqual([]);
        for (const path of paths) checked.add(path);
      },
    );
  });

  it('every path of the description was checked above', () => {
    expect([...checked].sort()).toEqual([...IIKO_PATHS].sort());
  });
});

describe('the fake iiko refuses what iiko refuses', () => {
  let fake: FakeIiko;
  let token: string;
  const post = async (path: string, body: unknown, auth?: string) => {
    const res = await fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  beforeAll(async () => {
    fake = await startFakeIiko({ products: 20 });
    token = String((await post('/api/1/access_token', { apiLogin: IIKO_API_LOGIN })).json.token);
  });
  afterAll(() => fake?.close());

  it.each(IIKO_PATHS)('%s: 400 in iiko error body, naming the fault', async (path) => {
    const answer = await post(path, { notIikos: true }, token);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.json).sort()).toEqual(['correlationId', 'error', 'errorDescription']);
    expect(answer.json.correlationId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(answer.json.errorDescription).toContain("must NOT have additional properties 'notIikos'");
  });

  it('a line without its price is refused before iiko looks at its menu', async () => {
    const organizationId = fake.data.organizations[0]?.id;
    const answer = await post(
      '/api/1/order/create',
      {
        organizationId,
        terminalGroupId: GROUP,
        order: { items: [{ type: 'Product', productId: id(5, 1), amount: 1 }] },
      },
      token,
    );
    expect(answer).toMatchObject({
      status: 400,
      json: { errorDescription: "/order/items/0 must have required property 'price'" },
    });
    expect(fake.desk.state.creates).toEqual([]);
  });
});
