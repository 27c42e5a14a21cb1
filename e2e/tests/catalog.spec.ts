/**
 * The catalog module (mfe-catalog) in the composed production app: a manager builds a menu from
 * nothing on a phone, an admin does the same for another restaurant from its category list, a
 * manager gets "not found" for another restaurant's things by URL, and the shell and the other
 * modules keep working with the catalog remote down. Its own server (fresh DATA_DIR): the
 * counters are exact.
 */
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { type RunningServer, startApiServer } from '../servers';
import { ADMIN, type Credentials, loginThroughUi, PNG, trackCspViolations } from './support';

/**
 * This file's server, started before its first test and stopped after its last, handed to the
 * tests as a fixture. Not a worker fixture: one would give the file a worker of its own, which
 * Playwright schedules after every other file (the run's tail waited on this file alone).
 */
let fileServer: RunningServer | undefined;
const test = base.extend<{ server: RunningServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  server: async ({}, use) => {
    if (!fileServer) throw new Error("the file's server did not start");
    await use(fileServer);
  },
});
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  fileServer = await startApiServer();
});
test.afterAll(async () => {
  await fileServer?.stop();
  fileServer = undefined;
});

const MANAGER_A: Credentials = { login: 'katalog-a', password: 'parol12345' };
const MANAGER_B: Credentials = { login: 'katalog-b', password: 'parol12345' };

interface Api {
  get: (path: string) => Promise<unknown>;
  post: (path: string, data: unknown) => Promise<{ data: Record<string, string> }>;
}

/** The API of this file's server as a user (JSON answers; a failed call fails the test). */
async function apiAs(request: APIRequestContext, server: RunningServer, creds: Credentials): Promise<Api> {
  const url = (path: string) => `${server.url}/api/${path}`;
  const login = await request.post(url('auth/login'), { data: creds });
  expect(login.status(), `login ${creds.login}`).toBe(200);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async (path) => {
      const res = await request.get(url(path), { headers });
      expect(res.ok(), `GET ${path}`).toBe(true);
      return res.json();
    },
    post: async (path, data) => {
      const res = await request.post(url(path), { headers, data });
      expect(res.ok(), `POST ${path}: ${res.status()}`).toBe(true);
      return res.json();
    },
  };
}

/** A manager with a restaurant, made through the admin's API. */
async function managerWithRestaurant(
  request: APIRequestContext,
  server: RunningServer,
  creds: Credentials,
  name: string,
  slug: string,
): Promise<{ restaurantId: string }> {
  const admin = await apiAs(request, server, ADMIN);
  const manager = await admin.post('admin/managers', creds);
  const restaurant = await admin.post('admin/restaurants/create', {
    name,
    slug,
    address: 'Toshkent',
    phone_number: '+998901112233',
    work_time: '09:00-23:00',
    manager_id: manager.data._id,
  });
  return { restaurantId: restaurant.data._id! };
}

const TOAST = '[data-scope="toast"][data-part="root"]';
/**
 * Sees the toasts of `texts`, then waits until every toast has closed itself (2 s), the pointer
 * moved off them first: toasts under the pointer pause (a hovered toast stays), and at 375 px
 * they cover the page's buttons, so one left open could take the next tap for ever.
 * The pointer goes onto a toast and off again until they are gone: the toasts drop a pointer's
 * leave in the frame one of them closes, and would then stay paused.
 * (Not closed with their button: a tap beside a closing toast would land outside a dialog.)
 */
const toast = async (page: Page, ...texts: string[]) => {
  for (const text of texts) await expect(page.locator(TOAST, { hasText: text }).first()).toBeVisible();
  const open = page.locator(TOAST);
  await expect(async () => {
    if ((await open.count()) > 0)
      await open
        .first()
        .hover({ timeout: 1000 })
        .catch(() => {});
    await page.mouse.move(1, 1);
    await expect(open).toHaveCount(0, { timeout: 4000 });
  }).toPass({ timeout: 30_000 });
};
const counters = async (page: Page, all: number, active: number, inactive: number) => {
  await expect(page.getByTestId('counter-all-value')).toHaveText(String(all));
  await expect(page.getByTestId('counter-active-value')).toHaveText(String(active));
  await expect(page.getByTestId('counter-inactive-value')).toHaveText(String(inactive));
};
const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
const categoryRow = (page: Page, title: string) =>
  page.getByTestId('category-row').filter({ has: page.getByText(title, { exact: true }) });
