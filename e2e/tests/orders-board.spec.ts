/**
 * The staff's orders board (mfe_orders) in the composed production app, on a 375 px phone: a
 * manager holds the board in one browser context while guests order and call through the public
 * API; the board hears each order live (the time it took is printed), accepts it, marks it ready
 * and served, rejects another with a reason the guest reads, clears a waiter call in one tap; the
 * switches open and close ordering; the day's CSV downloads; the admin reaches a restaurant's
 * board from its detail; the board's fallback when the module is down. axe on every screen. Each
 * test makes its own restaurant through the API (parallel-safe, no global counts).
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import {
  ADMIN,
  apiToken,
  baseURL,
  createManager,
  creator,
  loginWithStorage,
  restaurantReadyToOrder,
} from './support';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

interface World {
  restaurantId: string;
  slug: string;
  managerToken: string;
  table: string;
  instagram: string;
  osh: { id: string; price: number; rowId: string; rowPrice: number };
  choy: { id: string; price: number };
}

async function createWorld(request: APIRequestContext): Promise<World> {
  const r = await restaurantReadyToOrder(
    request,
    'Board Oshxonasi',
    'board',
    ['Stol 5', 'Instagram'],
    ['Stol 5'],
  );
  const { restaurantId, slug, token: managerToken } = r;
  const create = creator(request, managerToken);
  const category = await create('manager/category/create', { title: 'Taomlar', restaurant_id: restaurantId });
  const osh = await create('manager/products', { name: 'Osh', category_id: category, price: 45_000 });
  const option = await create('manager/product-option', { product_id: osh, name: 'Hajmi' });
  const row = await create('manager/product-option-row', {
    product_option_id: option,
    name: 'Katta',
    price: 5000,
  });
  const choy = await create('manager/products', { name: 'Choy', category_id: category, price: 5000 });
  const table = r.tables.get('Stol 5') as string;
  const instagram = r.tables.get('Instagram') as string;
  return {
    restaurantId,
    slug,
    managerToken,
    table,
    instagram,
    osh: { id: osh, price: 45_000, rowId: row, rowPrice: 5000 },
    choy: { id: choy, price: 5000 },
  };
}

/** A guest's order from Stol 5 through the public API: Osh (Katta) x2 and a tea. */
async function placeOrder(request: APIRequestContext, w: World, comment?: string) {
  const res = await request.post(`${baseURL()}/api/public/orders`, {
    data: {
      placement_id: w.table,
      idempotency_key: randomUUID(),
      language: 'uz',
      ...(comment ? { comment } : {}),
      items: [
        { product_id: w.osh.id, quantity: 2, row_ids: [w.osh.rowId], price: w.osh.price + w.osh.rowPrice },
        { product_id: w.choy.id, quantity: 1, row_ids: [], price: w.choy.price },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string; number: number; key: string } }).data;
}

async function guestStatus(request: APIRequestContext, order: { _id: string; key: string }) {
  const res = await request.get(
    `${baseURL()}/api/public/orders/${order._id}?key=${encodeURIComponent(order.key)}`,
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { status: string; reject_reason: string | null } }).data;
}

/** A second browser context holding the manager's board, live. */
async function openBoard(context: BrowserContext, w: World): Promise<Page> {
  const page = await context.newPage();
  await loginWithStorage(page, w.managerToken, 'manager');
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Buyurtmalar' })).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  return page;
}

const card = (page: Page, number: number) =>
  page.getByRole('article', { name: new RegExp(`^#${number}, Stol 5$`) });

