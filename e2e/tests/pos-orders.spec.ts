/**
 * Guests' orders into iiko end to end (docs/ORDERS.md, "Into the POS"), against the fake
 * iikoTransport (api/test/fakes/iiko.ts) on 127.0.0.1, on a server of this spec's own: the
 * manager picks the iiko terminal group and maps "Stol 5" to iiko's table in the QR dialog, sets
 * orders to go to the POS at once; a guest at table 5 orders a Mastava with a single modifier
 * and a Kompot 1 L (a sized drink) with a group modifier, and a comment: iiko receives one
 * `order/create` that passes its published request schemas, with the mapped table, the product,
 * size and modifier ids and amounts, each at its unit price, the guest's comment on the first
 * dish; the board shows it taken by the POS, iiko's total equal to ours (no «Kassadagi summa
 * boshqa»); a second order from the table goes through `add_items` to the same iiko order; the
 * guest's page says it in the guest's words. axe on the dialog, the settings and the board.
 */
import { expect, type Page, test } from '@playwright/test';
import { type FakeIiko, IIKO_TABLES, IIKO_TERMINAL_GROUPS, startFakeIiko } from '../../api/test/fakes/iiko';
import { expectAccessible } from '../a11y';
import type { RunningServer } from '../servers';
import { iikoLocation, importPosRestaurant, openTables, serverApi, startServerWith } from './pos-support';
import { loginThroughUi } from './support';

let fake: FakeIiko;
let server: RunningServer;

const MANAGER = { login: 'kassa-menedjer', password: 'parol12345' };

test.beforeAll(async () => {
  fake = await startFakeIiko({ products: 20, tableDishes: true });
  server = await startServerWith({ iiko: fake });
});
test.afterAll(() => server?.stop());

const card = (page: Page, number: number) => page.getByRole('article', { name: `#${number}, Stol 5` });

test('a guest at table 5 orders; iiko gets one table order with the right ids; the next order adds to it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = serverApi(request, server.url);
  const { restaurant, manager } = await importPosRestaurant(api, MANAGER, iikoLocation(fake));
  const headers = { Authorization: `Bearer ${manager}` };
  const [table] = (await openTables(api, manager, restaurant._id, ['Stol 5'])) as [string];

  // the manager maps the placement to iiko's table: the terminal group first (connected before)
  await loginThroughUi(page, MANAGER, server.url);
  await page.getByRole('button', { name: 'QR kod' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR kod' });
  const tables = dialog.getByTestId('pos-tables');
  await tables.getByRole('combobox', { name: 'Kassa terminallari guruhi' }).selectOption({
    label: IIKO_TERMINAL_GROUPS[0]?.name as string,
  });
  const stol5 = tables.getByRole('combobox', { name: 'Stol 5: kassadagi stol' });
  await stol5.selectOption({ label: 'Asosiy zal: Stol 5' });
  await expect(page.getByText('Stol 5: saqlandi')).toBeVisible();
  await expectAccessible(page, 'the QR dialog with the POS tables');
  await dialog.getByRole('button', { name: 'Yopish' }).first().click();

  // orders go to the POS as soon as the guest sends them
  await page.goto(`${server.url}/orders/settings`);
  const sending = page.getByTestId('pos-sending');
  await sending.getByRole('radio', { name: 'Mehmon yuborishi bilan darhol' }).check();
  await expect(sending.getByRole('radio', { name: 'Mehmon yuborishi bilan darhol' })).toBeChecked();
  await expectAccessible(page, 'the orders settings with the POS');
  await expect
    .poll(async () => {
      const s = await request.get(`${server.url}/api/manager/ordering`, { headers });
      return ((await s.json()) as { data: { pos: { send: string } } }).data.pos.send;
    })
    .toBe('at_once');

  // what the guest's cart sends, read from the guest's page (its data-* ids and prices)
  const items = await guestItems(page, `${server.url}/m/${restaurant.slug}?p=${table}`);
  await page.goto(`${server.url}/orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buyurtmalar' })).toBeVisible();
  const comment = 'Qatiqni alohida bering';
  const first = await api.order(table, items, { comment });
  const firstCard = card(page, first.number);
  await expect(firstCard.getByTestId('order-pos')).toHaveAttribute('data-pos-state', 'accepted', {
    timeout: 20_000,
  });
  await expect(firstCard).toContainText('Kassa qabul qildi');
  // iiko's total of the order is ours: no warning on the card
  await expect(firstCard).not.toContainText('Kassadagi summa boshqa');
  await expectAccessible(page, 'the board with an order taken by the POS');

  expect(fake.desk.state.creates).toHaveLength(1);
  const created = fake.desk.state.creates[0] as {
    terminalGroupId: string;
    createOrderSettings: unknown;
    order: { externalNumber: string; tableIds: string[]; items: unknown[] };
  };
  expect(created.terminalGroupId).toBe(IIKO_TERMINAL_GROUPS[0]?.id);
  expect(created.createOrderSettings).toEqual({ checkStopList: true });
  expect(created.order.externalNumber).toBe(first._id);
  expect(created.order.tableIds).toEqual([IIKO_TABLES[4]?.id]);
  const dishes = fake.data.products as { id: string; name: string; groupModifiers: { id: string }[] }[];
  const mastava = dishes.find((p) => p.name === 'Mastava');
  const qatiq = dishes.find((p) => p.name === 'Qatiq');
  const kompot = dishes.find((p) => p.name === 'Kompot');
  const litre = fake.data.sizes.find((s) => s.name === '1 L');
  const ice = dishes.find((p) => p.name === 'Muz');
  expect(created.order.items).toEqual([
    {
      type: 'Product',
      productId: mastava?.id,
      amount: 1,
      price: 28000,
      comment: `QR #${first.number} · ${comment}`,
      modifiers: [{ productId: qatiq?.id, amount: 1, price: 3000 }],
      positionId: expect.any(String),
    },
    {
      type: 'Product',
      productId: kompot?.id,
      amount: 2,
      productSizeId: litre?.id,
      price: 15000,
      modifiers: [
        { productId: ice?.id, amount: 1, productGroupId: kompot?.groupModifiers[0]?.id, price: 1000 },
      ],
      positionId: expect.any(String),
    },
  ]);
  // every call iiko got passed its published request schemas (fakes/iiko-openapi.ts)
  expect(fake.received.flatMap((r) => r.faults)).toEqual([]);

  // the same table orders again: added to the same iiko order
  const second = await api.order(table, items.slice(0, 1));
  await expect(card(page, second.number).getByTestId('order-pos')).toHaveAttribute(
    'data-pos-state',
    'accepted',
    {
      timeout: 20_000,
    },
  );
  await expect(card(page, second.number)).not.toContainText('Kassadagi summa boshqa');
  expect(fake.desk.state.creates).toHaveLength(1);
  expect(fake.desk.state.adds).toHaveLength(1);
  const added = fake.desk.state.adds[0] as { orderId: string; items: Record<string, unknown>[] };
  expect(added.orderId).toBe(fake.desk.made()[0]?.id);
  expect(added.items).toEqual([
    expect.objectContaining({ productId: mastava?.id, price: 28000, comment: `QR #${second.number}` }),
  ]);
  expect(fake.received.flatMap((r) => r.faults)).toEqual([]);

  // the guest reads it in their own words
  await page.goto(
    `${server.url}/m/${restaurant.slug}/orders/${first._id}?key=${encodeURIComponent(first.key)}`,
  );
  await expect(page.getByRole('status')).toContainText('Oshxonaga uzatildi');
  await expectAccessible(page, "the guest's order page, passed to the kitchen");
});