const productRow = (page: Page, name: string) =>
  page.getByTestId('product-row').filter({ has: page.getByText(name, { exact: true }) });
const listItem = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).filter({ has: page.getByText(name, { exact: true }) });

async function addCategory(page: Page, title: string) {
  await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
  const dialog = page.getByTestId('category-dialog');
  await dialog.locator('input[name="title"]').fill(title);
  await dialog.getByRole('button', { name: 'Yaratish' }).click();
  await expect(dialog).toBeHidden();
  await expect(categoryRow(page, title)).toBeVisible();
}

async function addProduct(
  page: Page,
  p: { name: string; price: string; description?: string; picture?: string },
): Promise<Locator> {
  await page.getByRole('button', { name: "Mahsulot qo'shish" }).click();
  const dialog = page.getByTestId('product-dialog');
  await dialog.locator('input[name="name"]').fill(p.name);
  await dialog.locator('input[name="price"]').fill(p.price);
  if (p.description) await dialog.locator('textarea[name="description"]').fill(p.description);
  if (p.picture) {
    await dialog.locator('input[name="files"]').setInputFiles({
      name: p.picture,
      mimeType: 'image/png',
      buffer: PNG,
    });
  }
  await dialog.getByRole('button', { name: 'Yaratish' }).click();
  await expect(dialog).toBeHidden();
  return dialog;
}

async function addNamed(page: Page, button: string, testId: string, fields: Record<string, string>) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByTestId(testId);
  for (const [name, value] of Object.entries(fields))
    await dialog.locator(`input[name="${name}"]`).fill(value);
  await dialog.getByRole('button', { name: 'Yaratish' }).click();
  return dialog;
}