test('the board hears an order live, accepts it, marks it ready and served; rejects another with a reason; clears a call', async ({
  browser,
  request,
}) => {
  const w = await createWorld(request);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  try {
    const page = await openBoard(context, w);
    await expect(page.getByText("Hozircha yangi buyurtma yo'q")).toBeVisible();
    await expectAccessible(page, 'the board, empty');

    const started = Date.now();
    const first = await placeOrder(request, w, 'Piyozsiz');
    const arrived = card(page, first.number);
    await expect(arrived).toBeVisible();
    const heardMs = Date.now() - started;
    // a figure, not a verdict: the CPU is shared (docs/ORDERS.md gives the target)
    test.info().annotations.push({ type: 'order reached the board (ms)', description: String(heardMs) });
    console.log(`order reached the board in ${heardMs} ms`);
    await expect(arrived).toContainText('2 × Osh');
    await expect(arrived).toContainText('Hajmi: Katta');
    await expect(arrived).toContainText('Izoh: Piyozsiz');
    await expect(arrived).toContainText("105 000 so'm");
    await expect(page).toHaveTitle('(1) Buyurtmalar');
    await expect(page.getByTestId('orders-badge')).toHaveText(/1/);
    await expectAccessible(page, 'the board with an order');

    // Qabul qilish: the guest's page reads it accepted
    await arrived.getByRole('button', { name: 'Qabul qilish' }).click();
    await expect(
      page.getByTestId('column-accepted').getByRole('article', { name: `#${first.number}, Stol 5` }),
    ).toBeVisible();
    await expect.poll(async () => (await guestStatus(request, first)).status).toBe('accepted');
    await expect(page).not.toHaveTitle(/\(\d+\)/);
    await card(page, first.number).getByRole('button', { name: 'Tayyor' }).click();
    await expect(
      page.getByTestId('column-ready').getByRole('article', { name: `#${first.number}, Stol 5` }),
    ).toBeVisible();
    await card(page, first.number).getByRole('button', { name: 'Berildi' }).click();
    await expect(page.getByText('Bugun yakunlangan: 1 ta')).toBeVisible();
    await expect.poll(async () => (await guestStatus(request, first)).status).toBe('served');

    // Rad etish asks the reason, which the guest reads
    const second = await placeOrder(request, w);
    await card(page, second.number).getByRole('button', { name: 'Rad etish' }).click();
    const dialog = page.getByRole('dialog', { name: `#${second.number} buyurtmani rad etish` });
    await dialog.getByRole('button', { name: 'Oshxona hozir band' }).click();
    await expectAccessible(page, 'the reject dialog');
    await dialog.getByRole('button', { name: 'Rad etish' }).click();
    await expect(page.getByText('Bugun yakunlangan: 2 ta')).toBeVisible();
    await expect
      .poll(async () => await guestStatus(request, second))
      .toMatchObject({ status: 'rejected', reject_reason: 'Oshxona hozir band' });

    // a waiter call appears at once and is cleared with one tap
    const called = await request.post(`${baseURL()}/api/public/calls`, {
      data: { placement_id: w.table, kind: 'waiter' },
    });
    expect([200, 201]).toContain(called.status());
    const calls = page.getByTestId('calls');
    await expect(calls).toContainText('Stol 5: Ofitsiantni chaqirish');
    await calls.getByRole('button', { name: 'Bajarildi: Stol 5, Ofitsiantni chaqirish' }).click();
    await expect(page.getByTestId('calls')).toHaveCount(0);
    await expect
      .poll(async () => {
        const res = await request.get(`${baseURL()}/api/manager/calls`, {
          headers: { Authorization: `Bearer ${w.managerToken}` },
        });
        return ((await res.json()) as { data: unknown[] }).data.length;
      })
      .toBe(0);
  } finally {
    await context.close();
  }
});

