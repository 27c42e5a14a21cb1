/**
 * The manager's stop-list screen (mfe_stoplist) in the composed production app, on a phone
 * (375 px): stopping a whole category, taking one product out, the catalog's view of the same
 * state without a reload, a failed call, and the rest of the app with the stop-list remote down.
 * Each test runs on its own server (fresh DATA_DIR), set up through the API.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { ROOT, type RunningServer, startApiServer } from '../servers';
import { ADMIN, type Credentials, loginThroughUi, trackCspViolations } from './support';

/** Whether this checkout has built the catalog module: then its category list is checked too. */
const CATALOG_BUILT = existsSync(join(ROOT, 'mfe-catalog/dist/mf-manifest.json'));

const MANAGER: Credentials = { login: 'oshpaz', password: 'oshpaz-parol-1' };
const MENU = {
  'Issiq taomlar': ['Osh', 'Manti', 'Somsa'],
  Ichimliklar: ["Ko'k choy", 'Kompot'],
} as const;

interface World {
  server: RunningServer;
  productId: (name: string) => string;
  /** The manager's API: its categories' and products' state as the server has it. */
  categoryActive: (title: string) => Promise<boolean>;
  productActive: (name: string) => Promise<boolean>;
}

async function token(request: APIRequestContext, server: RunningServer, creds: Credentials) {
  const res = await request.post(`${server.url}/api/auth/login`, { data: creds });
  expect(res.status(), `login ${creds.login}`).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A manager whose restaurant has MENU (every product active), or no product when `empty`. */
async function createWorld(request: APIRequestContext, server: RunningServer, empty = false): Promise<World> {
  const url = (path: string) => `${server.url}/api/${path}`;
  const admin = { Authorization: `Bearer ${await token(request, server, ADMIN)}` };
  const manager = await request.post(url('admin/managers'), { headers: admin, data: MANAGER });
  expect(manager.status()).toBe(201);
  const managerId = ((await manager.json()) as { data: { _id: string } }).data._id;
  const restaurant = await request.post(url('admin/restaurants/create'), {
    headers: admin,
    data: {
      name: 'Oshpaz oshxonasi',
      slug: 'oshpaz-oshxonasi',
      address: 'Toshkent, Chilonzor',
      phone_number: '+998901234567',
      work_time: '09:00-23:00',
      manager_id: managerId,
    },
  });
  expect(restaurant.status()).toBe(201);
  const restaurantId = ((await restaurant.json()) as { data: { _id: string } }).data._id;
  const headers = { Authorization: `Bearer ${await token(request, server, MANAGER)}` };
  const ids = new Map<string, string>();
  for (const [title, products] of Object.entries(empty ? {} : MENU)) {
    const category = await request.post(url('manager/category/create'), {
      headers,
      data: { title, restaurant_id: restaurantId, is_active: true },
    });
    expect(category.status()).toBe(201);
    const categoryId = ((await category.json()) as { data: { _id: string } }).data._id;
    for (const [i, name] of products.entries()) {
      const product = await request.post(url('manager/products'), {
        headers,
        data: { name, category_id: categoryId, price: 10_000 + i * 5_000, is_active: true },
      });
      expect(product.status()).toBe(201);
      ids.set(name, ((await product.json()) as { data: { id: string } }).data.id);
    }
  }
  const list = async <T>(path: string) =>
    ((await (await request.get(url(path), { headers })).json()) as { data: T }).data;
  return {
    server,
    productId: (name) => ids.get(name) ?? '',
    categoryActive: async (title) =>
      (await list<{ title: string; is_active: boolean }[]>('manager/category')).find((c) => c.title === title)
        ?.is_active ?? false,
    productActive: async (name) =>
      (await list<{ name: string; is_active: boolean }[]>('manager/products')).find((p) => p.name === name)
        ?.is_active ?? false,
  };
}

/** A server of its own for each test (one of them stops it), at phone size. */
const test = base.extend<{ server: RunningServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  server: async ({}, use) => {
    const server = await startApiServer();
    await use(server);
    await server.stop();
  },
});
test.use({ viewport: { width: 375, height: 740 } });

