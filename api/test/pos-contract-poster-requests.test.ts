/**
 * What we send Poster, against what Poster's pages document (fixtures/poster/requests.schema.json,
 * SOURCES.md there; checked by fakes/poster-requests.ts as the fake Poster checks every call):
 * every request our code builds (the reads of an import, the tables, the look-first, online orders
 * with and without modifications, with a comment, for a mapped and an unmapped table, following
 * one, recording a payment) is one Poster takes and names only fields Poster documents; a request
 * missing any required parameter, or breaking a documented limit, is refused with errors.md's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosOrderDraft } from '../src/integration/pos/outgoing-orders';
import type { PosConnection } from '../src/integration/pos/types';
import { createPosterFactory } from '../src/integration/providers/poster';
import { incomingOrderBody, posterPhone } from '../src/integration/providers/poster/order-mapping';
import {
  type FakePoster,
  POSTER_APP_SECRET,
  POSTER_TOKEN,
  type PosterRequest,
  startFakePoster,
} from './fakes/poster';
import { checkPosterRequest } from './fakes/poster-requests';
import { recorded } from './fixtures/recorded';
import { POSTER_RESTAURANT_PHONE, posLine } from './pos-support';

type Schema = {
  $defs: Record<string, { required?: string[]; properties?: Record<string, unknown> }>;
  methods: Record<
    string,
    Record<'query' | 'body', { required?: string[]; properties?: Record<string, unknown> } | undefined>
  >;
};
const schema = recorded<Schema>('poster/requests.schema.json');
const documentedQuery = (method: string) => [
  ...Object.keys(schema.$defs.query?.properties ?? {}),
  ...Object.keys(schema.methods[method]?.query?.properties ?? {}),
];

const refusalOf = (method: string, query: Record<string, string>, body?: unknown) =>
  checkPosterRequest(method, new URLSearchParams(query), body, POSTER_TOKEN)?.refusal ?? null;

// the fake's menu: 109 "Mastava 9" sold in variants 90 / 91; 106 "Norin 6" with the dish
// modifications 71, 72 (group 500); 115 "Kompot 15" plain; spot 1's table 105 is "5"
let n = 0;
const draft = (extra: Partial<PosOrderDraft> = {}): PosOrderDraft => ({
  orderId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  number: n,
  locationId: '1',
  terminalGroupId: null,
  tableId: '105',
  tableName: 'Stol 5',
  comment: null,
  restaurantPhone: POSTER_RESTAURANT_PHONE,
  lines: [posLine('115', 'Kompot 15', 8000, 3)],
  ...extra,
});
const withModifications = (): PosOrderDraft['lines'] => [
  posLine('109', 'Mastava 9', 16000, 2, [{ id: '91', groupId: 'variants', amount: 1 }]),
  posLine('106', 'Norin 6', 29000, 1, [
    { id: '71', groupId: '500', amount: 1 },
    { id: '72', groupId: '500', amount: 2 },
  ]),
];

/** Every order our code can build, by what it shows. */
const orders: [string, PosOrderDraft][] = [
  ['plain, for a mapped table', draft()],
  ['a variant and dish modifications', draft({ lines: withModifications() })],
  ["the guest's comment", draft({ comment: "Piyozsiz, iltimos.\nBolalar uchun qoshiq; 'achchiq' emas" })],
  ['the longest comment the guest may write', draft({ comment: 'Izoh '.repeat(100).trim() })],
  ['an unmapped table', draft({ tableId: null, tableName: 'Ayvon, 3-stol' })],
  ['a table Poster no longer has', draft({ tableId: '999' })],
];