test("the switches open and close ordering, the whole restaurant's and each placement's", async ({
  page,
  request,
}) => {
  const w = await createWorld(request);
  await loginWithStorage(page, w.managerToken, 'manager');
  await page.goto('/orders/settings');
  const restaurant = page.getByRole('switch', { name: 'Restoran buyurtma qabul qiladi' });
  await expect(restaurant).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Stol 5' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Instagram' })).not.toBeChecked();
  await expectAccessible(page, 'the ordering switches');
  const settings = async () => {
    const res = await request.get(`${baseURL()}/api/manager/ordering`, {
      headers: { Authorization: `Bearer ${w.managerToken}` },
    });
    return (
      (await res.json()) as {
        data: { takes_orders: boolean; placements: { name: string; takes_orders: boolean }[] };
      }
    ).data;
  };
  await page.getByRole('button', { name: 'Hammasini yoqish' }).click();
  await expect.poll(async () => (await settings()).placements.every((p) => p.takes_orders)).toBe(true);
  await page.getByRole('button', { name: "Hammasini o'chirish" }).click();
  await expect.poll(async () => (await settings()).placements.some((p) => p.takes_orders)).toBe(false);
  // the guest's table no longer takes orders
  const table = await request.get(`${baseURL()}/api/public/tables/${w.table}`);
  expect(((await table.json()) as { data: { takes_orders: boolean } }).data.takes_orders).toBe(false);
  // a tap lands on the switch's label or track (the checkbox itself is visually hidden)
  await page.getByTestId('placement-switches').getByText('Stol 5').click();
  await expect(page.getByRole('switch', { name: 'Stol 5' })).toBeChecked();
  await page.getByText('Restoran buyurtma qabul qiladi').click();
  await expect.poll(async () => (await settings()).takes_orders).toBe(false);
  await expect(page.getByText(/savat va buyurtma tugmasi ko'rinmaydi/)).toBeVisible();
  const refused = await request.post(`${baseURL()}/api/public/orders`, {
    data: {
      placement_id: w.table,
      idempotency_key: randomUUID(),
      language: 'uz',
      items: [{ product_id: w.choy.id, quantity: 1, row_ids: [], price: w.choy.price }],
    },
  });
  expect(refused.status()).toBe(409);
});

test("the day's orders and the history, with totals and the CSV", async ({ page, request }) => {
  const w = await createWorld(request);
  const order = await placeOrder(request, w);
  await loginWithStorage(page, w.managerToken, 'manager');
  await page.goto('/orders/history');
  await expect(page.getByTestId('day-orders')).toContainText(`#${order.number}, Stol 5`);
  await expect(page.getByTestId('day-totals')).toContainText('1 ta buyurtma');
  await expect(page.getByRole('table', { name: "Kunlar bo'yicha buyurtmalar va tushum" })).toBeVisible();
  await expectAccessible(page, 'the history');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV yuklab olish' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const csv = readFileSync(path, 'utf8');
  expect(csv).toContain(`#${order.number}`);
  expect(csv).toContain('Stol 5');
});

test("the admin opens a restaurant's board from its detail, which counts today's orders", async ({
  page,
  request,
}) => {
  const w = await createWorld(request);
  const order = await placeOrder(request, w);
  await loginWithStorage(page, await apiToken(request, ADMIN), 'admin');
  await page.goto(`/admin/viewRestaurant/${w.restaurantId}/${w.slug}`);
  const today = page.getByRole('region', { name: 'Bugungi buyurtmalar' });
  await expect(today).toContainText('1 ta buyurtma');
  await today.getByRole('link', { name: 'Buyurtmalarni ochish' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${w.restaurantId}$`));
  await expect(card(page, order.number)).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  await expectAccessible(page, "an admin's board of a restaurant");
});

test('the board shows its fallback while mfe_orders is down; the bottom bar keeps working', async ({
  page,
  request,
}) => {
  const manager = await createManager(request);
  await loginWithStorage(page, await apiToken(request, manager), 'manager');
  await page.route('**/remotes/mfe-orders/**', (route) => route.fulfill({ status: 404, body: 'down' }));
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: "Bo'limni yuklab bo'lmadi" })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Menyu' });
  await bar.getByRole('link', { name: 'Menyu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menyu' })).toBeVisible();
  await bar.getByRole('link', { name: 'Buyurtmalar' }).click();
  // still down: the fallback again; the module comes back only then (before it, the navigation
  // itself could load it and no retry button would show)
  await expect(page.getByRole('heading', { name: "Bo'limni yuklab bo'lmadi" })).toBeVisible();
  await page.unroute('**/remotes/mfe-orders/**');
  await page.getByRole('button', { name: 'Qayta urinish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buyurtmalar' })).toBeVisible();
  await expect(page.getByText('Sizga hali restoran biriktirilmagan')).toBeVisible();
});
