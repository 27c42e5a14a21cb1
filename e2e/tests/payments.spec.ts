/**
 * Paying the bill end to end (docs/PAYMENTS.md), against the fake Payme and the fake Click
 * (api/test/fakes/payme.ts, click.ts: the documented requests) and the fake Bot API, on
 * 127.0.0.1: the admin enters the restaurant's Payme and Click credentials on its detail page
 * (axe); a guest orders; the order's page shows the table's bill and «To'lash» per method (axe);
 * the fake Payme runs its documented sequence (check, create, perform): the guest's page shows it
 * paid live, the board shows it, the chat's post says it; then the same with the fake Click
 * (prepare, complete) at another table. Then the Payme case of a restaurant on iiko (the fake
 * iikoTransport, api/test/fakes/iiko.ts): the guest's order goes to iiko, the bill is iiko's
 * amount, Payme's sequence pays it, the board shows it paid in the POS, and the fake iiko receives
 * one external payment of that amount into the table's order (docs/PAYMENTS.md, "Into the POS").
 * Last, the daily statement (docs/PAYMENTS.md, "Reconciliation"): a Payme payment, the day built
 * now on the admin's screen, a bad file refused in Uzbek, Payme's GetStatement answer with one
 * transaction more shown as the difference (axe).
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { fakeClick } from '../../api/test/fakes/click';
import { type FakeIiko, IIKO_TABLES, IIKO_TERMINAL_GROUPS, startFakeIiko } from '../../api/test/fakes/iiko';
import { fakePayme } from '../../api/test/fakes/payme';
import { type FakeTelegram, startTelegramFake } from '../../api/test/fakes/telegram';
import { expectAccessible } from '../a11y';
import type { RunningServer } from '../servers';
import {
  connectBot,
  iikoLocation,
  menuDish,
  openTables,
  orderPost,
  oshRestaurant,
  payingPosRestaurant,
  serverApi,
  signIn,
  startServerWith,
} from './pos-support';

const PAYME = { merchant_id: '5e730e8e0b852a417aa49ceb', key: 'zpcK%c1JZsPnGwqO09Wfx4CFU%wP2d9BqAmD' };
const CLICK = { service_id: '82886', merchant_id: '46111', secret_key: '9TDkmspVHm7LZ' };

let fake: FakeTelegram;
let iiko: FakeIiko;
let server: RunningServer;

test.beforeAll(async () => {
  fake = await startTelegramFake();
  iiko = await startFakeIiko({ products: 20, tableDishes: true });
  server = await startServerWith({ iiko, telegram: fake });
});
test.afterAll(() => server?.stop());

test('the bill paid with Payme, then with Click: the guest, the board and the chat see it', async ({
  page,
  browser,
  request,
}) => {
  const api = serverApi(request, server.url);
  const { admin, manager, restaurantId, slug, osh } = await oshRestaurant(api, "To'lov Oshxonasi", 'tolov');
  const [table5, table6] = (await openTables(api, manager, restaurantId, ['Stol 5', 'Stol 6'])) as [
    string,
    string,
  ];
  // the restaurant's bot and chat (docs/TELEGRAM.md)
  await connectBot(api, fake, manager, slug, { bot: 'tolov_bot', id: -1003334445556, title: 'Kassa' });

  // the admin enters the credentials on the restaurant's detail page
  await signIn(page, server.url, admin, 'admin');
  await page.goto(`${server.url}/admin/viewRestaurant/${restaurantId}/${slug}`);
  const panel = page.getByTestId('payments-panel');
  await panel.getByLabel('Payme kassa ID').fill(PAYME.merchant_id);
  await panel.getByLabel('Payme kaliti').fill(PAYME.key);
  await panel.getByLabel('Click service ID').fill(CLICK.service_id);
  await panel.getByLabel('Click merchant ID').fill(CLICK.merchant_id);
  await panel.getByLabel('Click maxfiy kaliti').fill(CLICK.secret_key);
  await panel.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText("To'lov sozlamalari saqlandi")).toBeVisible();
  await expect(panel.getByLabel('Payme kaliti')).toHaveValue('');
  await expect(panel).toContainText('Payme: Ulangan · Click: Ulangan');
  await expectAccessible(page, "the restaurant's payment credentials");

  // a guest orders at Stol 5 and opens the order's page
  const order = (table: string) =>
    api.order(table, [{ product_id: osh, quantity: 2, row_ids: [], price: 45_000 }]);
  const first = await order(table5);
  const boardContext = await browser.newContext();
  const board = await boardContext.newPage();
  await signIn(board, server.url, manager, 'manager');
  await board.goto(`${server.url}/orders`);
  await expect(board.getByRole('article', { name: `#${first.number}, Stol 5` })).toBeVisible();

  const guest = await boardContext.newPage();
  await guest.goto(`${server.url}/m/${slug}/orders/${first._id}?key=${encodeURIComponent(first.key)}`);
  const bill = guest.getByRole('region', { name: 'Hisob' });
  await expect(bill).toContainText("Jami: 90 000 so'm");
  await expect(bill.getByRole('link', { name: "Payme orqali to'lash" })).toBeVisible();
  await expect(bill.getByRole('link', { name: "Click orqali to'lash" })).toBeVisible();
  await expectAccessible(guest, "the order's page with the bill");
  // «To'lash» leads to Payme's checkout with the bill's amount in tiyin
  const checkout = await request.get(
    `${server.url}/m/${slug}/orders/${first._id}/pay?key=${encodeURIComponent(first.key)}&method=payme`,
    { maxRedirects: 0 },
  );
  expect(checkout.status()).toBe(303);
  const link = checkout.headers().location ?? '';
  const params = Buffer.from(link.replace('https://checkout.paycom.uz/', ''), 'base64').toString('utf8');
  const billId = /ac\.bill_id=([^;]+)/.exec(params)?.[1] ?? '';
  expect(params).toContain(`m=${PAYME.merchant_id};ac.bill_id=`);
  expect(params).toContain(';a=9000000;');

  // the fake Payme's documented sequence: check, create, perform
  const payme = fakePayme(server.url, restaurantId, PAYME.key);
  const paid = await payme.pay(billId, 9_000_000);
  expect(paid.check.result).toEqual({ allow: true });
  expect(paid.create.result).toMatchObject({ state: 1 });
  expect(paid.perform.result).toMatchObject({ state: 2 });
  await expect(guest.getByText("To'landi: 90 000 so'm, Payme")).toBeVisible();
  await expect(bill.getByRole('link', { name: "Payme orqali to'lash" })).toBeHidden();
  await expect(
    board.getByRole('article', { name: `#${first.number}, Stol 5` }).getByTestId('order-payment'),
  ).toContainText("To'landi: 90 000 so'm, Payme");
  await expect
    .poll(() => orderPost(fake, first.number)?.text ?? '', { timeout: 10_000 })
    .toContain("To'landi: 90 000 so'm, Payme");

  // the same with the fake Click at Stol 6: prepare, complete
  const second = await order(table6);
  await guest.goto(`${server.url}/m/${slug}/orders/${second._id}?key=${encodeURIComponent(second.key)}`);
  const clickLink = await request.get(
    `${server.url}/m/${slug}/orders/${second._id}/pay?key=${encodeURIComponent(second.key)}&method=click`,
    { maxRedirects: 0 },
  );
  const clickUrl = new URL(clickLink.headers().location ?? '');
  expect(clickUrl.origin + clickUrl.pathname).toBe('https://my.click.uz/services/pay');
  // Click's button takes the amount as N.NN
  expect(clickUrl.searchParams.get('amount')).toBe('90000.00');
  const click = fakeClick(server.url, restaurantId, CLICK.service_id, CLICK.secret_key);
  const clicked = await click.pay(
    clickUrl.searchParams.get('transaction_param') ?? '',
    clickUrl.searchParams.get('amount') ?? '',
  );
  expect(clicked.prepared).toMatchObject({ error: 0 });
  expect(clicked.completed).toMatchObject({ error: 0 });
  await expect(guest.getByText("To'landi: 90 000 so'm, Click")).toBeVisible();
  await expect(
    board.getByRole('article', { name: `#${second.number}, Stol 6` }).getByTestId('order-payment'),
  ).toContainText("To'landi: 90 000 so'm, Click");
  await expect
    .poll(() => orderPost(fake, second.number)?.text ?? '', { timeout: 10_000 })
    .toContain("To'landi: 90 000 so'm, Click");
  await boardContext.close();
});

/**
 * A failed wait on the board, rethrown with the order's POS rows as the API holds them: whether
 * the senders did not get there or the board did not show it.
 */
