/**
 * A fake Poster (joinposter) on 127.0.0.1: GET `/api/access.getSpots`, `/api/menu.getCategories`,
 * `/api/menu.getProducts` with `?token=`, in the shapes of Poster's documented answers
 * (api/test/fixtures/poster/, SOURCES.md there): most numbers as strings, prices per spot in
 * kopecks as strings, tech variants in `modifications` (their spots listed twice, as documented),
 * dish modifier groups in `group_modifications` with numeric ids and `is_deleted` and prices in
 * money, `hidden`, `photo`/`photo_origin` paths, a dish on the top screen (`menu_category_id`
 * "0"), a wrong token answered `{error: {code: 11}}`; webhooks signed the documented way
 * (`posterSign`).
 *
 * Every call is checked first as Poster checks it (`poster-requests.ts`: the token, each method's
 * documented parameters and limits, refused with errors.md's code) and kept in `requests`, its
 * refusals in `refusals`.
 *
 * Guests' orders: `spots.getSpotTablesHalls` / `spots.getTableHallTables` (spot 1 has a hall of
 * tables 1-10 and a deleted one; spot 2 none), `POST incomingOrders.createIncomingOrder` (then
 * checked against Poster's data: the spot 60, products 41, a variant's `modificator_id` and the
 * dish modifications `[{m, a}]` 42) and kept in
 * `incomingOrders` for tests to read, `getIncomingOrder(s)` in the documented answer's shape.
 * `settle()` moves an order to accepted (1) or cancelled (7) and posts the signed
 * `incoming_order` webhook; `refuseProduct()` deletes a product from Poster's menu.
 *
 * Payments: an accepted online order becomes a register's order (`transaction_id`, opened on
 * register 1), read with `dash.getTransaction` in its documented shape (strings, sums in kopecks,
 * `status` 1 open / 2 closed, the history's `spot_tablet_id`) and paid and closed with
 * `POST transactions.closeTransaction` (`{response: {err_code: 0}}`); every close body is kept in
 * `closes` for tests.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { recorded } from '../fixtures/recorded';
import { checkPosterRequest, type PosterRefusal, posterError } from './poster-requests';
import type { FakeBase } from './server';
import { DISHES, GROUPS, rng, startFake } from './server';

export const POSTER_TOKEN = '687409:4164553abf6a031302898da7800b59fb';
export const POSTER_APP_SECRET = 'fe2bc8e865d8fc2236968ee53c3b2bd5';

export const POSTER_ACCOUNT = 'qrmenu-demo';

export interface PosterData {
  spots: { spot_id: string; spot_name: string; spot_adress: string }[];
  categories: Record<string, unknown>[];
  products: Record<string, unknown>[];
  halls: Record<string, string>[];
  tables: Record<string, string>[];
}

/** Halls and tables as Poster documents them (strings, `delete` / `is_deleted` flags). */
function posterFloor(): Pick<PosterData, 'halls' | 'tables'> {
  const stamp = '2026-01-10 09:00:00';
  const halls = [
    {
      hall_id: '1',
      hall_name: 'Asosiy zal',
      hall_order: '1',
      spot_id: '1',
      delete: '0',
      last_modified_time: stamp,
    },
    {
      hall_id: '2',
      hall_name: 'Eski ayvon',
      hall_order: '2',
      spot_id: '1',
      delete: '1',
      last_modified_time: stamp,
    },
  ];
  const table = (id: number, hall: string, deleted = '0') => ({
    table_id: String(100 + id),
    table_num: String(id),
    table_title: '',
    spot_id: '1',
    table_shape: 'square',
    hall_id: hall,
    table_x: String(id * 3),
    table_y: '2',
    table_height: '4',
    table_width: '4',
    is_deleted: deleted,
    status: '1',
  });
  const tables = [
    ...Array.from({ length: 10 }, (_, i) => table(i + 1, '1')),
    table(11, '1', '1'),
    table(12, '2'),
  ];
  return { halls, tables };
}