const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Menyu' });
const tab = (page: Page, name: 'Mavjud' | 'Stop-list') =>
  page.getByRole('tab', { name: new RegExp(`^${name}`) });
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const productNames = (scope: Page | Locator) =>
  scope.getByTestId('stop-list-product').locator('.sl-name').allTextContents();
const count = (page: Page) => page.getByTestId('stop-list-selected-count');

/** Opens Menyu from the bottom bar (client-side) and waits for the products. */
async function openMenu(page: Page) {
  await bottomBar(page).getByRole('link', { name: 'Menyu' }).click();
  await expect(page).toHaveURL(/\/ProductStopList$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Menyu' })).toBeVisible();
  await expect(tab(page, 'Mavjud')).toBeVisible();
}

/** A fresh world, its manager signed in through the UI and on the menu screen (Mavjud). */
async function managerOnMenu(page: Page, request: APIRequestContext, server: RunningServer): Promise<World> {
  const world = await createWorld(request, server);
  await loginThroughUi(page, MANAGER, server.url);
  await openMenu(page);
  return world;
}

/** A marker that a full page load would wipe. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
const samePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/**
 * The catalog's view of a category's state, reached through the bottom bar (no reload): its
 * category list when mfe-catalog is built in this checkout, else the shell's page for the
 * Kategoriyalar route. Then back to Menyu, which still shows the state from the shared cache.
 */
async function checkCatalogView(page: Page, title: string, active: boolean) {
  await bottomBar(page).getByRole('link', { name: 'Kategoriyalar' }).click();
  await expect(page).toHaveURL(/\/categoryList$/);
  if (CATALOG_BUILT) {
    const row = page.locator(':is(tr, li, [role="row"], [data-testid$="-row"])', { hasText: title }).first();
    await expect(row).toBeVisible();
    if (active) {
      await expect(row).toContainText('Faol');
      await expect(row).not.toContainText('Nofaol');
    } else {
      await expect(row).toContainText('Nofaol');
    }
  } else {
    await expect(page.getByRole('heading', { level: 1, name: "Bu bo'lim hali mavjud emas" })).toBeVisible();
  }
  await openMenu(page);
  expect(await samePage(page)).toBe(true);
}

test('a manager stops a whole category, takes one product out, and the catalog shows the same state', async ({
  page,
  request,
  server,
}) => {
  const world = await createWorld(request, server);
  const stopCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/manager/stop-list')) stopCalls.push(r.postData() ?? '');
  });
  // the screen runs under the server's CSP (the default picture is a data: image)
  const cspViolations = await trackCspViolations(page);
  await loginThroughUi(page, MANAGER, server.url);
  await markPage(page);
  await openMenu(page);
  expect(await productNames(page)).toEqual([...MENU['Issiq taomlar'], ...MENU.Ichimliklar]);

  // stop the whole hot-dishes category: one call with its three products
  await section(page, 'Issiq taomlar')
    .getByRole('checkbox', { name: 'Issiq taomlar: hammasini tanlash' })
    .check();
  await expect(count(page)).toHaveText('3 ta tanlandi');
  await page.getByRole('button', { name: "Stop-listga qo'shish" }).click();
  await expect(page.getByText("Mahsulotlar stop-listga qo'shildi!")).toBeVisible();
  expect(stopCalls).toHaveLength(1);
  expect(JSON.parse(stopCalls[0]!)).toEqual({
    product_ids: MENU['Issiq taomlar'].map(world.productId),
    action: 'stop',
  });
  // it left Mavjud, the category turned inactive, and it is under Stop-list
  await expect(section(page, 'Issiq taomlar')).toHaveCount(0);
  expect(await productNames(page)).toEqual([...MENU.Ichimliklar]);
  await expect(count(page)).toHaveText('0 ta tanlandi');
  expect(await world.categoryActive('Issiq taomlar')).toBe(false);
  expect(await world.productActive('Osh')).toBe(false);
  await tab(page, 'Stop-list').click();
  expect(await productNames(section(page, 'Issiq taomlar'))).toEqual([...MENU['Issiq taomlar']]);

  await checkCatalogView(page, 'Issiq taomlar', false);

  // take Manti out: its category comes back to Mavjud with it
  await tab(page, 'Stop-list').click();
  await page.getByRole('checkbox', { name: 'Manti' }).check();
  await page.getByRole('button', { name: 'Stop-listdan chiqarish' }).click();
  await expect(page.getByText('Mahsulotlar stop-listdan chiqarildi!')).toBeVisible();
  expect(stopCalls).toHaveLength(2);
  expect(JSON.parse(stopCalls[1]!)).toEqual({ product_ids: [world.productId('Manti')], action: 'resume' });
  await expect(page.getByRole('checkbox', { name: 'Manti' })).toHaveCount(0);
  expect(await productNames(page)).toEqual(['Osh', 'Somsa']);
  await tab(page, 'Mavjud').click();
  expect(await productNames(section(page, 'Issiq taomlar'))).toEqual(['Manti']);
  expect(await world.categoryActive('Issiq taomlar')).toBe(true);

  await checkCatalogView(page, 'Issiq taomlar', true);
  expect(await productNames(section(page, 'Issiq taomlar'))).toEqual(['Manti']);
  expect(await samePage(page)).toBe(true);
  expect(await cspViolations()).toEqual([]);
});