function saysWhatTheApiHolds(request: APIRequestContext, ordersUrl: string, token: string, orderId: string) {
  return async (err: Error): Promise<never> => {
    const res = await request.get(ordersUrl, { headers: { Authorization: `Bearer ${token}` } });
    const orders = res.ok() ? ((await res.json()) as { data: { _id: string }[] }).data : [];
    const order = orders.find((o) => o._id === orderId) as
      | { pos?: unknown; payment_pos?: unknown; payment?: unknown }
      | undefined;
    const held = order
      ? JSON.stringify({ pos: order.pos, payment: order.payment, payment_pos: order.payment_pos })
      : `not listed (${res.status()})`;
    throw new Error(`${err.message}\nThe API holds: ${held}`);
  };
}

test("an iiko restaurant's bill paid with Payme: iiko's amount, and the fake iiko receives the external payment", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = serverApi(request, server.url);
  const {
    restaurant,
    manager,
    table: tableId,
  } = await payingPosRestaurant(api, 'iiko-tolov', iikoLocation(iiko), { payme: PAYME });
  await api.call(manager, 'put', 'manager/pos/terminal-group', {
    terminal_group_id: IIKO_TERMINAL_GROUPS[0]?.id,
  });
  await api.call(manager, 'put', `manager/placements/${tableId}/pos-table`, {
    pos_table_id: IIKO_TABLES[4]?.id,
  });

  // the guest's Mastava, as the guest's page lists it
  await page.goto(`${server.url}/m/${restaurant.slug}?p=${tableId}`);
  const mastava = await menuDish(page, 'Mastava');
  expect(mastava.id).toBeTruthy();
  const ordered = await api.order(tableId, [
    { product_id: mastava.id, quantity: 2, row_ids: [], price: mastava.price },
  ]);

  await signIn(page, server.url, manager, 'manager');
  await page.goto(`${server.url}/orders`);
  const card = page.getByRole('article', { name: `#${ordered.number}, Stol 5` });
  // the POS senders' work (a command and its status, a second apart) reaches the board live; CI's
  // machine runs the other suites beside this one, so the wait is generous
  await expect(card.getByTestId('order-pos'))
    .toHaveAttribute('data-pos-state', 'accepted', { timeout: 45_000 })
    .catch(saysWhatTheApiHolds(request, api.url('manager/orders'), manager, ordered._id));
  const iikoOrder = iiko.desk.made().find((o) => o.externalNumber === ordered._id);
  const iikoSum = iikoOrder?.items.reduce((s, i) => s + i.cost, 0) ?? 0;
  expect(iikoSum).toBeGreaterThan(0);

  // the bill is iiko's amount, in tiyin
  const billed = await request.post(`${server.url}/api/public/bill`, {
    data: { order_id: ordered._id, key: ordered.key },
  });
  expect(billed.status()).toBe(200);
  const bill = ((await billed.json()) as { data: { _id: string; amount: number } }).data;
  expect(bill.amount).toBe(Math.round(iikoSum * 100));

  const paid = await fakePayme(server.url, restaurant._id, PAYME.key).pay(bill._id, bill.amount);
  expect(paid.perform.result).toMatchObject({ state: 2 });
  await expect(card.getByTestId('order-payment')).toContainText("To'landi");
  await expect(card.getByTestId('order-payment-pos'))
    .toHaveAttribute('data-payment-pos-state', 'recorded', { timeout: 45_000 })
    .catch(saysWhatTheApiHolds(request, api.url('manager/orders'), manager, ordered._id));
  await expect(card.getByTestId('order-payment-pos')).toContainText("Kassada to'landi");
  await expectAccessible(page, 'the board with a bill paid in the POS');
  // the fake iiko received one external payment of the exact amount into the table's order
  const received = iiko.desk.state.payments.filter((p) => p.orderId === iikoOrder?.id);
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({
    orderId: iikoOrder?.id,
    payments: [{ sum: bill.amount / 100, isProcessedExternally: true, paymentTypeKind: 'Card' }],
  });
  expect(iikoOrder?.payments).toEqual([
    expect.objectContaining({ sum: bill.amount / 100, isProcessedExternally: true }),
  ]);
});