export function posterMenu(count = 200, seed = 7): PosterData {
  const rand = rng(seed);
  const spots = [
    { spot_id: '1', spot_name: 'Oqtepa Lavash Sergeli', spot_adress: 'Sergeli 5, Toshkent' },
    { spot_id: '2', spot_name: 'Oqtepa Lavash Chorsu', spot_adress: 'Chorsu bozori' },
  ];
  const catCount = Math.max(1, Math.ceil(count / 25));
  const categories = Array.from({ length: catCount }, (_, i) => ({
    category_id: String(i + 1),
    category_name: GROUPS[i % GROUPS.length],
    category_photo: null,
    parent_category: '0',
    category_color: 'white',
    category_hidden: '0',
    sort_order: String(i),
    fiscal: '0',
    nodiscount: '0',
    tax_id: '0',
    left: '0',
    right: '0',
    level: '1',
    category_tag: null,
    visible: spots.map((s) => ({ spot_id: s.spot_id, visible: 1 })),
  }));
  categories.push({
    ...categories[0],
    category_id: '99',
    category_name: 'Yashirin',
    category_hidden: '1',
    sort_order: '99',
  } as never);
  const products = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const som = 12000 + Math.floor(rand() * 100) * 500; // so'm
    const kop = String(som * 100);
    const variants = n % 9 === 0;
    return {
      barcode: '',
      category_name: GROUPS[(i % catCount) % GROUPS.length],
      unit: '',
      cost: '500000',
      fiscal: '0',
      hidden: n % 17 === 0 ? '1' : '0',
      menu_category_id: String((i % catCount) + 1),
      workshop: '1',
      nodiscount: '0',
      photo: n % 4 === 0 ? `/upload/pos/menu/product_${n}.jpg` : null,
      photo_origin: n % 4 === 0 ? `/upload/pos/menu/product_${n}_original.jpg` : null,
      product_code: '',
      product_id: String(100 + n),
      product_name: `${DISHES[n % DISHES.length]} ${n}`,
      sort_order: String(n),
      tax_id: '0',
      product_tax_id: '0',
      type: n % 3 === 0 ? '3' : '2',
      weight_flag: '0',
      color: 'white',
      spots: spots.map((s) => ({
        spot_id: s.spot_id,
        price: kop,
        profit: kop,
        profit_netto: kop,
        visible: s.spot_id === '1' && n % 23 === 0 ? '0' : '1',
      })),
      ...(variants
        ? {
            modifications: ['0.5', '1'].map((v, k) => ({
              modificator_id: String(n * 10 + k),
              modificator_name: `${v} l`,
              modificator_selfprice: '0',
              order: String(k),
              // as documented: each spot listed twice
              spots: [...spots, ...spots].map((s) => ({
                spot_id: s.spot_id,
                price: String((som + k * 4000) * 100),
                profit: '0',
                visible: '1',
              })),
            })),
          }
        : {}),
      ...(n % 6 === 0
        ? {
            group_modifications: [
              {
                dish_modification_group_id: 500 + (n % 3),
                name: 'Souslar',
                num_min: 0,
                num_max: 2,
                type: 2,
                is_deleted: 0,
                modifications: [
                  {
                    dish_modification_id: 71,
                    name: 'Ketchup',
                    ingredient_id: 0,
                    type: 1,
                    brutto: 0,
                    price: 2000,
                    photo_orig: '',
                    photo_large: '',
                    photo_small: '',
                  },
                  {
                    dish_modification_id: 72,
                    name: 'Pishloq',
                    ingredient_id: 0,
                    type: 1,
                    brutto: 0,
                    price: 5000,
                    photo_orig: '',
                    photo_large: '',
                    photo_small: '',
                  },
                ],
              },
            ],
          }
        : {}),
      ingredient_id: '0',
      cooking_time: '0',
      out: 0,
    };
  });
  // a dish on the top screen, outside every category (as documented: "Top screen", category "0")
  products.push({
    ...(products[0] as (typeof products)[number]),
    category_name: 'Top screen',
    menu_category_id: '0',
    product_id: '99',
    product_name: 'Kombo set',
    type: '2',
    hidden: '0',
    photo: null,
    photo_origin: null,
    sort_order: '999',
  });
  return { spots, categories, products, ...posterFloor() };
}