test('made for a thumb: 44 px targets, the action bar above the bottom bar, search on both tabs', async ({
  page,
  request,
  server,
}) => {
  const world = await managerOnMenu(page, request, server);
  const heights = async (locator: Locator) =>
    (await locator.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) as number[];
  for (const h of [
    ...(await heights(page.getByRole('tab'))),
    ...(await heights(page.getByRole('searchbox'))),
    ...(await heights(page.locator('label.sl-box, label.sl-row'))),
    ...(await heights(page.getByRole('button', { name: /Issiq taomlar|Ichimliklar/ }))),
    ...(await heights(page.getByRole('button', { name: "Stop-listga qo'shish" }))),
  ]) {
    expect(h).toBeGreaterThanOrEqual(44);
  }
  const bar = await page.getByTestId('stop-list-action-bar').boundingBox();
  const nav = await bottomBar(page).boundingBox();
  expect(bar && nav && bar.y + bar.height).toBeLessThanOrEqual(nav!.y + 0.5);
  expect(bar!.y + bar!.height).toBeGreaterThan(nav!.y - 2);

  // search on Mavjud: the category checkbox acts on what is shown
  await page.getByRole('searchbox', { name: "Mahsulot nomi bo'yicha qidirish" }).fill('o');
  await expect.poll(() => productNames(page)).toEqual(['Osh', 'Somsa', "Ko'k choy", 'Kompot']);
  await page.getByRole('checkbox', { name: 'Issiq taomlar: hammasini tanlash' }).check();
  await expect(count(page)).toHaveText('2 ta tanlandi');
  await page.getByRole('button', { name: "Stop-listga qo'shish" }).click();
  await expect(page.getByText("Mahsulotlar stop-listga qo'shildi!")).toBeVisible();
  expect(await world.productActive('Manti')).toBe(true);
  expect(await world.productActive('Osh')).toBe(false);
  // search on Stop-list
  await tab(page, 'Stop-list').click();
  await expect.poll(() => productNames(page)).toEqual(['Osh', 'Somsa']);
  await page.getByRole('searchbox').fill('som');
  await expect.poll(() => productNames(page)).toEqual(['Somsa']);
  // a category folds
  await page.getByRole('searchbox').fill('');
  const fold = section(page, 'Issiq taomlar').getByRole('button', { name: /Issiq taomlar/ });
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  expect(await productNames(page)).toEqual([]);
});