test("the daily statement: the day built now, its Payme payment, the provider's list with one more transaction", async ({
  page,
  request,
}) => {
  const api = serverApi(request, server.url);
  const { admin, manager, restaurantId, slug, osh } = await oshRestaurant(
    api,
    'Hisobot Oshxonasi',
    'hisobot',
  );
  await api.call(admin, 'put', `admin/restaurants/${restaurantId}/payments`, { payme: PAYME });
  const [table] = (await openTables(api, manager, restaurantId, ['Stol 1'])) as [string];
  const order = await api.order(table, [{ product_id: osh, quantity: 2, row_ids: [], price: 45_000 }]);
  const billed = await request.post(api.url('public/bill'), {
    data: { order_id: order._id, key: order.key },
  });
  const bill = ((await billed.json()) as { data: { _id: string; amount: number } }).data;
  const paid = await fakePayme(server.url, restaurantId, PAYME.key).pay(bill._id, bill.amount);
  expect(paid.perform.result).toMatchObject({ state: 2 });

  // the admin builds today's statement now («Hisobotni yangilash»)
  const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
  await signIn(page, server.url, admin, 'admin');
  await page.goto(`${server.url}/admin/viewRestaurant/${restaurantId}/${slug}`);
  const panel = page.getByTestId('statements-panel');
  await expect(panel.getByRole('heading', { name: 'Kunlik hisobot' })).toBeVisible();
  await panel.getByLabel('Hisobot kuni').fill(today);
  await panel.getByRole('button', { name: 'Hisobotni yangilash' }).click();
  await expect(page.getByText('Hisobot yangilandi')).toBeVisible();
  const line = panel.getByTestId('statement-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(today);
  await expect(line).toContainText('Payme');
  await expect(line).toContainText("90 000 so'm");
  await expect(line).toContainText("Farq yo'q");
  const day = panel.getByTestId('statement-payme');
  await expect(day).toContainText("Bu kunda farq yo'q");
  await expect(day).toContainText("To'lov tizimining ro'yxati hali qo'shilmagan");
  await expectAccessible(page, 'the daily statement');

  // a bad file: an Uzbek error, nothing sent
  const upload = day.getByLabel("Ro'yxatni yuklash (Payme)");
  await upload.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('id;amount\n1;2'),
  });
  await expect(day.getByRole('alert')).toHaveText(
    "CSV faylning birinchi qatori id,amount,state bo'lishi kerak",
  );

  // Payme's GetStatement answer with one transaction more than ours
  const statement = {
    result: {
      transactions: [
        { id: paid.id, time: Date.now(), amount: bill.amount, state: 2 },
        { id: '5305e3bab097f420a62ced0b', time: Date.now(), amount: 500_000, state: 2 },
        // the cabinet's period reached into the day before: left out, and said
        { id: '5305e3bab097f420a62ced0a', time: Date.now() - 86_400_000, amount: 700_000, state: 2 },
      ],
    },
  };
  await upload.setInputFiles({
    name: 'payme.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(statement)),
  });
  await expect(
    page.getByText(
      "Ro'yxat qo'shildi va solishtirildi. Boshqa kunlarning 1 ta tranzaksiyasi hisobga olinmadi",
    ),
  ).toBeVisible();
  await expect(line).toContainText('1 ta farq');
  const differences = day.getByTestId('statement-differences');
  await expect(differences).toContainText('5305e3bab097f420a62ced0b');
  await expect(differences).toContainText("Faqat to'lov tizimida bor");
  await expect(differences).toContainText("5 000 so'm, o'tgan");
  await expect(day).toContainText("Qo'shilgan: 2 ta tranzaksiya");
  await expect(differences).not.toContainText('5305e3bab097f420a62ced0a');
  await expectAccessible(page, 'the daily statement with a difference');
});
