/**
 * Guests' orders into iiko (docs/ORDERS.md, "Into the POS"), against the fake iikoTransport
 * (fakes/iiko.ts, fakes/iiko-orders.ts: answers in the shapes of iiko's recorded ones, every
 * request checked against iiko's published request schemas): the exact `order/create` body (the
 * mapped table, product, size and modifier ids, amounts, unit prices, the note on the first
 * dish), iiko's total equal to ours and a price iiko sets itself shown, a second order of the
 * table through `add_items`, a dish iiko refuses (by id, or by name only) named to the board and
 * the guest, iiko down while 10 orders arrive (each once, in order, after it is back), a lost answer
 * retried without a double, a refused token waiting for the staff's retry; the plov's required
 * group and its extras taken twice going as iiko's groups with their amounts, and an order without
 * the required group refused in iiko's words.
 */
import { answers } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearIikoTokens } from '../src/integration/providers/iiko';
import { iikoOrderId } from '../src/integration/providers/iiko/orders';
import { orderMessage } from '../src/telegram/messages';
import { IIKO_TABLES, IIKO_TERMINAL_GROUPS } from './fakes/iiko';
import { apiCall, expectError, expectShape } from './helpers';
import { newKey, ok, placeAs } from './orders-support';
import { drainPos, filePosOrdersWorld } from './pos-support';

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
/** The fake's table dishes (fakes/iiko.ts `tableDishes`). */
const MASTAVA = uuid(5, 9001);
const KOMPOT = uuid(5, 9002);
const LITRE = uuid(2, 12);
const ICE = uuid(4, 960);
const KOMPOT_EXTRAS = uuid(3, 960);
/** The plov: its required group «Porsiya» (Yarim, To'liq) and «Qo'shimchalar» (Qazi up to 2, Bedana tuxumi). */
const OSH = uuid(5, 9003);
const PORTION = uuid(3, 975);
const FULL = uuid(4, 9000 + 9751);
const EXTRAS = uuid(3, 985);
const QAZI = uuid(4, 9000 + 9850);
const EGG = uuid(4, 9000 + 9851);