describe('what we send Poster, as Poster documents it', () => {
  let fake: FakePoster;
  let poster: PosConnection;

  beforeAll(async () => {
    fake = await startFakePoster({ products: 40 });
    poster = createPosterFactory({ baseUrl: fake.url }).connect(
      { token: POSTER_TOKEN, appSecret: POSTER_APP_SECRET },
      { http: { timeoutMs: 5_000, backoffMs: 1, attempts: 2 } },
    );
    // everything the provider does with Poster, each way it can go
    await poster.listRestaurants();
    await poster.fetchMenu('1', null);
    const channel = poster.orders;
    if (!channel?.recordPayment) throw new Error('the Poster connection takes orders and payments');
    await channel.listTables('1', null);
    const tickets: string[] = [];
    for (const [, order] of orders) {
      const sent = await channel.send(order, null);
      if (sent.state !== 'pending') throw new Error(`${order.orderId}: ${JSON.stringify(sent)}`);
      tickets.push(sent.ticket);
    }
    // a line Poster no longer has: refused, the lines named from its menu
    fake.refuseProduct('112');
    await channel.send(draft({ lines: [posLine('112', 'x', 1)] }), null);
    // the cashier accepts the first, which is then paid here
    await fake.settle(Number(tickets[0]), 'accepted');
    const accepted = await channel.follow(orders[0]?.[1] as PosOrderDraft, tickets[0] as string);
    if (accepted.state !== 'accepted') throw new Error(JSON.stringify(accepted));
    const paid = await channel.recordPayment(
      {
        paymentId: 'click:1:contract',
        posOrderId: accepted.posOrderId,
        locationId: '1',
        terminalGroupId: null,
        amount: 3 * 8000 * 100,
        method: 'click',
      },
      null,
    );
    if (paid.state !== 'recorded') throw new Error(JSON.stringify(paid));
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('every call our code made is one Poster takes, and every method we call was made', () => {
    expect(fake.refusals).toEqual([]);
    expect(new Set(fake.requests.map((r) => r.method))).toEqual(
      new Set([
        'access.getSpots',
        'menu.getCategories',
        'menu.getProducts',
        'spots.getSpotTablesHalls',
        'spots.getTableHallTables',
        'incomingOrders.getIncomingOrders',
        'incomingOrders.createIncomingOrder',
        'incomingOrders.getIncomingOrder',
        'dash.getTransaction',
        'transactions.closeTransaction',
      ]),
    );
  });

  it('names only what Poster documents, a POST body on the methods that take one and on no other', () => {
    for (const r of fake.requests) {
      const documented = schema.methods[r.method];
      expect(documented, r.method).toBeDefined();
      for (const key of Object.keys(r.query)) expect(documentedQuery(r.method), r.method).toContain(key);
      expect(r.http, r.method).toBe(documented?.body ? 'POST' : 'GET');
      if (!documented?.body) continue;
      const body = r.body as Record<string, unknown>;
      for (const key of Object.keys(body))
        expect(Object.keys(documented.body.properties ?? {}), r.method).toContain(key);
      for (const line of (body.products as Record<string, unknown>[] | undefined) ?? [])
        for (const key of Object.keys(line))
          expect(Object.keys(schema.$defs.incomingOrderProduct?.properties ?? {})).toContain(key);
    }
  });

  it('every order it can build goes as Poster takes it: the table, the comment and our tag in the comment', () => {
    const phone = posterPhone(POSTER_RESTAURANT_PHONE) as string;
    expect(phone).toBe('+998712000000');
    for (const [what, order] of orders) {
      const { body, unsendable } = incomingOrderBody(order, order.tableName, phone);
      expect(unsendable, what).toEqual([]);
      expect(refusalOf('incomingOrders.createIncomingOrder', { token: POSTER_TOKEN }, body), what).toBeNull();
    }
    // the modifications in Poster's documented form: the variant as `modificator_id`, the dish's
    // modifications as a JSON string of [{m, a}]
    const sent = fake.requests.filter((r) => r.method === 'incomingOrders.createIncomingOrder');
    expect((sent[1]?.body as { products?: unknown[] } | undefined)?.products).toEqual([
      { product_id: 109, count: 2, modificator_id: 91 },
      { product_id: 106, count: 1, modification: '[{"m":71,"a":1},{"m":72,"a":2}]' },
    ]);
  });

  it("removing any required parameter of any call we make is refused: 10 the token, 50 an order's, 34 the others'", () => {
    const seen = new Set<string>();
    for (const r of fake.requests) {
      if (seen.has(r.method)) continue;
      seen.add(r.method);
      const documented = schema.methods[r.method];
      const required = ['token', ...(documented?.query?.required ?? [])];
      for (const key of required) {
        const { [key]: _, ...query } = r.query;
        const code = key === 'token' ? 10 : r.method.startsWith('incomingOrders.') ? 50 : 34;
        expect(refusalOf(r.method, query, r.body), `${r.method} without ${key}`).toMatchObject({ code });
      }
      const body = r.body as Record<string, unknown> | undefined;
      for (const key of documented?.body?.required ?? []) {
        const { [key]: _, ...rest } = body ?? {};
        const code = r.method.startsWith('incomingOrders.') ? 50 : 34;
        expect(refusalOf(r.method, r.query, rest), `${r.method} without ${key}`).toMatchObject({ code });
      }
    }
    // an online order without a phone (and no client id), a line without its product or count
    const order = fake.requests.find(
      (r) => r.method === 'incomingOrders.createIncomingOrder',
    ) as PosterRequest;
    const body = order.body as { phone: string; products: Record<string, unknown>[] };
    const { phone: _, ...noPhone } = body;
    expect(refusalOf(order.method, order.query, noPhone)).toMatchObject({ code: 50 });
    for (const key of ['product_id', 'count']) {
      const { [key]: __, ...line } = body.products[0] as Record<string, unknown>;
      expect(refusalOf(order.method, order.query, { ...body, products: [line] }), key).toMatchObject({
        code: 50,
      });
    }
  });

  it("refuses what breaks Poster's documented limits, with errors.md's code", () => {
    const q = { token: POSTER_TOKEN };
    const body = {
      spot_id: 1,
      phone: '+998712000000',
      products: [{ product_id: 106, count: 1, modification: '[{"m":71,"a":1}]' }],
    };
    const create = (b: unknown) => refusalOf('incomingOrders.createIncomingOrder', q, b)?.code;
    expect(create(body)).toBeUndefined();
    expect(refusalOf('access.getSpots', { token: 'not-a-token' })?.code).toBe(11);
    expect(refusalOf('access.getSpots', { token: `${POSTER_TOKEN.slice(0, -1)}0` })?.code).toBe(11);
    expect(refusalOf('access.getSpots', { ...q, format: 'yaml' })?.code).toBe(400);
    expect(create({ ...body, products: [{ product_id: 106, count: -1 }] })).toBe(46);
    expect(create({ ...body, products: [] })).toBe(400);
    expect(create({ ...body, products: { product_id: 106, count: 1 } })).toBe(36);
    expect(create({ ...body, spot_id: 'Sergeli' })).toBe(701);
    expect(create({ ...body, products: [{ product_id: 1.5, count: 1 }] })).toBe(701);
    // the modifications: a JSON string of [{m, a}], nothing else
    for (const modification of ['71', '{"m":71,"a":1}', '[{"m":71}]', '[{"m":"x","a":1}]', 'not json', '[]'])
      expect(create({ ...body, products: [{ product_id: 106, count: 1, modification }] }), modification).toBe(
        400,
      );
    expect(
      create({ ...body, products: [{ product_id: 106, count: 1, modification: [{ m: 71, a: 1 }] }] }),
    ).toBe(400);
    // a phone libphonenumber would not take (Poster's FAQ): the old made-up number among them
    for (const phone of ['+998000000000', '+99871200000', '12', '+998 71 200 00 00 00'])
      expect(create({ ...body, phone }), phone).toBe(400);
    expect(create({ ...body, phone: '+998 90 123-45-67' })).toBeUndefined();
    expect(create({ ...body, email: 'not an email' })).toBe(400);
    // the online orders' list: the documented date format; no more than 3 days (errors.md 52)
    const list = (query: Record<string, string>) =>
      refusalOf('incomingOrders.getIncomingOrders', { ...q, ...query })?.code;
    expect(list({ date_from: '2026-03-01 00:00:00', date_to: '2026-03-04 00:00:00' })).toBeUndefined();
    expect(list({ date_from: '2026-03-01 00:00:00', date_to: '2026-03-04 00:00:01' })).toBe(52);
    expect(list({ date_from: '2026-03-01T00:00:00Z' })).toBe(400);
    expect(list({ status: '2' })).toBe(400);
    expect(
      refusalOf('dash.getTransaction', { ...q, transaction_id: '5001', include_history: '1' })?.code,
    ).toBe(400);
    expect(
      refusalOf('transactions.closeTransaction', q, {
        spot_id: 1,
        spot_tablet_id: 1,
        transaction_id: 'x',
        payed_card: 100,
      })?.code,
    ).toBe(701);
  });

  it("answers a refusal in Poster's documented error shape, HTTP 200", async () => {
    const res = await fetch(`${fake.url}/api/incomingOrders.createIncomingOrder?token=${POSTER_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spot_id: 1, products: [{ product_id: 115, count: 1 }] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ error: { code: 50, message: 'Absence of required properties' } });
    const noToken = await fetch(`${fake.url}/api/access.getSpots`);
    expect(await noToken.json()).toEqual({ error: { code: 10, message: 'access_token is not specified' } });
  });
});
