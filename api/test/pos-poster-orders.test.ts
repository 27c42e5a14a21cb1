/**
 * Poster's order channel against the fake joinposter API (test/fakes/poster.ts): the spot's
 * tables, the exact online order it receives (table and our tag in the comment, variants as
 * `modificator_id`, dish modifications as `[{m, a}]`), a retry after a lost answer making no
 * second order, a product Poster refuses named, Poster down (503, refused connections), the
 * status read back, and the `incoming_order` webhook's signature checked by the app.
 */

import { t } from '@qrmenu/shared/texts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PosCredentialsError } from '../src/integration/pos/errors';
import { PosHttpError } from '../src/integration/pos/http';
import type { PosOrderChannel, PosOrderDraft } from '../src/integration/pos/outgoing-orders';
import { IntegrationUnavailableError } from '../src/integration/provider';
import { createPosterFactory } from '../src/integration/providers/poster';
import { orderTag, TABLE_ORDER_CLIENT_NAME } from '../src/integration/providers/poster/order-mapping';
import { posterOrderChange } from '../src/integration/providers/poster/webhook';
import { type FakePoster, POSTER_APP_SECRET, POSTER_TOKEN, startFakePoster } from './fakes/poster';
import { capturingLog } from './pos-mapping';
import { posLine } from './pos-support';

const creds = { token: POSTER_TOKEN, appSecret: POSTER_APP_SECRET };
const http = { timeoutMs: 5_000, backoffMs: 1, attempts: 2 };