/** The documented signature of a Poster webhook. */
export function posterSign(body: Record<string, unknown>, secret = POSTER_APP_SECRET): string {
  const parts = [body.account, body.object, body.object_id, body.action];
  if (body.data !== undefined) parts.push(body.data);
  parts.push(body.time, secret);
  return createHash('md5').update(parts.map(String).join(';')).digest('hex');
}

/** An online order as the fake keeps it: the documented answer's fields, and the body it came with. */
export interface FakeIncomingOrder {
  incoming_order_id: number;
  spot_id: number;
  status: number;
  client_id: number;
  first_name: string | null;
  phone: string | null;
  comment: string | null;
  created_at: string;
  updated_at: string;
  transaction_id: number | null;
  products: {
    io_product_id: number;
    product_id: number;
    modificator_id: number | null;
    incoming_order_id: number;
    count: number;
    created_at: string;
  }[];
  /** The request's JSON body, as received. */
  body: Record<string, unknown>;
}

/** A call as the fake received it: the method, HTTP verb, query string and JSON body. */
export interface PosterRequest {
  method: string;
  http: string;
  query: Record<string, string>;
  body: unknown;
}

/** A register's order (Poster's transaction) made when the cashier accepts an online order. */
export interface FakeTransaction {
  transaction_id: number;
  spot_id: number;
  spot_tablet_id: number;
  status: 1 | 2;
  payed_card: number;
  payed_cash: number;
}

export interface FakePoster extends FakeBase {
  data: PosterData;
  incomingOrders: FakeIncomingOrder[];
  transactions: FakeTransaction[];
  /** Every `transactions.closeTransaction` body received, in order. */
  closes: Record<string, unknown>[];
  /** Every call received, in order (refused ones too). */
  requests: PosterRequest[];
  /** The calls refused as Poster refuses them (poster-requests.ts): a test expects none it did not mean. */
  refusals: PosterRefusal[];
  /** The next `times` online orders are made, but their answer is lost (HTTP 504). */
  loseAnswers(times?: number): void;
  /** Deletes a product from Poster's menu: orders with it answer 41 "Product not found". */
  refuseProduct(productId: string): void;
  /**
   * Moves an online order to accepted (1, with a register's order) or cancelled (7) and, given
   * the app's webhook address, posts the signed `incoming_order` webhook there (its HTTP status).
   */
  settle(incomingOrderId: number, to: 'accepted' | 'cancelled', webhookUrl?: string): Promise<number | null>;
  /** The signed `incoming_order` webhook of an online order, as Poster posts it. */
  webhook(incomingOrderId: number, secret?: string): Record<string, unknown>;
}