/**
 * Mastava with qatiq x1 and Kompot 1 L with ice x2, with the ids and prices the guests' page
 * carries for its cart (`data-product`, `data-row`, `data-price`), as the cart would send them.
 */
async function guestItems(page: Page, url: string) {
  const guest = await page.context().newPage();
  try {
    await guest.goto(url);
    const read = await guest.evaluate(() => {
      const product = (name: string) =>
        [...document.querySelectorAll<HTMLElement>('li[data-product]')].find(
          (li) => li.querySelector('h3')?.textContent === name,
        );
      const row = (li: HTMLElement | undefined, name: string) =>
        [...(li?.querySelectorAll<HTMLElement>('dd[data-row]') ?? [])].find((dd) =>
          dd.textContent?.startsWith(name),
        );
      const mastava = product('Mastava');
      const qatiq = row(mastava, 'Qatiq');
      const kompot = product('Kompot');
      const litre = row(kompot, '1 L');
      const ice = row(kompot, 'Muz');
      const price = (el: HTMLElement | undefined) => Number(el?.dataset.price ?? 0);
      return {
        mastava: { id: mastava?.dataset.product, price: price(mastava) + price(qatiq) },
        kompot: { id: kompot?.dataset.product, price: price(kompot) + price(litre) + price(ice) },
        mastavaRows: [qatiq?.dataset.row],
        kompotRows: [litre?.dataset.row, ice?.dataset.row],
      };
    });
    expect(
      read.mastava.id && read.kompot.id && [...read.mastavaRows, ...read.kompotRows].every(Boolean),
    ).toBeTruthy();
    return [
      { product_id: read.mastava.id, quantity: 1, row_ids: read.mastavaRows, price: read.mastava.price },
      { product_id: read.kompot.id, quantity: 2, row_ids: read.kompotRows, price: read.kompot.price },
    ];
  } finally {
    await guest.close();
  }
}