describe('Poster orders channel', () => {
  let fake: FakePoster;
  let orders: PosOrderChannel;
  let n = 0;
  const { log, lines: logged } = capturingLog();

  beforeAll(async () => {
    fake = await startFakePoster({ products: 40 });
    orders = createPosterFactory({ baseUrl: fake.url }).connect(creds, { http, log })
      .orders as PosOrderChannel;
  });
  afterEach(async () => {
    await fake.up();
    // every call Poster would take (the fake checks each as Poster's pages document it); the
    // wrong token's refusal (11) is the only one a test means
    expect(fake.refusals.filter((r) => r.code !== 11)).toEqual([]);
  });
  afterAll(async () => {
    await fake?.close();
  });

  // the fake's menu: 109 "Mastava 9" sold in variants 90 (0,5 l) and 91 (1 l); 106 "Norin 6"
  // with the dish modifications 71 Ketchup, 72 Pishloq (group 500); 115 "Kompot 15" plain
  const draft = (extra: Partial<PosOrderDraft> = {}): PosOrderDraft => ({
    orderId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    number: 14,
    locationId: '1',
    terminalGroupId: null,
    tableId: '105',
    tableName: 'Stol 5',
    comment: 'Piyozsiz',
    // the restaurant's card, as a manager types it
    restaurantPhone: '+998 71 200-00-00',
    lines: [
      posLine('109', 'Mastava 9', 16000, 2, [{ id: '91', groupId: 'variants', amount: 1 }]),
      posLine('106', 'Norin 6', 20000, 1, [{ id: '72', groupId: '500', amount: 1 }]),
      posLine('115', 'Kompot 15', 8000, 3),
    ],
    ...extra,
  });

  it("lists spot 1's tables with their hall (deleted ones left out); spot 2 has none", async () => {
    const tables = await orders.listTables('1', null);
    expect(tables).toHaveLength(10);
    expect(tables[4]).toEqual({ id: '105', name: '5', section: 'Asosiy zal' });
    expect(await orders.listTables('2', null)).toEqual([]);
  });

  it('sends one online order: the mapped table and our tag in the comment, variants and modifications by id', async () => {
    const order = draft();
    const result = await orders.send(order, null);
    const made = fake.incomingOrders.at(-1);
    expect(result).toEqual({
      state: 'pending',
      ticket: String(made?.incoming_order_id),
      posOrderId: String(made?.incoming_order_id),
      received: true,
    });
    expect(made?.body).toEqual({
      spot_id: 1,
      phone: '+998712000000',
      first_name: TABLE_ORDER_CLIENT_NAME,
      comment: `Stol: 5 (Asosiy zal)\nIzoh: Piyozsiz\n#14 ${orderTag(order.orderId)}`,
      products: [
        { product_id: 109, count: 2, modificator_id: 91 },
        { product_id: 106, count: 1, modification: '[{"m":72,"a":1}]' },
        { product_id: 115, count: 3 },
      ],
    });
  });

  it('a restaurant without a valid phone on its card: refused with the reason to fix it, nothing sent', async () => {
    const before = fake.count('/api/incomingOrders.createIncomingOrder');
    for (const restaurantPhone of [null, '', '+998 00 000 00 00', '71 200', 'telefon yo‘q'])
      expect(await orders.send(draft({ restaurantPhone }), null)).toEqual({
        state: 'refused',
        reason: t.orders.pos.reasons.posterPhone,
        lines: [],
      });
    expect(fake.count('/api/incomingOrders.createIncomingOrder')).toBe(before);
    // written without +998, it goes
    expect((await orders.send(draft({ restaurantPhone: '(90) 123 45 67' }), null)).state).toBe('pending');
    expect(fake.incomingOrders.at(-1)?.phone).toBe('+998901234567');
  });

  it("a table not mapped, or one Poster no longer has: our table's name in the comment", async () => {
    await orders.send(draft({ tableId: null, comment: null }), null);
    expect(fake.incomingOrders.at(-1)?.comment?.split('\n')[0]).toBe('Stol: Stol 5');
    await orders.send(draft({ tableId: '999' }), null);
    expect(fake.incomingOrders.at(-1)?.comment?.split('\n')[0]).toBe('Stol: Stol 5');
  });

  it('a retry after a lost answer finds the order Poster made: never two', async () => {
    const order = draft();
    const before = fake.incomingOrders.length;
    const calls = fake.count('/api/incomingOrders.createIncomingOrder');
    fake.loseAnswers(1);
    await expect(orders.send(order, null)).rejects.toBeInstanceOf(PosHttpError);
    expect(fake.incomingOrders).toHaveLength(before + 1);
    const again = await orders.send(order, null);
    expect(again).toMatchObject({
      state: 'pending',
      ticket: String(fake.incomingOrders.at(-1)?.incoming_order_id),
    });
    expect(fake.incomingOrders).toHaveLength(before + 1);
    expect(fake.count('/api/incomingOrders.createIncomingOrder')).toBe(calls + 1);
  });

  it("a guest's comment naming another order's tag keeps nothing out of Poster: that order still goes, under its own tag", async () => {
    const victim = draft();
    const forged = [
      `qr:${victim.orderId}`,
      `Piyozsiz\n#14 ${orderTag(victim.orderId)}`,
      `#14 QR : ${victim.orderId}`,
    ];
    for (const comment of forged) {
      const attacker = draft({ comment });
      expect((await orders.send(attacker, null)).state).toBe('pending');
      const sent = fake.incomingOrders.at(-1)?.comment ?? '';
      // the guest's text on its one line, nothing tag-like left in it; our tag line last
      const [, izoh, last, ...rest] = sent.split('\n');
      expect(rest).toEqual([]);
      expect(izoh).toMatch(/^Izoh: /);
      expect(izoh).not.toMatch(/qr\s*:/i);
      expect(last).toBe(`#14 ${orderTag(attacker.orderId)}`);
    }
    const before = fake.incomingOrders.length;
    const result = await orders.send(victim, null);
    // a new online order of its own, not the attacker's
    expect(fake.incomingOrders).toHaveLength(before + 1);
    expect(result).toMatchObject({
      state: 'pending',
      ticket: String(fake.incomingOrders.at(-1)?.incoming_order_id),
    });
    expect(fake.incomingOrders.at(-1)?.comment?.split('\n').at(-1)).toBe(`#14 ${orderTag(victim.orderId)}`);
  });

  it('an online order with our tag line but other products is not taken as this order: it is sent', async () => {
    const order = draft();
    await orders.send(draft({ orderId: order.orderId, lines: order.lines.slice(2) }), null);
    const before = fake.incomingOrders.length;
    const result = await orders.send(order, null);
    expect(fake.incomingOrders).toHaveLength(before + 1);
    expect(result).toMatchObject({
      state: 'pending',
      ticket: String(fake.incomingOrders.at(-1)?.incoming_order_id),
    });
    expect(logged.some((l) => /other products; not taken as sent/.test(String(l.msg)))).toBe(true);
    // the one with its own products is found again: never a third
    expect((await orders.send(order, null)).state).toBe('pending');
    expect(fake.incomingOrders).toHaveLength(before + 1);
  });

  it('a product Poster no longer has: refused, the line named, nothing made', async () => {
    const before = fake.incomingOrders.length;
    fake.refuseProduct('112');
    const order = draft();
    order.lines.push(posLine('112', 'Achichuk 12', 9000));
    const result = await orders.send(order, null);
    expect(result).toEqual({
      state: 'refused',
      reason: 'Poster 41 Product not found',
      lines: [{ index: 3, reason: 'Poster 41 Product not found: product 112 not found' }],
    });
    // a modification Poster does not know (42), named the same way
    const odd = draft();
    odd.lines = [
      {
        ...(odd.lines[1] as PosOrderDraft['lines'][number]),
        modifiers: [{ id: '79', groupId: '500', amount: 1 }],
      },
    ];
    expect(await orders.send(odd, null)).toEqual({
      state: 'refused',
      reason: 'Poster 42 Product modification not found',
      lines: [
        {
          index: 0,
          reason: 'Poster 42 Product modification not found: modification 79 of product 106 not found',
        },
      ],
    });
    expect(fake.incomingOrders).toHaveLength(before);
    expect(logged.filter((l) => l.msg === 'Poster refused an online order')).toHaveLength(2);
  });

  it('Poster down (503, then refusing connections): the send fails to be retried, nothing made; back up, it goes once', async () => {
    const order = draft({ lines: draft().lines.slice(0, 2) });
    const before = fake.incomingOrders.length;
    await fake.down('503');
    await expect(orders.send(order, null)).rejects.toMatchObject({ status: 503 });
    await fake.down('refused');
    const refused = await orders.send(order, null).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(IntegrationUnavailableError);
    expect((refused as Error).message).toMatch(/unreachable/);
    expect(fake.incomingOrders).toHaveLength(before);
    await fake.up();
    expect((await orders.send(order, null)).state).toBe('pending');
    expect((await orders.send(order, null)).state).toBe('pending'); // the same order again: found
    expect(fake.incomingOrders).toHaveLength(before + 1);
  });

  it("follows an online order: new pending, accepted with the register's order, cancelled refused", async () => {
    const order = draft();
    const sent = await orders.send(order, null);
    if (sent.state !== 'pending') throw new Error(`expected pending, got ${sent.state}`);
    expect(await orders.follow(order, sent.ticket)).toMatchObject({ state: 'pending', ticket: sent.ticket });
    await fake.settle(Number(sent.ticket), 'accepted');
    expect(await orders.follow(order, sent.ticket)).toEqual({
      state: 'accepted',
      posOrderId: String(5000 + Number(sent.ticket)),
      posNumber: sent.ticket,
    });
    // once accepted, a send of the same order answers what Poster has, and makes nothing
    expect((await orders.send(order, null)).state).toBe('accepted');
    const other = draft();
    const second = await orders.send(other, null);
    if (second.state !== 'pending') throw new Error('expected pending');
    await fake.settle(Number(second.ticket), 'cancelled');
    expect(await orders.follow(other, second.ticket)).toMatchObject({ state: 'refused', lines: [] });
    // an online order Poster does not have
    expect(await orders.follow(other, '98765')).toMatchObject({ state: 'refused' });
  });

  it('a refused token throws the credentials error', async () => {
    const wrong = createPosterFactory({ baseUrl: fake.url }).connect({ ...creds, token: '1:bad' }, { http })
      .orders as PosOrderChannel;
    await expect(wrong.send(draft(), null)).rejects.toBeInstanceOf(PosCredentialsError);
    await expect(wrong.listTables('1', null)).rejects.toBeInstanceOf(PosCredentialsError);
  });

  it('the webhook Poster posts on a change is signed and read as the online order that changed', async () => {
    const order = draft();
    const sent = await orders.send(order, null);
    if (sent.state !== 'pending') throw new Error('expected pending');
    const hook = fake.webhook(Number(sent.ticket));
    expect(posterOrderChange(hook)).toEqual({ ticket: sent.ticket, action: 'changed' });
  });
});
