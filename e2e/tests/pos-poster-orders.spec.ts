/**
 * A guest's order into Poster end to end, against the fake joinposter API (api/test/fakes/poster.ts)
 * on 127.0.0.1: a Poster spot imported, its "Stol 5" mapped to Poster's table 5, orders sent at
 * once; a guest at table 5 orders Mastava and a Kompot with a modification on a 375 px phone;
 * Poster receives one online order with the table, the products and the modification by
 * Poster's ids; the cashier accepts it (the fake posts the signed `incoming_order` webhook) and
 * the board shows it taken by the POS. The spec's own server, so that it talks to its fake.
 */
import { expect, test } from '@playwright/test';
import { type FakePoster, startFakePoster } from '../../api/test/fakes/poster';
import type { RunningServer } from '../servers';
import {
  importPosRestaurant,
  openTables,
  POSTER_SPOT,
  posterDish,
  serverApi,
  startServerWith,
} from './pos-support';
import { loginThroughUi } from './support';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

let poster: FakePoster;
let server: RunningServer;

test.beforeAll(async () => {
  poster = await startFakePoster({ products: 30 });
  // two dishes of the spot's menu in Poster's shape: Mastava, and a Kompot with its additions
  poster.data.products.push(
    posterDish(poster, '301', 'Mastava', 28000),
    posterDish(poster, '302', 'Kompot', 9000, {
      group_modifications: [
        {
          dish_modification_group_id: 601,
          name: "Qo'shimcha",
          num_min: 0,
          num_max: 1,
          type: 1,
          is_deleted: 0,
          modifications: [
            { dish_modification_id: 81, name: 'Limon', ingredient_id: 0, type: 1, brutto: 0, price: 2000 },
            { dish_modification_id: 82, name: 'Muz', ingredient_id: 0, type: 1, brutto: 0, price: 0 },
          ],
        },
      ],
    }),
  );
  server = await startServerWith({ poster });
});
test.afterAll(() => server?.stop());

test('a guest at table 5 orders Mastava and a Kompot with a modification: Poster gets one online order, the board shows it taken', async ({
  browser,
  page,
  request,
}) => {
  const api = serverApi(request, server.url);
  const {
    restaurant,
    manager: managerToken,
    managerCreds,
  } = await importPosRestaurant(api, { login: 'poster-kassir', password: 'parol12345' }, POSTER_SPOT);
  const manager = { Authorization: `Bearer ${managerToken}` };
  const [table] = (await openTables(api, managerToken, restaurant._id, ['Stol 5'], 'at_once')) as [string];
  const tables = await request.get(api.url('manager/pos/tables'), { headers: manager });
  expect(((await tables.json()) as { data: { tables: unknown[] } }).data.tables).toContainEqual({
    id: '105',
    name: '5',
    section: 'Asosiy zal',
  });
  const mapped = await request.put(api.url(`manager/placements/${table}/pos-table`), {
    headers: manager,
    data: { pos_table_id: '105' },
  });
  expect(mapped.status(), await mapped.text()).toBe(200);

  // the guest at table 5
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    locale: 'uz-UZ',
  });
  const guest = await phone.newPage();
  await guest.goto(`${server.url}/m/${restaurant.slug}?p=${table}`);
  await expect(guest.getByText('Stol 5', { exact: true })).toBeVisible();
  for (const [name, row] of [['Mastava'], ['Kompot', 'Limon']] as const) {
    await guest.getByRole('button', { name: `Savatga qo'shish: ${name}`, exact: true }).click();
    const sheet = guest.getByRole('dialog', { name, exact: true });
    await expect(sheet).toBeVisible();
    if (row) await sheet.getByRole('radio', { name: new RegExp(`^${row}`) }).check();
    await sheet.getByRole('button', { name: /^Savatga qo'shish/ }).click();
    await expect(sheet).toBeHidden();
  }
  await guest.locator('.qm-bar').getByRole('button').click();
  await guest.getByRole('dialog', { name: 'Savat' }).getByRole('button', { name: 'Buyurtma berish' }).click();
  await guest.waitForURL(/\/orders\/[0-9a-f]{24}\?key=/);
  const orderId = new URL(guest.url()).pathname.split('/').pop() as string;

  // Poster receives one online order: Poster's table in the comment, its ids, the modification
  await expect.poll(() => poster.incomingOrders.length, { timeout: 15_000 }).toBe(1);
  const received = poster.incomingOrders[0];
  expect(received?.body).toMatchObject({
    spot_id: 1,
    // the restaurant's phone from its card: Poster takes an online order only with a valid one
    phone: '+998712000000',
    products: [
      { product_id: 301, count: 1 },
      { product_id: 302, count: 1, modification: JSON.stringify([{ m: 81, a: 1 }]) },
    ],
  });
  expect(received?.comment?.split('\n')[0]).toBe('Stol: 5 (Asosiy zal)');
  expect(received?.comment).toContain(`qr:${orderId}`);
  // every call the app made is one Poster takes (the fake checks each as Poster documents it)
  expect(poster.refusals).toEqual([]);

  // until the cashier takes it, the staff read that the POS has not answered yet
  const posState = async () => {
    const res = await request.get(api.url('manager/orders'), { headers: manager });
    const day = (await res.json()) as { data: { _id: string; pos: { state: string } | null }[] };
    return day.data.find((o) => o._id === orderId)?.pos?.state;
  };
  await expect.poll(posState, { timeout: 15_000 }).toBe('pending');

  // the cashier accepts it in Poster: the signed webhook reaches the app
  const hook = await poster.settle(
    received?.incoming_order_id as number,
    'accepted',
    `${server.url}/api/integrations/poster/webhook/${restaurant._id}`,
  );
  expect(hook).toBe(200);
  await expect.poll(posState, { timeout: 15_000 }).toBe('accepted');
  expect(poster.incomingOrders).toHaveLength(1);

  // the board (the manager's phone) shows it taken by the POS
  await loginThroughUi(page, managerCreds, server.url);
  await page.goto(`${server.url}/orders`);
  const pos = page.getByTestId('order-pos');
  await expect(pos).toHaveAttribute('data-pos-state', 'accepted');
  await expect(pos).toContainText('Kassa qabul qildi');
  // the POS's number: the online order's
  await expect(pos).toContainText(`Kassadagi raqami: ${received?.incoming_order_id}`);
  await phone.close();
});
