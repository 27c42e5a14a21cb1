/**
 * iiko Cloud end to end, against the fake iikoTransport (api/test/fakes/iiko.ts) on 127.0.0.1:
 * the admin connects an organization in the POS dialog, previews and imports it; the guests'
 * page shows the menu, with the POS's pictures (from a fake picture host) once the restaurant's
 * page says they came; a StopListUpdate webhook takes a dish off the guests' page at once (its
 * fetch, not the minute's poll: api/test/pos-iiko.test.ts proves it with no schedule running).
 */
import { expect, test } from '@playwright/test';
import { type FakeIiko, IIKO_API_LOGIN, soldOnMenu, startFakeIiko } from '../../api/test/fakes/iiko';
import { type FakePictureHost, startPictureHost } from '../../api/test/fakes/picture-host';
import { type FakePoster, startFakePoster } from '../../api/test/fakes/poster';
import { type RunningServer, startApiServer } from '../servers';
import { POSTER_SPOT } from './pos-support';
import { ADMIN, loginThroughUi } from './support';

let fake: FakeIiko;
let poster: FakePoster;
let server: RunningServer;
let pictures: FakePictureHost;

test.beforeAll(async () => {
  // smaller photos than the API suite's: this spec follows them from the POS to the guests' page;
  // what processing does to a photo is the API suite's (pos-pictures, images)
  pictures = await startPictureHost({ width: 480, height: 360 });
  fake = await startFakeIiko({ products: 120, imageHost: pictures.url });
  poster = await startFakePoster({ products: 40 });
  server = await startApiServer({
    env: {
      IIKO_API_URL: fake.url,
      POSTER_API_URL: poster.url,
      INTEGRATION_SECRET_KEY: 'e2e0'.repeat(16),
      // the fake picture host on the loopback: an allowance the server takes only in tests
      NODE_ENV: 'test',
      POS_PICTURE_TEST_ORIGINS: pictures.url,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await poster?.close();
  await pictures?.close();
});

test('admin imports an iiko organization; a stop-list webhook takes a dish off the guests page', async ({
  page,
  request,
}) => {
  // the 40 pictures are processed in the background (12 files each): room for a busy machine
  test.setTimeout(150_000);
  const login = await request.post(`${server.url}/api/auth/login`, { data: ADMIN });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { Authorization: `Bearer ${token}` };
  const manager = await request.post(`${server.url}/api/admin/managers`, {
    headers,
    data: { login: 'iiko-menedjer', password: 'parol12345' },
  });
  expect(manager.status()).toBe(201);

  await loginThroughUi(page, ADMIN, server.url);
  await page.getByRole('button', { name: "Kassa tizimidan qo'shish" }).click();
  const dialog = page.getByRole('dialog', { name: "Kassa tizimidan qo'shish" });
  await dialog.getByLabel('API login').fill(IIKO_API_LOGIN);
  await dialog.getByRole('button', { name: 'Ulanish' }).click();
  await dialog.getByRole('combobox', { name: 'Tashkilot' }).selectOption({ label: 'Rayhon Chilonzor' });
  await expect(dialog.getByTestId('pos-preview')).toContainText('120 ta mahsulot');
  await dialog.getByRole('combobox', { name: /Menedjer/ }).selectOption({ label: 'iiko-menedjer' });
  await dialog.getByRole('button', { name: 'Import qilish' }).click();
  const webhookToken = await dialog.getByTestId('pos-webhook-token').inputValue();
  expect(webhookToken.length).toBeGreaterThan(20);

  const list = await request.get(`${server.url}/api/admin/restaurants`, { headers });
  const restaurant = (
    (await list.json()) as { restaurants: { _id: string; slug: string; type: string }[] }
  ).restaurants.find((r) => r.type === 'iiko');
  expect(restaurant).toBeTruthy();
  const dish = fake.data.products.find(
    (p) => soldOnMenu(p) && !p.isDeleted && String(p.name).endsWith(' 4'),
  ) as { id: string; name: string };
  // the POS's pictures come in the background: the restaurant's page says when they are in
  await page.goto(`${server.url}/admin/viewRestaurant/${restaurant?._id}/${restaurant?.slug}`);
  const withPicture = fake.data.products.filter(
    (p) => soldOnMenu(p) && !p.isDeleted && (p.imageLinks as string[]).length > 0,
  );
  await expect(page.getByTestId('pos-sync-status')).toContainText(
    `Mahsulot rasmlari yuklandi (${withPicture.length} ta mahsulot)`,
    { timeout: 90_000 },
  );
  await page.goto(`${server.url}/m/${restaurant?.slug}`);
  await expect(page.getByRole('heading', { name: dish.name, exact: true })).toBeVisible();
  const pictured = withPicture[0] as { name: string }; // n = 3: on the menu, not stopped
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: pictured.name, exact: true }) });
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\//);

  fake.data.stopItems.push({ productId: dish.id, sizeId: null, balance: 0 });
  const started = Date.now();
  const hook = await request.post(`${server.url}/api/integrations/iiko/webhook/${restaurant?._id}`, {
    headers: { Authorization: webhookToken },
    data: [
      { eventType: 'StopListUpdate', organizationId: fake.data.organizations[0]?.id, correlationId: 'e2e' },
    ],
  });
  expect(hook.status()).toBe(200);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole('heading', { name: dish.name, exact: true }).count();
      },
      // well inside the stop-list's minute (the delay is printed; a loaded machine may take seconds)
      { timeout: 10_000, intervals: [100] },
    )
    .toBe(0);
  console.log(`the webhook took the dish off the guests' page after ${Date.now() - started} ms`);
});

test("a Poster spot imports with its prices in so'm on the guests' page", async ({ page, request }) => {
  const login = await request.post(`${server.url}/api/auth/login`, { data: ADMIN });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { Authorization: `Bearer ${token}` };
  const manager = await request.post(`${server.url}/api/admin/managers`, {
    headers,
    data: { login: 'poster-menedjer', password: 'parol12345' },
  });
  const managerId = ((await manager.json()) as { data: { _id: string } }).data._id;
  const res = await request.post(`${server.url}/api/admin/integration/pos/import`, {
    headers,
    data: { ...POSTER_SPOT, manager_id: managerId },
  });
  expect(res.status()).toBe(201);
  const slug = ((await res.json()) as { data: { restaurant: { slug: string } } }).data.restaurant.slug;
  const first = poster.data.products[0] as { product_name: string; spots: { price: string }[] };
  const som = Number(first.spots[0]?.price) / 100; // kopecks -> so'm
  await page.goto(`${server.url}/m/${slug}`);
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: first.product_name, exact: true }) });
  await expect(item).toContainText(`${som.toLocaleString('en-US').replace(/,/g, ' ')} so'm`);
});
