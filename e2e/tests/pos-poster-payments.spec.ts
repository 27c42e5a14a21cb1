/**
 * A Poster restaurant's bill paid with Click end to end (docs/PAYMENTS.md, "Into the POS"), on a
 * server of this spec's own, against the fake joinposter API (api/test/fakes/poster.ts), the fake
 * Click (api/test/fakes/click.ts: Prepare and Complete, signed as Click documents) and the fake
 * Bot API, on 127.0.0.1: a guest at table 5 orders; the order goes to Poster as an online order
 * and the cashier accepts it into a register's order (the signed webhook); the guest's page shows
 * the table's bill at Poster's prices and «Click orqali to'lash», whose link is Click's checkout
 * with the bill's amount; the fake Click prepares and completes; the guest's page shows it paid
 * live, the board shows it paid and recorded in the POS, the chat's post says it paid; and the
 * fake Poster received one `transactions.closeTransaction` of that register order, `payed_card`
 * the bill's amount in kopecks (= tiyin), nothing in cash.
 */
import { expect, test } from '@playwright/test';
import { fakeClick } from '../../api/test/fakes/click';
import { type FakePoster, startFakePoster } from '../../api/test/fakes/poster';
import { type FakeTelegram, startTelegramFake } from '../../api/test/fakes/telegram';
import { expectAccessible } from '../a11y';
import type { RunningServer } from '../servers';
import {
  connectBot,
  menuDish,
  orderPost,
  POSTER_SPOT,
  payingPosRestaurant,
  posterDish,
  serverApi,
  signIn,
  startServerWith,
} from './pos-support';

const CLICK = { service_id: '82886', merchant_id: '46111', secret_key: '9TDkmspVHm7LZ' };
/** Poster's price of the dish, with tiyin: the bill, Click and Poster must all carry them exactly. */
const PLOV_SOM = 28_450.55;

let poster: FakePoster;
let telegram: FakeTelegram;
let server: RunningServer;

test.beforeAll(async () => {
  poster = await startFakePoster({ products: 30 });
  poster.data.products.push(posterDish(poster, '311', 'Choyxona palovi', PLOV_SOM));
  telegram = await startTelegramFake();
  server = await startServerWith({ poster, telegram });
});
test.afterAll(() => server?.stop());