test('a manager builds a menu from nothing on a phone, edits and deletes some of it', async ({
  page,
  server,
  request,
}) => {
  test.setTimeout(240_000);
  await managerWithRestaurant(request, server, MANAGER_A, 'Katalog Oshxonasi', 'katalog-oshxonasi');
  const csp = await trackCspViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await loginThroughUi(page, MANAGER_A, server.url);

  // Categories from the bottom bar: empty, then two
  await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Kategoriyalar' }).click();
  await expect(page).toHaveURL(`${server.url}/categoryList`);
  await expect(page.getByText('Bu restoranga kategoriya biriktirilmagan')).toBeVisible();
  await counters(page, 0, 0, 0);
  await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
  await page.getByTestId('category-dialog').getByRole('button', { name: 'Yaratish' }).click();
  await expect(page.getByText("Kategoriya nomi bo'sh bo'lishi mumkin emas!")).toBeVisible();
  await page.getByTestId('category-dialog').getByRole('button', { name: 'Bekor qilish' }).click();
  await addCategory(page, 'Salatlar');
  await toast(page, 'Kategoriya yaratildi!');
  await addCategory(page, 'Ichimliklar');
  await counters(page, 2, 2, 0);
  await fitsWidth(page, 375);

  // The toggle shows the server's answer; the counters follow without a reload
  const drinks = categoryRow(page, 'Ichimliklar');
  await drinks.getByTestId('category-status').click();
  await expect(drinks.getByText('Nofaol', { exact: true })).toBeVisible();
  await expect(drinks.getByRole('switch', { name: 'Ichimliklar holati' })).not.toBeChecked();
  await counters(page, 2, 1, 1);

  // Edit: no change first, then a new title
  await categoryRow(page, 'Salatlar').getByRole('button', { name: 'Tahrirlash' }).click();
  const categoryDialog = page.getByTestId('category-dialog');
  await categoryDialog.getByRole('button', { name: 'Saqlash' }).click();
  await toast(page, "O'zgarishlar mavjud emas!");
  await categoryDialog.locator('input[name="title"]').fill('Salatlar va gazaklar');
  await categoryDialog.getByRole('button', { name: 'Saqlash' }).click();
  await toast(page, 'Kategoriya tahrirlandi!');
  await expect(categoryRow(page, 'Salatlar va gazaklar')).toBeVisible();

  // Its products: empty, the form's rules, one with a picture and one without; ten more through
  // the API (the table's pages need twelve: typing ten more adds nothing but time)
  await categoryRow(page, 'Salatlar va gazaklar').getByRole('button', { name: 'Mahsulotlar' }).click();
  await expect(page).toHaveURL(/\/ProductTable\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mahsulotlar: Salatlar va gazaklar');
  await expect(page.getByText("Bu kategoriyada mahsulot yo'q")).toBeVisible();
  await page.getByRole('button', { name: "Mahsulot qo'shish" }).click();
  const productDialog = page.getByTestId('product-dialog');
  await productDialog.getByRole('button', { name: 'Yaratish' }).click();
  await expect(productDialog.getByText('Majburiy maydon')).toHaveCount(2);
  await productDialog.getByRole('button', { name: 'Bekor qilish' }).click();
  await addProduct(page, {
    name: 'Sezar salati',
    price: '45000',
    description: 'Tovuq, salat bargi, pishloq, suxari va maxsus sous',
    picture: 'sezar.png',
  });
  await toast(page, 'Mahsulot yaratildi!', 'Mahsulot rasmi yuklandi!');
  await addProduct(page, { name: 'Taom 01', price: '11000' });
  await expect(productRow(page, 'Taom 01')).toBeVisible();
  const manager = await apiAs(request, server, MANAGER_A);
  const categoryId = new URL(page.url()).pathname.split('/').at(-1);
  for (let i = 2; i <= 11; i += 1) {
    await manager.post('manager/products', {
      name: `Taom ${String(i).padStart(2, '0')}`,
      price: 10000 + i * 1000,
      category_id: categoryId,
    });
  }
  await page.reload();
  await counters(page, 12, 12, 0);
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(10);
  const sezar = productRow(page, 'Sezar salati');
  await expect(sezar.getByTestId('product-description')).toHaveText('Tovuq, salat bargi, pishloq,...');
  await expect(sezar.getByTestId('product-price')).toHaveText("45 000 so'm");
  await page.getByRole('button', { name: 'Keyingi' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Oldingi' }).click();
  await fitsWidth(page, 375);

  // Search, toggle, edit, delete
  await page.getByRole('searchbox', { name: 'Qidirish' }).fill('SEZAR');
  await expect(rows).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Qidirish' }).fill('');
  const first = productRow(page, 'Taom 01');
  await first.getByTestId('product-status').click();
  await expect(first.getByText('Nofaol', { exact: true })).toBeVisible();
  await expect(first.getByRole('switch', { name: 'Taom 01 holati' })).not.toBeChecked();
  await counters(page, 12, 11, 1);
  await productRow(page, 'Taom 02').getByRole('button', { name: 'Tahrirlash' }).click();
  // a price in so'm is a whole number: a fraction is refused under the field
  await productDialog.locator('input[name="price"]').fill('99000.9');
  await productDialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(productDialog.getByText("Narx butun so'mda bo'lishi kerak")).toBeVisible();
  await productDialog.locator('input[name="price"]').fill('99000');
  await productDialog.getByRole('button', { name: 'Saqlash' }).click();
  await toast(page, 'Mahsulot yangilandi!');
  await expect(productRow(page, 'Taom 02').getByTestId('product-price')).toHaveText("99 000 so'm");
  await page.getByRole('searchbox', { name: 'Qidirish' }).fill('taom 11');
  // on a phone O'chirish is under the card's menu
  await productRow(page, 'Taom 11').getByRole('button', { name: 'Taom 11: boshqa amallar' }).click();
  await productRow(page, 'Taom 11').getByRole('button', { name: "O'chirish" }).click();
  await page.getByRole('button', { name: 'Ha', exact: true }).click();
  await toast(page, "Mahsulot o'chirildi!");
  await page.getByRole('searchbox', { name: 'Qidirish' }).fill('');
  await counters(page, 11, 10, 1);

  // The detail: the uploaded picture, every field; then its options and rows
  await sezar.getByRole('button', { name: "Ko'rish" }).click();
  await expect(page).toHaveURL(/\/product-detail\/[^/]+\/[^/]+$/);
  const detail = page.getByTestId('product-detail');
  await expect(detail.getByTestId('product-title')).toHaveText('Sezar salati');
  await expect(detail.getByTestId('product-image').first()).toHaveAttribute('src', /\/uploads\//);
  await expect(detail.getByTestId('product-image').first()).not.toHaveAttribute('data-default', 'true');
  await expect(detail.getByTestId('product-category')).toContainText('Salatlar va gazaklar');
  await expect(detail.getByText('Xali opsiya biriktirilmagan')).toBeVisible();
  await fitsWidth(page, 375);
  await detail.getByRole('button', { name: 'Opsiyalar' }).click();
  await expect(page).toHaveURL(/\/product-option\/[^/]+$/);
  await expect(page.getByText('Xali opsiya biriktirilmagan')).toBeVisible();
  await addNamed(page, "Opsiya qo'shish", 'option-dialog', { name: 'Hajmi' });
  await toast(page, "Opsiya qo'shildi!");
  await listItem(page, 'option-row', 'Hajmi').getByRole('button', { name: 'Variantlar' }).click();
  await expect(page).toHaveURL(/\/product-option-row\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Variantlar: Hajmi');
  for (const [name, price] of [
    ['Kichik', '0'],
    ['Katta', '3000.7'],
    ["O'rta", '2000'],
  ]) {
    const dialog = await addNamed(page, "Variant qo'shish", 'option-row-dialog', {
      name: name!,
      price: price!,
    });
    await expect(dialog).toBeHidden();
  }
  await toast(page, "Yangi variant qo'shildi");
  await expect(listItem(page, 'option-row-item', 'Katta')).toContainText("3 000 so'm");
  // no client checks: an empty price goes to the server, whose 400 is the save failure
  const refused = await addNamed(page, "Variant qo'shish", 'option-row-dialog', { name: 'Bepul' });
  await toast(page, 'Saqlashda xatolik yuz berdi.');
  await refused.getByRole('button', { name: 'Bekor qilish' }).click();
  await listItem(page, 'option-row-item', 'Katta').getByRole('button', { name: 'Tahrirlash' }).click();
  await page.getByTestId('option-row-dialog').locator('input[name="price"]').fill('4000');
  await page.getByTestId('option-row-dialog').getByRole('button', { name: 'Saqlash' }).click();
  await toast(page, 'Variant yangilandi');
  await listItem(page, 'option-row-item', "O'rta").getByRole('button', { name: "O'chirish" }).click();
  await page.getByRole('button', { name: 'Ha', exact: true }).click();
  await toast(page, "Variant o'chirildi");
  await expect(page.getByTestId('option-row-item')).toHaveCount(2);
  await fitsWidth(page, 375);

  // Back to the detail: the option and its rows show there without a reload
  await page.getByRole('button', { name: /Orqaga/ }).click();
  await page.getByRole('button', { name: /Orqaga/ }).click();
  const option = page.getByTestId('product-option').filter({ hasText: 'Hajmi' });
  await expect(option).toContainText('Kichik');
  await expect(option).toContainText("+4 000 so'm");

  // Delete the other category (it says its products go with it)
  await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Kategoriyalar' }).click();
  await categoryRow(page, 'Ichimliklar').getByRole('button', { name: "O'chirish" }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Kategoriyadagi barcha mahsulotlar');
  await page.getByRole('button', { name: 'Ha', exact: true }).click();
  await toast(page, "Kategoriya o'chirildi!");
  await counters(page, 1, 1, 0);
  expect(await csp()).toEqual([]);
});

test('an admin builds the menu of another restaurant from its category list', async ({
  page,
  server,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, server, ADMIN);
  await admin.post('admin/restaurants/create', {
    name: 'Admin Kafesi',
    slug: 'admin-kafesi',
    address: 'Samarqand',
    phone_number: '+998662000000',
    work_time: '08:00-20:00',
  });
  await loginThroughUi(page, ADMIN, server.url);
  // from the restaurant list
  const row = page.getByTestId('restaurant-row').filter({ hasText: 'Admin Kafesi' });
  await row.getByRole('button', { name: 'Kategoriyalar' }).click();
  await expect(page).toHaveURL(/\/admin\/categoryList\/[^/]+$/);
  await expect(page.getByText('Bu restoranga kategoriya biriktirilmagan')).toBeVisible();
  await addCategory(page, 'Desertlar');
  await addCategory(page, 'Choylar');
  await counters(page, 2, 2, 0);
  await categoryRow(page, 'Desertlar').getByRole('button', { name: 'Mahsulotlar' }).click();
  await expect(page).toHaveURL(/\/admin\/viewProduct\/[^/]+\/[^/]+$/);
  await addProduct(page, {
    name: 'Napoleon',
    price: '28000',
    description: 'Qatlamli tort',
    picture: 'n.png',
  });
  await toast(page, 'Mahsulot rasmi yuklandi!');
  await addProduct(page, { name: 'Medovik', price: '26000' });
  await counters(page, 2, 2, 0);

  // the detail: edit moves the product to another category; the table follows
  await productRow(page, 'Medovik').getByRole('button', { name: "Ko'rish" }).click();
  await expect(page).toHaveURL(/\/admin\/product-detail\/[^/]+\/[^/]+$/);
  // the list stays on screen until the detail's module has loaded: its own button, not a row's
  await page.getByTestId('product-detail').getByRole('button', { name: 'Tahrirlash' }).click();
  const dialog = page.getByTestId('product-dialog');
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await toast(page, "Hech qanday o'zgarish yo'q.");
  await dialog.locator('select[name="category_id"]').selectOption({ label: 'Choylar' });
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await toast(page, 'Mahsulot yangilandi!');
  await expect(page.getByTestId('product-category')).toContainText('Choylar');
  await page.getByRole('button', { name: /Orqaga/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mahsulotlar: Choylar');
  await expect(productRow(page, 'Medovik')).toBeVisible();
  await counters(page, 1, 1, 0);

  // options and rows of Medovik
  await productRow(page, 'Medovik').getByRole('button', { name: 'Opsiyalar' }).click();
  await expect(page).toHaveURL(/\/admin\/product-option\/[^/]+$/);
  await addNamed(page, "Opsiya qo'shish", 'option-dialog', { name: 'Qoshimcha' });
  await listItem(page, 'option-row', 'Qoshimcha').getByRole('button', { name: 'Tahrirlash' }).click();
  await page.getByTestId('option-dialog').locator('input[name="name"]').fill("Qo'shimcha");
  await page.getByTestId('option-dialog').getByRole('button', { name: 'Saqlash' }).click();
  await toast(page, 'Opsiya yangilandi!');
  await listItem(page, 'option-row', "Qo'shimcha").getByRole('button', { name: 'Variantlar' }).click();
  await expect(page).toHaveURL(/\/admin\/product-option-row\/[^/]+$/);
  for (const [name, price] of [
    ['Asal', '2000'],
    ['Qaymoq', '3000'],
  ]) {
    await expect(
      await addNamed(page, "Variant qo'shish", 'option-row-dialog', { name: name!, price: price! }),
    ).toBeHidden();
  }
  await expect(page.getByTestId('option-row-item')).toHaveCount(2);

  // delete the product from its detail: back on its table
  await page.getByRole('button', { name: /Orqaga/ }).click();
  await page.getByRole('button', { name: /Orqaga/ }).click();
  await productRow(page, 'Medovik').getByRole('button', { name: "Ko'rish" }).click();
  await expect(page.getByTestId('product-option')).toContainText("+3 000 so'm");
  await page.getByTestId('product-detail').getByRole('button', { name: "O'chirish" }).click();
  await page.getByRole('button', { name: 'Ha', exact: true }).click();
  await toast(page, "Mahsulot o'chirildi!");
  await expect(page).toHaveURL(/\/admin\/viewProduct\/[^/]+\/[^/]+$/);
  await expect(page.getByText("Bu kategoriyada mahsulot yo'q")).toBeVisible();

  // and from the restaurant's detail page
  await page.goto(`${server.url}/admin/restaurants`);
  await page
    .getByTestId('restaurant-row')
    .filter({ hasText: 'Admin Kafesi' })
    .getByRole('button', { name: "Ko'rish" })
    .click();
  await page.getByTestId('restaurant-detail').getByRole('button', { name: 'Kategoriyalar' }).click();
  await expect(categoryRow(page, 'Desertlar')).toBeVisible();
});

test("a manager gets not-found for another restaurant's category, product and option by URL", async ({
  page,
  server,
  request,
}) => {
  const own = await managerWithRestaurant(request, server, MANAGER_B, 'Boshqa Restoran', 'boshqa-restoran');
  // manager A's things (the first test built them)
  const a = await apiAs(request, server, MANAGER_A);
  const categories = (await a.get('manager/category')) as { data: { _id: string; restaurant_id: string }[] };
  const category = categories.data[0]!;
  const products = (await a.get('manager/products')) as { data: { _id: string; name: string }[] };
  const sezar = products.data.find((p) => p.name === 'Sezar salati')!;
  const options = (await a.get(`manager/product-option/product/${sezar._id}`)) as { data: { _id: string }[] };

  await loginThroughUi(page, MANAGER_B, server.url);
  const visits: [string, string][] = [
    [`/ProductTable/${category._id}`, 'Kategoriya topilmadi.'],
    [`/admin/categoryList/${category.restaurant_id}`, 'Restoran topilmadi.'],
    [`/product-detail/${sezar._id}/${own.restaurantId}`, 'Mahsulot topilmadi.'],
    [`/product-detail/${sezar._id}/${category.restaurant_id}`, 'Mahsulot topilmadi.'],
    [`/product-option/${sezar._id}`, 'Mahsulot topilmadi.'],
    [`/product-option-row/${options.data[0]!._id}`, 'Opsiya topilmadi.'],
  ];
  for (const [path, text] of visits) {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByText(text, { exact: true }), path).toBeVisible();
    for (const theirs of ['Sezar salati', 'Salatlar va gazaklar', 'Kichik', 'Hajmi']) {
      await expect(page.getByText(theirs), `${path} shows ${theirs}`).toHaveCount(0);
    }
  }
  // its own (empty) catalog works
  await page.goto(`${server.url}/categoryList`);
  await expect(page.getByText('Bu restoranga kategoriya biriktirilmagan')).toBeVisible();
  // the options page without a product sends it to the categories
  await page.goto(`${server.url}/product-option`);
  await page.getByRole('button', { name: "Kategoriyalarga o'tish" }).click();
  await expect(page).toHaveURL(`${server.url}/categoryList`);
});

test('with the catalog remote down, the shell and the other modules still work', async ({ page, server }) => {
  await page.route('**/remotes/mfe-catalog/**', (route) => route.fulfill({ status: 404, body: 'down' }));
  await page.setViewportSize({ width: 375, height: 740 });
  await loginThroughUi(page, MANAGER_A, server.url);
  const bar = page.getByRole('navigation', { name: 'Menyu' });
  await bar.getByRole('link', { name: 'Kategoriyalar' }).click();
  await expect(page.getByText("Bo'limni yuklab bo'lmadi")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Qayta urinish' })).toBeVisible();
  // the home (mfe_restaurants) and the profile (mfe_auth) still work from the bottom bar
  await bar.getByRole('link', { name: 'Asosiy' }).click();
  await expect(page.getByTestId('manager-restaurant-card')).toContainText('Katalog Oshxonasi');
  await bar.getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByTestId('profile')).toContainText(MANAGER_A.login);
  // an admin's restaurant list too
  await page.evaluate(() => localStorage.clear());
  await loginThroughUi(page, ADMIN, server.url);
  await expect(page.getByTestId('restaurant-row').first()).toBeVisible();
  await page
    .getByTestId('restaurant-row')
    .filter({ hasText: 'Admin Kafesi' })
    .getByRole('button', { name: 'Kategoriyalar' })
    .click();
  await expect(page.getByText("Bo'limni yuklab bo'lmadi")).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByTestId('profile')).toContainText(ADMIN.login);
  // and once the remote is back, going there again loads it (no reload: a failed load is not kept)
  await page.unroute('**/remotes/mfe-catalog/**');
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  await page.goBack();
  await expect(categoryRow(page, 'Desertlar')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