const posterNow = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export async function startFakePoster(options: { products?: number } = {}): Promise<FakePoster> {
  const data = posterMenu(options.products ?? 200);
  const incomingOrders: FakeIncomingOrder[] = [];
  const transactions: FakeTransaction[] = [];
  const closes: Record<string, unknown>[] = [];
  const requests: PosterRequest[] = [];
  const refusals: PosterRefusal[] = [];
  let answersToLose = 0;
  const product = (id: unknown) => data.products.find((p) => String(p.product_id) === String(id));
  const answerOf = ({ body: _body, ...order }: FakeIncomingOrder) => order;

  function createIncomingOrder(raw: unknown) {
    // the request's shape is checked before (poster-requests.ts); what is left is Poster's data
    const body = (raw ?? {}) as Record<string, unknown>;
    if (!data.spots.some((s) => s.spot_id === String(body.spot_id)))
      return posterError(60, 'Location not found');
    const lines = body.products as Record<string, unknown>[];
    for (const line of lines) {
      const p = product(line.product_id) as
        | {
            modifications?: { modificator_id: string }[];
            group_modifications?: { modifications: { dish_modification_id: number }[] }[];
          }
        | undefined;
      if (!p) return posterError(41, 'Product not found');
      if (
        line.modificator_id !== undefined &&
        !p.modifications?.some((m) => m.modificator_id === String(line.modificator_id))
      )
        return posterError(42, 'Product modification not found');
      if (line.modification !== undefined) {
        const mods = JSON.parse(String(line.modification)) as { m: number }[];
        const known = new Set(
          p.group_modifications?.flatMap((g) => g.modifications.map((m) => m.dish_modification_id)),
        );
        if (mods.some((m) => !known.has(Number(m.m))))
          return posterError(42, 'Product modification not found');
      }
    }
    const id = incomingOrders.length + 1;
    const now = posterNow();
    const order: FakeIncomingOrder = {
      incoming_order_id: id,
      spot_id: Number(body.spot_id),
      status: 0,
      client_id: Number(body.client_id ?? 0),
      first_name: (body.first_name as string) ?? null,
      phone: (body.phone as string) ?? null,
      comment: (body.comment as string) ?? null,
      created_at: now,
      updated_at: now,
      transaction_id: null,
      products: lines.map((line, k) => ({
        io_product_id: id * 100 + k,
        product_id: Number(line.product_id),
        modificator_id: line.modificator_id === undefined ? null : Number(line.modificator_id),
        incoming_order_id: id,
        count: Number(line.count),
        created_at: now,
      })),
      body,
    };
    incomingOrders.push(order);
    return { json: { response: { ...answerOf(order), fiscal_spreading: 0, fiscal_method: '' } } };
  }

  const base = await startFake(
    (req, path, body, query) => {
      const method = path.replace(/^\/api\//, '');
      requests.push({ method, http: req.method ?? 'GET', query: Object.fromEntries(query), body });
      const refused = checkPosterRequest(method, query, body, POSTER_TOKEN);
      if (refused) {
        refusals.push(refused.refusal);
        return refused.answer;
      }
      switch (path) {
        case '/api/access.getSpots':
          return { json: { response: data.spots } };
        case '/api/menu.getCategories':
          return { json: { response: data.categories } };
        case '/api/menu.getProducts':
          return { json: { response: data.products } };
        case '/api/spots.getSpotTablesHalls':
          return { json: { response: data.halls } };
        case '/api/spots.getTableHallTables':
          return {
            json: {
              response: data.tables.filter(
                (t) =>
                  (!query.get('spot_id') || t.spot_id === query.get('spot_id')) &&
                  (!query.get('hall_id') || t.hall_id === query.get('hall_id')) &&
                  (query.get('without_deleted') !== '1' || t.is_deleted !== '1'),
              ),
            },
          };
        case '/api/incomingOrders.createIncomingOrder': {
          const answer = createIncomingOrder(body);
          if (answersToLose > 0 && 'response' in answer.json) {
            answersToLose--;
            return { status: 504, json: { error: 'Gateway Timeout' } };
          }
          return answer;
        }
        case '/api/incomingOrders.getIncomingOrder': {
          const order = incomingOrders.find(
            (o) => String(o.incoming_order_id) === query.get('incoming_order_id'),
          );
          return order ? { json: { response: answerOf(order) } } : posterError(42, 'Order not found');
        }
        case '/api/incomingOrders.getIncomingOrders': {
          const from = query.get('date_from') ?? '';
          const to = query.get('date_to') ?? '9999';
          const status = query.get('status');
          return {
            json: {
              response: incomingOrders
                .filter((o) => o.created_at >= from && o.created_at <= to)
                .filter((o) => status === null || String(o.status) === status)
                .map(answerOf),
            },
          };
        }
        case '/api/dash.getTransaction': {
          const tx = transactions.find((x) => String(x.transaction_id) === query.get('transaction_id'));
          if (!tx) return { json: { response: [] } };
          const documented = recorded<{ response: Record<string, unknown>[] }>(
            'poster/dash-get-transaction.documented.json',
          ).response[0] as Record<string, unknown>;
          const history = (documented.history as Record<string, unknown>[]).slice(0, 1);
          return {
            json: {
              response: [
                {
                  ...documented,
                  transaction_id: String(tx.transaction_id),
                  spot_id: String(tx.spot_id),
                  status: String(tx.status),
                  payed_card: String(tx.payed_card),
                  payed_cash: String(tx.payed_cash),
                  payed_sum: String(tx.payed_card + tx.payed_cash),
                  date_close: tx.status === 2 ? String(Date.now()) : '0',
                  history: history.map((h) => ({ ...h, spot_tablet_id: String(tx.spot_tablet_id) })),
                },
              ],
            },
          };
        }
        case '/api/transactions.closeTransaction': {
          const b = (body ?? {}) as Record<string, unknown>;
          closes.push(b);
          const tx = transactions.find((x) => x.transaction_id === Number(b.transaction_id));
          // errors.md: 32 "The ID doesn’t exist" (the page's words); a closed register order has
          // no code of its own there, so the fake answers it as an id it cannot act on
          if (tx?.status !== 1) return posterError(32, 'The ID doesn’t exist');
          if (Number(b.spot_tablet_id) !== tx.spot_tablet_id || Number(b.spot_id) !== tx.spot_id)
            return posterError(60, 'Location not found');
          tx.payed_card = Number(b.payed_card ?? 0);
          tx.payed_cash = Number(b.payed_cash ?? 0);
          tx.status = 2;
          return { json: recorded('poster/close-transaction.documented.json') };
        }
        default:
          return posterError(20, 'The application is not authorized to call this method');
      }
    },
    () => ({ response: 'not a list' }),
  );

  function webhook(incomingOrderId: number, secret = POSTER_APP_SECRET): Record<string, unknown> {
    const body: Record<string, unknown> = {
      account: POSTER_ACCOUNT,
      object: 'incoming_order',
      object_id: incomingOrderId,
      action: 'changed',
      time: String(Math.floor(Date.now() / 1000)),
      account_number: '687409',
      data: JSON.stringify({ type: 1 }),
    };
    return { ...body, verify: posterSign(body, secret) };
  }

  return {
    ...base,
    data,
    incomingOrders,
    transactions,
    closes,
    requests,
    refusals,
    loseAnswers(times = 1) {
      answersToLose += times;
    },
    refuseProduct(productId) {
      data.products = data.products.filter((p) => String(p.product_id) !== productId);
    },
    async settle(incomingOrderId, to, webhookUrl) {
      const order = incomingOrders.find((o) => o.incoming_order_id === incomingOrderId);
      if (!order) throw new Error(`no online order ${incomingOrderId}`);
      order.status = to === 'accepted' ? 1 : 7;
      order.transaction_id = to === 'accepted' ? 5000 + incomingOrderId : null;
      if (order.transaction_id !== null)
        transactions.push({
          transaction_id: order.transaction_id,
          spot_id: order.spot_id,
          spot_tablet_id: 1,
          status: 1,
          payed_card: 0,
          payed_cash: 0,
        });
      order.updated_at = posterNow();
      if (!webhookUrl) return null;
      // Poster posts the hook right after the change; retried like Poster does when not answered 200
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(webhook(incomingOrderId)),
        }).catch(() => null);
        if (res && res.status < 500) return res.status;
        await sleep(50);
      }
      return null;
    },
    webhook,
  };
}