test("a Poster restaurant's bill paid with Click: the guest, the board and the chat see it, and Poster closes the register order with it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const api = serverApi(request, server.url);
  const { restaurant, manager, table } = await payingPosRestaurant(api, 'poster-click', POSTER_SPOT, {
    click: CLICK,
  });
  await api.call(manager, 'put', `manager/placements/${table}/pos-table`, { pos_table_id: '105' });
  await connectBot(api, telegram, manager, restaurant.slug, {
    bot: 'palov_bot',
    id: -1004445556667,
    title: 'Kassa',
  });

  // the guest's palov, as the guest's page lists it (its id and Poster's price)
  const phone = await browser.newContext({ locale: 'uz-UZ' });
  const guest = await phone.newPage();
  await guest.goto(`${server.url}/m/${restaurant.slug}?p=${table}`);
  const plov = await menuDish(guest, 'Choyxona palovi');
  expect(plov).toEqual({ id: expect.any(String), price: PLOV_SOM });
  const ordered = await api.order(table, [
    { product_id: plov.id, quantity: 2, row_ids: [], price: plov.price },
  ]);

  // the board open before it all; the order goes to Poster, the cashier accepts it there
  await signIn(page, server.url, manager, 'manager');
  await page.goto(`${server.url}/orders`);
  const card = page.getByRole('article', { name: `#${ordered.number}, Stol 5` });
  await expect.poll(() => poster.incomingOrders.length, { timeout: 15_000 }).toBe(1);
  const online = poster.incomingOrders[0];
  expect(online?.body).toMatchObject({ spot_id: 1, products: [{ product_id: 311, count: 2 }] });
  expect(
    await poster.settle(
      online?.incoming_order_id as number,
      'accepted',
      `${server.url}/api/integrations/poster/webhook/${restaurant._id}`,
    ),
  ).toBe(200);
  await expect(card.getByTestId('order-pos')).toHaveAttribute('data-pos-state', 'accepted', {
    timeout: 20_000,
  });
  const register = poster.transactions.find((t) => t.transaction_id === online?.transaction_id);
  expect(register).toMatchObject({ status: 1, payed_card: 0 });

  // the guest's page: the table's bill at Poster's prices, to the tiyin, and Click's link
  await guest.goto(
    `${server.url}/m/${restaurant.slug}/orders/${ordered._id}?key=${encodeURIComponent(ordered.key)}`,
  );
  const bill = guest.getByRole('region', { name: 'Hisob' });
  await expect(bill).toContainText("Jami: 56 901,10 so'm");
  await expect(bill.getByRole('link', { name: "Click orqali to'lash" })).toBeVisible();
  await expect(bill.getByRole('link', { name: "Payme orqali to'lash" })).toHaveCount(0);
  await expectAccessible(guest, "a Poster restaurant's bill with Click");
  const checkout = await request.get(
    `${server.url}/m/${restaurant.slug}/orders/${ordered._id}/pay?key=${encodeURIComponent(ordered.key)}&method=click`,
    { maxRedirects: 0 },
  );
  expect(checkout.status()).toBe(303);
  const clickUrl = new URL(checkout.headers().location ?? '');
  expect(clickUrl.origin + clickUrl.pathname).toBe('https://my.click.uz/services/pay');
  expect(clickUrl.searchParams.get('service_id')).toBe(CLICK.service_id);
  expect(clickUrl.searchParams.get('merchant_id')).toBe(CLICK.merchant_id);
  expect(clickUrl.searchParams.get('amount')).toBe('56901.10');
  const billId = clickUrl.searchParams.get('transaction_param') ?? '';

  // the fake Click's documented sequence: Prepare, then Complete
  const click = fakeClick(server.url, restaurant._id, CLICK.service_id, CLICK.secret_key);
  const paid = await click.pay(billId, '56901.10');
  expect(paid.prepared).toMatchObject({ error: 0, merchant_trans_id: billId });
  expect(paid.completed).toMatchObject({ error: 0, merchant_confirm_id: paid.prepared.merchant_prepare_id });

  await expect(guest.getByText("To'landi: 56 901,10 so'm, Click")).toBeVisible();
  await expect(bill.getByRole('link', { name: "Click orqali to'lash" })).toBeHidden();
  await expect(card.getByTestId('order-payment')).toContainText("To'landi: 56 901,10 so'm, Click");
  await expect(card.getByTestId('order-payment-pos')).toHaveAttribute('data-payment-pos-state', 'recorded', {
    timeout: 20_000,
  });
  await expect(card.getByTestId('order-payment-pos')).toContainText("Kassada to'landi");
  await expectAccessible(page, 'the board with a bill paid with Click into Poster');
  await expect
    .poll(() => orderPost(telegram, ordered.number)?.text ?? '', { timeout: 10_000 })
    .toContain("To'landi: 56 901,10 so'm, Click");

  // Poster received one close of the cashier's register order: the whole bill by card, in kopecks
  const closes = poster.closes.filter((c) => c.transaction_id === register?.transaction_id);
  expect(closes).toEqual([
    {
      spot_id: 1,
      spot_tablet_id: 1,
      transaction_id: register?.transaction_id,
      payed_card: 5_690_110,
    },
  ]);
  expect(register).toMatchObject({ status: 2, payed_card: 5_690_110, payed_cash: 0 });
  // every call the app made is one Poster takes (the fake checks each as Poster documents it)
  expect(poster.refusals).toEqual([]);
  await phone.close();
});