test('a failed call (server stopped) leaves both tabs as they were, with the error toast', async ({
  page,
  request,
  server,
}) => {
  const world = await managerOnMenu(page, request, server);
  // one product on the stop-list already, so that both tabs have something to keep
  await page.getByRole('checkbox', { name: 'Kompot' }).check();
  await page.getByRole('button', { name: "Stop-listga qo'shish" }).click();
  await expect(page.getByText("Mahsulotlar stop-listga qo'shildi!")).toBeVisible();
  // the success toast has gone before the failure, so no toast of it can be mistaken later
  await expect(page.getByText("Mahsulotlar stop-listga qo'shildi!")).toHaveCount(0);
  const available = await productNames(page);
  await tab(page, 'Stop-list').click();
  const stopped = await productNames(page);
  expect(stopped).toEqual(['Kompot']);
  await tab(page, 'Mavjud').click();
  await page.getByRole('checkbox', { name: 'Issiq taomlar: hammasini tanlash' }).check();
  await expect(count(page)).toHaveText('3 ta tanlandi');

  await world.server.stop();
  await page.getByRole('button', { name: "Stop-listga qo'shish" }).click();
  await expect(page.getByText('Stop-listni yangilashda xatolik yuz berdi!')).toBeVisible();
  expect(await productNames(page)).toEqual(available);
  await expect(count(page)).toHaveText('3 ta tanlandi');
  await tab(page, 'Stop-list').click();
  expect(await productNames(page)).toEqual(stopped);
  await expect(page.getByText("Mahsulotlar stop-listga qo'shildi!")).toHaveCount(0);
});

test('with the stop-list remote down, the rest of the manager area works, and retry loads it', async ({
  page,
  request,
  server,
}) => {
  await createWorld(request, server);
  await page.route('**/remotes/mfe-stoplist/**', (route) => route.fulfill({ status: 404, body: 'down' }));
  await loginThroughUi(page, MANAGER, server.url);
  await expect(page.getByTestId('manager-restaurant-card')).toContainText('Oshpaz oshxonasi');
  await bottomBar(page).getByRole('link', { name: 'Menyu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Bo'limni yuklab bo'lmadi" })).toBeVisible();
  await bottomBar(page).getByRole('link', { name: 'Asosiy' }).click();
  await expect(page.getByTestId('manager-restaurant-card')).toContainText('Oshpaz oshxonasi');
  await bottomBar(page).getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByTestId('profile')).toContainText(MANAGER.login);
  await bottomBar(page).getByRole('link', { name: 'Kategoriyalar' }).click();
  await expect(page).toHaveURL(/\/categoryList$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await bottomBar(page).getByRole('link', { name: 'Menyu' }).click();
  await expect(page.getByRole('button', { name: 'Qayta urinish' })).toBeVisible();
  await page.unroute('**/remotes/mfe-stoplist/**');
  await markPage(page);
  await page.getByRole('button', { name: 'Qayta urinish' }).click();
  await expect(tab(page, 'Mavjud')).toBeVisible();
  expect(await productNames(page)).toHaveLength(5);
  expect(await samePage(page)).toBe(true);
});

test('a restaurant with no products sends the manager to Kategoriyalar; an admin has no stop-list', async ({
  page,
  request,
  server,
}) => {
  await createWorld(request, server, true);
  await loginThroughUi(page, MANAGER, server.url);
  await bottomBar(page).getByRole('link', { name: 'Menyu' }).click();
  await expect(
    page.getByText("Restoranda hali mahsulot yo'q. Avval kategoriya va mahsulot qo'shing."),
  ).toBeVisible();
  await page.getByRole('link', { name: "Kategoriyalarga o'tish" }).click();
  await expect(page).toHaveURL(/\/categoryList$/);

  await page.evaluate(() => localStorage.clear());
  await loginThroughUi(page, ADMIN, server.url);
  await page.goto(`${server.url}/productStopList`);
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Sahifa topilmadi' })).toBeVisible();
});