describe('guests orders into iiko', () => {
  const { ctx, world, fake } = filePosOrdersWorld('iiko', {
    tables: ['Stol 5', 'Stol 6'],
  });
  const ids = { mastava: '', kompot: '', litre: '', ice: '', osh: '', full: '', qazi: '', egg: '' };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    apiCall(ctx, method, url, world.manager.token, body);
  /** The sender's turns until nothing more goes through now (iiko down: the rest wait behind it). */
  const settle = () => drainPos(ctx, () => fake.desk.state.down);
  const board = async () => expectShape(answers.orders, await ok(call('GET', '/manager/orders'))).data;
  const boardOrder = async (id: string) => (await board()).find((o) => o._id === id);
  const place = async (table: string, items: unknown[], comment?: string) =>
    expectShape(
      answers.guestOrder,
      await ok(
        placeAs(ctx, {
          placement_id: world.tables[table],
          idempotency_key: newKey(),
          language: 'ru',
          items,
          ...(comment ? { comment } : {}),
        }),
        201,
      ),
    ).data;
  /** The order's Telegram message as the outbox would send it now. */
  const telegramText = async (orderId: string) => {
    const row = await ctx.app.repos.orders.find(orderId);
    if (!row) throw new Error('no order');
    return orderMessage(row, undefined, await ctx.app.repos.orderPos.find(orderId)).text;
  };
  const mastava = (quantity = 1) => ({ product_id: ids.mastava, quantity, row_ids: [], price: 28000 });
  const kompotLitreIce = (quantity = 2) => ({
    product_id: ids.kompot,
    quantity,
    row_ids: [ids.litre, ids.ice],
    price: 16000,
  });

  beforeAll(async () => {
    const product = (ext: string) =>
      ctx.db.selectFrom('products').select('id').where('external_id', '=', ext).executeTakeFirstOrThrow();
    const row = (ext: string) =>
      ctx.db.selectFrom('option_rows').select('id').where('external_id', '=', ext).executeTakeFirstOrThrow();
    ids.mastava = (await product(MASTAVA)).id;
    ids.kompot = (await product(KOMPOT)).id;
    ids.litre = (await row(LITRE)).id;
    ids.ice = (await row(ICE)).id;
    ids.osh = (await product(OSH)).id;
    ids.full = (await row(FULL)).id;
    ids.qazi = (await row(QAZI)).id;
    ids.egg = (await row(EGG)).id;
  });

  it('maps a placement to an iiko table of the terminal group chosen first', async () => {
    const before = expectShape(answers.posTables, await ok(call('GET', '/manager/pos/tables'))).data;
    expect(before).toMatchObject({ provider: 'iiko', terminal_group_id: null, tables: [] });
    expect(before.terminal_groups).toEqual(IIKO_TERMINAL_GROUPS);
    expectError(
      await call('PUT', '/manager/pos/terminal-group', { terminal_group_id: 'not-a-group' }),
      400,
      'validation',
    );
    const chosen = await ok(
      call('PUT', '/manager/pos/terminal-group', { terminal_group_id: IIKO_TERMINAL_GROUPS[0]?.id }),
    );
    expect(chosen.data.tables).toHaveLength(12);
    expect(chosen.data.tables[4]).toEqual({ id: IIKO_TABLES[4]?.id, name: 'Stol 5', section: 'Asosiy zal' });
    expectError(
      await call('PUT', `/manager/placements/${world.tables['Stol 5']}/pos-table`, { pos_table_id: 'nope' }),
      400,
      'validation',
    );
    await ok(
      call('PUT', `/manager/placements/${world.tables['Stol 5']}/pos-table`, {
        pos_table_id: IIKO_TABLES[4]?.id,
      }),
    );
    const after = (await ok(call('GET', '/manager/pos/tables'))).data;
    expect(after.placements).toEqual([
      { _id: world.tables['Stol 5'], name: 'Stol 5', pos_table_id: IIKO_TABLES[4]?.id },
      { _id: world.tables['Stol 6'], name: 'Stol 6', pos_table_id: null },
    ]);
  });

  it('sends one order/create with the mapped table, product, size and modifier ids and amounts', async () => {
    const order = await place('Stol 5', [mastava(), kompotLitreIce()], 'Muzsiz bo‘lsa ham mayli');
    expect(order.pos).toEqual({ state: 'sending', refused: [] });
    expect((await boardOrder(order._id))?.pos?.state).toBe('waiting');
    await settle();
    expect(fake.desk.state.creates).toEqual([
      {
        organizationId: fake.data.organizations[0]?.id,
        terminalGroupId: IIKO_TERMINAL_GROUPS[0]?.id,
        createOrderSettings: { checkStopList: true },
        order: {
          id: iikoOrderId({ orderId: order._id } as never),
          externalNumber: order._id,
          tableIds: [IIKO_TABLES[4]?.id],
          // each line at its unit price as our menu priced it: the 1 L Kompot at the size's
          // 15 000 (9 000 + the row's 6 000), its ice at its own 1 000
          items: [
            {
              type: 'Product',
              productId: MASTAVA,
              amount: 1,
              price: 28000,
              // a table order has no comment of its own: our note is the first dish's
              comment: `QR #${order.number} · Muzsiz bo‘lsa ham mayli`,
              modifiers: [],
              positionId: expect.any(String),
            },
            {
              type: 'Product',
              productId: KOMPOT,
              amount: 2,
              productSizeId: LITRE,
              price: 15000,
              modifiers: [{ productId: ICE, amount: 1, productGroupId: KOMPOT_EXTRAS, price: 1000 }],
              positionId: expect.any(String),
            },
          ],
        },
      },
    ]);
    // iiko keeps the note with the dish
    expect(fake.desk.made()[0]?.items[0]?.comment).toBe(`QR #${order.number} · Muzsiz bo‘lsa ham mayli`);
    const seen = await boardOrder(order._id);
    expect(seen?.pos).toMatchObject({
      state: 'accepted',
      pos_order_id: fake.desk.made()[0]?.id,
      pos_number: '1',
      pos_total: 28000 + 2 * 16000,
      price_differs: false,
      reason: null,
    });
    const guest = await ok(apiCall(ctx, 'GET', `/public/orders/${order._id}?key=${order.key}`));
    expect(guest.data.pos).toEqual({ state: 'accepted', refused: [] });
    // the guest's page says it in the order's language
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/m/${world.slug}/orders/${order._id}?key=${order.key}`,
    });
    expect(page.body).toContain('data-pos-state="accepted">Передан на кухню</p>');
    // and the Telegram post, edited on each change of state
    const text = await telegramText(order._id);
    expect(text).toContain(t.telegram.pos(t.orders.pos.states.accepted as string));
    expect(text).toContain(t.orders.pos.posNumber('1'));
  });

  it('a second order of the table goes through add_items to the same iiko order', async () => {
    const first = fake.desk.made()[0];
    const order = await place('Stol 5', [mastava(2)]);
    await settle();
    expect(fake.desk.state.creates).toHaveLength(1);
    expect(fake.desk.state.adds).toEqual([
      {
        organizationId: fake.data.organizations[0]?.id,
        orderId: first?.id,
        items: [
          {
            type: 'Product',
            productId: MASTAVA,
            amount: 2,
            price: 28000,
            comment: `QR #${order.number}`,
            modifiers: [],
            positionId: expect.any(String),
          },
        ],
        combos: [],
      },
    ]);
    expect(first?.items).toHaveLength(3);
    expect((await boardOrder(order._id))?.pos).toMatchObject({
      state: 'accepted',
      pos_order_id: first?.id,
      pos_total: 56000,
      price_differs: false,
    });
  });

  it("iiko's own price for a dish shows on the board: its total against ours", async () => {
    // the front prices the Kompot itself (17 000 for 1 L), whatever was sent
    fake.desk.state.frontPrices.set(KOMPOT, 17000);
    const order = await place('Stol 6', [kompotLitreIce(2)]);
    await settle();
    expect((await boardOrder(order._id))?.pos).toMatchObject({
      state: 'accepted',
      pos_total: 2 * (17000 + 1000),
      price_differs: true,
    });
    fake.desk.state.frontPrices.clear();
  });

  it('a dish iiko refuses (its stop-list ahead of ours) comes back refused by name; a retry sends it', async () => {
    fake.desk.state.refuse.add(MASTAVA);
    const order = await place('Stol 6', [kompotLitreIce(1), mastava()]);
    await settle();
    const seen = await boardOrder(order._id);
    expect(seen?.pos?.state).toBe('refused');
    expect(seen?.pos?.refused_lines).toEqual([
      { index: 1, name: 'Mastava', reason: `Product ${MASTAVA} is in stop list` },
    ]);
    const guest = await ok(apiCall(ctx, 'GET', `/public/orders/${order._id}?key=${order.key}`));
    expect(guest.data.pos).toEqual({ state: 'refused', refused: ['Mastava'] });
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/m/${world.slug}/orders/${order._id}?key=${order.key}`,
    });
    expect(page.body).toContain('Нет в наличии: Mastava');
    // an unmapped table: no tableIds, its name in the note on the first dish
    const sent = fake.desk.state.creates.at(-1) as {
      order: { tableIds?: unknown; items: { comment?: string }[] };
    };
    expect(sent.order.tableIds).toBeUndefined();
    expect(sent.order.items.map((i) => i.comment)).toEqual([`QR #${order.number} · Stol 6`, undefined]);

    fake.desk.state.refuse.delete(MASTAVA);
    const retried = expectShape(
      answers.order,
      await ok(call('POST', `/manager/orders/${order._id}/pos-retry`)),
    );
    expect(retried.data.pos?.state).toBe('waiting');
    expectError(await call('POST', `/manager/orders/${order._id}/pos-retry`), 409, 'conflict');
    await settle();
    expect((await boardOrder(order._id))?.pos?.state).toBe('accepted');
  });

  it('a dish iiko refuses by its name only is named to the staff and the guest too', async () => {
    fake.desk.state.refuse.add(MASTAVA);
    fake.desk.state.stopWords = 'name';
    const order = await place('Stol 6', [kompotLitreIce(1), mastava()]);
    await settle();
    fake.desk.state.refuse.delete(MASTAVA);
    fake.desk.state.stopWords = 'id';
    expect((await boardOrder(order._id))?.pos?.refused_lines).toEqual([
      { index: 1, name: 'Mastava', reason: 'Product Mastava is in stop list' },
    ]);
    const guest = await ok(apiCall(ctx, 'GET', `/public/orders/${order._id}?key=${order.key}`));
    expect(guest.data.pos).toEqual({ state: 'refused', refused: ['Mastava'] });
  });

  it('iiko down while 10 orders arrive: staff see each waiting; all 10 reach it once after, in order', async () => {
    const before = fake.desk.state.creates.length;
    fake.desk.state.down = true;
    const placed = [];
    for (let i = 0; i < 10; i++) {
      placed.push(await place('Stol 6', [mastava()]));
      await settle();
    }
    const seen = await board();
    const states = placed.map((p) => seen.find((o) => o._id === p._id)?.pos);
    expect(states[0]).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining(t.orders.pos.reasons.down),
    });
    expect(states[0]?.next_try_at).not.toBeNull();
    expect(states.slice(1).map((s) => s?.state)).toEqual(Array(9).fill('waiting'));
    expect(fake.desk.state.creates).toHaveLength(before);

    fake.desk.state.down = false;
    await settle();
    const sent = fake.desk.state.creates.slice(before) as { order: { externalNumber: string } }[];
    expect(sent.map((c) => c.order.externalNumber)).toEqual(placed.map((p) => p._id));
    const after = await board();
    expect(placed.map((p) => after.find((o) => o._id === p._id)?.pos?.state)).toEqual(
      Array(10).fill('accepted'),
    );
  });

  it('an order the staff reject while it waits for iiko is not sent', async () => {
    const before = fake.desk.state.creates.length;
    fake.desk.state.down = true;
    const order = await place('Stol 6', [mastava()]);
    await settle();
    expect((await boardOrder(order._id))?.pos?.state).toBe('failed');
    await ok(
      call('PUT', `/manager/orders/${order._id}/status`, { status: 'rejected', reason: 'Oshxona yopildi' }),
    );
    fake.desk.state.down = false;
    await settle();
    expect((await boardOrder(order._id))?.pos?.state).toBe('cancelled');
    expect(fake.desk.state.creates).toHaveLength(before);
    const guest = await ok(apiCall(ctx, 'GET', `/public/orders/${order._id}?key=${order.key}`));
    expect(guest.data.pos).toBeNull();
  });

  it('a lost answer, tried again, finds the order made: no double', async () => {
    const before = fake.desk.made().length;
    fake.fail('/api/1/order/create', 'lost');
    const order = await place('Stol 6', [kompotLitreIce(1)]);
    await ctx.app.posOrders.drain();
    expect((await boardOrder(order._id))?.pos?.state).toBe('failed');
    await settle();
    expect((await boardOrder(order._id))?.pos?.state).toBe('accepted');
    const made = fake.desk.made().filter((o) => o.externalNumber === order._id);
    expect(made).toHaveLength(1);
    expect(fake.desk.made()).toHaveLength(before + 1);
  });

  it('a refused token: failed, no automatic try, the staff retry once it works again', async () => {
    fake.expireTokens();
    fake.fail('/api/1/access_token', '401');
    clearIikoTokens();
    const order = await place('Stol 6', [mastava()]);
    await settle();
    const seen = (await boardOrder(order._id))?.pos;
    expect(seen).toMatchObject({
      state: 'failed',
      reason: t.orders.pos.reasons.credentials,
      next_try_at: null,
    });
    await ok(call('POST', `/manager/orders/${order._id}/pos-retry`));
    await settle();
    expect((await boardOrder(order._id))?.pos?.state).toBe('accepted');
  });

  it('sent when accepted: queued only once the staff accept it', async () => {
    await ok(call('PUT', '/manager/ordering', { pos_send: 'accepted' }));
    const order = await place('Stol 6', [mastava()]);
    await settle();
    expect((await boardOrder(order._id))?.pos).toBeNull();
    const accepted = await ok(call('PUT', `/manager/orders/${order._id}/status`, { status: 'accepted' }));
    expect(accepted.data.pos.state).toBe('waiting');
    await settle();
    expect((await boardOrder(order._id))?.pos?.state).toBe('accepted');
  });

  it("the plov's required «Porsiya» and «Qazi» x2 with «Bedana tuxumi» go as iiko's groups and amounts; iiko takes them", async () => {
    const options = await ctx.db
      .selectFrom('product_options')
      .select(['external_id', 'min_choices', 'max_choices'])
      .where('product_id', '=', ids.osh)
      .orderBy('position')
      .execute();
    // imported with iiko's rules: the portion required, the extras up to 3
    expect(options).toEqual([
      { external_id: PORTION, min_choices: 1, max_choices: 1 },
      { external_id: EXTRAS, min_choices: 0, max_choices: 3 },
    ]);
    const line = {
      product_id: ids.osh,
      quantity: 1,
      rows: [
        { _id: ids.full, quantity: 1 },
        { _id: ids.qazi, quantity: 2 },
        { _id: ids.egg, quantity: 1 },
      ],
      price: 45000 + 20000 + 2 * 15000 + 4000,
    };
    // without the portion the server refuses it before iiko could
    expectError(
      await placeAs(ctx, {
        placement_id: world.tables['Stol 6'],
        idempotency_key: newKey(),
        language: 'uz',
        items: [{ ...line, rows: line.rows.slice(1), price: line.price - 20000 }],
      }),
      409,
      'conflict',
    );
    // sent when the staff accept it (the restaurant's setting since the test before)
    const order = await place('Stol 6', [line]);
    await ok(call('PUT', `/manager/orders/${order._id}/status`, { status: 'accepted' }));
    await settle();
    // a new iiko order or lines added to the table's open one: the same items either way
    const sentItems = [
      ...fake.desk.state.creates.map((c) => (c as { order: { items: { productId: string }[] } }).order.items),
      ...fake.desk.state.adds.map((a) => (a as { items: { productId: string }[] }).items),
    ].filter((items) => items.some((i) => i.productId === OSH));
    expect(sentItems).toHaveLength(1);
    expect(sentItems[0]).toEqual([
      {
        type: 'Product',
        productId: OSH,
        amount: 1,
        price: 45000,
        comment: expect.stringContaining(`QR #${order.number}`),
        modifiers: [
          { productId: FULL, amount: 1, productGroupId: PORTION, price: 20000 },
          { productId: QAZI, amount: 2, productGroupId: EXTRAS, price: 15000 },
          { productId: EGG, amount: 1, productGroupId: EXTRAS, price: 4000 },
        ],
        positionId: expect.any(String),
      },
    ]);
    // the fake iiko checked it against iiko's request schema and the dish's rules, and took it
    expect((await boardOrder(order._id))?.pos).toMatchObject({
      state: 'accepted',
      pos_total: 99000,
      price_differs: false,
    });
    const text = await telegramText(order._id);
    expect(text).toContain("1 × Toshkent oshi (Porsiya: To'liq; Qo'shimchalar: Qazi ×2, Bedana tuxumi)");
  });

  it('an order that leaves the required group out (placed before the rule was known here) is refused in iiko words', async () => {
    await ctx.db
      .updateTable('product_options')
      .set({ min_choices: 0 })
      .where('external_id', '=', PORTION)
      .execute();
    const order = await place('Stol 6', [
      { product_id: ids.osh, quantity: 1, rows: [{ _id: ids.qazi, quantity: 1 }], price: 60000 },
    ]);
    await ok(call('PUT', `/manager/orders/${order._id}/status`, { status: 'accepted' }));
    await settle();
    const seen = await boardOrder(order._id);
    expect(seen?.pos?.state).toBe('refused');
    expect(seen?.pos?.reason).toContain(
      `Order item modifier “Porsiya” (${PORTION}) has invalid group amount: min = 1, max = 1, actual = 0.`,
    );
    await ctx.db
      .updateTable('product_options')
      .set({ min_choices: 1 })
      .where('external_id', '=', PORTION)
      .execute();
  });
});
