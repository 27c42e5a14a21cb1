/**
 * "The first day of a new user", in the browser: the phone's Back button closes a dialog (asking
 * first when something was typed; one opened again at once too), form dialogs centred from md up,
 * toasts on a phone never over the title and "Orqaga", stop-list names wrapping at words, and axe
 * on the states beyond the happy path (an inactive restaurant's row, an empty list, a failed list).
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { ADMIN, apiToken, baseURL, createManager, loginWithStorage, unique } from './support';

const PHONE = { width: 375, height: 740 };

let admin: string;
let manager: string;
let restaurantId: string;
let categoryId: string;

test.beforeAll(async ({ request }) => {
  const m = await createManager(request);
  admin = await apiToken(request, ADMIN);
  manager = await apiToken(request, m);
  const res = await request.post(`${baseURL()}/api/admin/restaurants/create`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name: 'Birinchi kun',
      slug: unique('birinchi').toLowerCase(),
      address: 'Toshkent',
      phone_number: '+998901234567',
      work_time: '09:00-22:00',
      manager_id: m._id,
      is_active: false, // an inactive restaurant's red row, for axe
    },
  });
  expect(res.status()).toBe(201);
  restaurantId = ((await res.json()) as { data: { _id: string } }).data._id;
  const post = (path: string, data: object) =>
    request.post(`${baseURL()}/api/${path}`, { headers: { Authorization: `Bearer ${manager}` }, data });
  const category = (await (
    await post('manager/category/create', { title: 'Milliy taomlar', restaurant_id: restaurantId })
  ).json()) as { data: { _id: string } };
  categoryId = category.data._id;
  // a name of two words beside the longest price: it wraps between the words, not inside one
  await post('manager/products', { name: 'Toshkent oshi', category_id: categoryId, price: 1e12 });
  for (const name of ['Lagmon', 'Manti', 'Somsa']) {
    await post('manager/products', { name, category_id: categoryId, price: 20000, description: 'Issiq' });
  }
});

async function openCategories(page: Page): Promise<void> {
  await loginWithStorage(page, manager, 'manager');
  await page.goto('/categoryList');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByText('Milliy taomlar')).toBeVisible();
}

test.describe("the phone's Back button with a dialog open", () => {
  test.use({ viewport: PHONE });

  test('closes the dialog and stays on the page', async ({ page }) => {
    await openCategories(page);
    const url = page.url();
    await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
    const dialog = page.getByTestId('category-dialog');
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(url);
    await expect(page.getByText('Milliy taomlar')).toBeVisible();
  });

  test("asks first when something was typed: Yo'q keeps the text, Ha closes", async ({ page }) => {
    await openCategories(page);
    const url = page.url();
    await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
    const dialog = page.getByTestId('category-dialog');
    await dialog.locator('input[name="title"]').fill('Yarim yozilgan');
    await page.goBack();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('saqlanmagan');
    await question.getByRole('button', { name: "Yo'q" }).click();
    await expect(question).toBeHidden();
    await expect(dialog.locator('input[name="title"]')).toHaveValue('Yarim yozilgan');
    expect(page.url()).toBe(url);
    await page.goBack();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ha' }).click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(url);
  });

  test('a dialog opened again before the browser took the last one off keeps its own entry', async ({
    page,
  }) => {
    // a slow phone: the step back a closed dialog asks for comes 300 ms late, when the next
    // dialog is already open (Chromium then steps below the entry it was asked from)
    // stepsTaken counts the late steps' popstate events, heard after the page's own listeners
    await page.addInitScript(() => {
      const step = history.back.bind(history);
      const w = window as unknown as { stepsTaken: number };
      w.stepsTaken = 0;
      history.back = () => {
        setTimeout(() => {
          addEventListener('popstate', () => (w.stepsTaken += 1), { once: true });
          step();
        }, 300);
      };
    });
    await openCategories(page);
    const url = page.url();
    const dialog = page.getByTestId('category-dialog');
    await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
    await dialog.getByRole('button', { name: 'Bekor qilish' }).click();
    await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
    await dialog.locator('input[name="title"]').fill('Yarim yozilgan');
    await page.waitForFunction(() => (window as unknown as { stepsTaken: number }).stepsTaken === 1);
    // two frames after it, whatever it made the page do is on screen: it closed nothing and asked
    // nothing
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(dialog.locator('input[name="title"]')).toHaveValue('Yarim yozilgan');
    // and Back still closes it, asking first
    await page.goBack();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ha' }).click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(url);
  });
});

test('a form dialog is centred at 1280 px, as high as its content', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openCategories(page);
  await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
  const box = await page.getByTestId('category-dialog').boundingBox();
  expect(box).not.toBeNull();
  const above = box!.y;
  const below = 800 - (box!.y + box!.height);
  expect(above).toBeGreaterThan(40);
  expect(Math.abs(above - below)).toBeLessThan(4);
});

test('on a phone a toast after a save leaves the title and "Orqaga" in sight', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openCategories(page);
  await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
  const dialog = page.getByTestId('category-dialog');
  await dialog.locator('input[name="title"]').fill(unique('Ichimliklar'));
  await dialog.getByRole('button', { name: 'Yaratish' }).click();
  const toast = page.getByTestId('toast-success');
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  for (const covered of [page.locator('h1'), page.getByRole('button', { name: /Orqaga/ })]) {
    if ((await covered.count()) === 0) continue;
    const b = (await covered.first().boundingBox())!;
    const overlaps = toastBox.y < b.y + b.height && b.y < toastBox.y + toastBox.height;
    expect(overlaps, 'the toast covers the page title or Orqaga').toBe(false);
  }
});

test('stop-list names wrap between words beside the longest price', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginWithStorage(page, manager, 'manager');
  await page.goto('/ProductStopList');
  const name = page.getByTestId('stop-list-product').filter({ hasText: 'Toshkent oshi' }).locator('.sl-name');
  await expect(name).toBeVisible();
  // the widest word fits on its line: never "Toshkent" cut into "Toshk / ent"
  const fits = await name.evaluate((el) => {
    const probe = document.createElement('span');
    probe.textContent = 'Toshkent';
    probe.style.whiteSpace = 'nowrap';
    el.appendChild(probe);
    const word = probe.getBoundingClientRect().width;
    probe.remove();
    return el.getBoundingClientRect().width >= word;
  });
  expect(fits).toBe(true);
});

test("a phone's product cards: a thumbnail each, two actions and a menu, more than three cards a screen", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await loginWithStorage(page, manager, 'manager');
  await page.goto(`/ProductTable/${categoryId}`);
  const rows = page.getByTestId('product-row');
  await expect(rows).toHaveCount(4);
  const first = rows.filter({ hasText: 'Lagmon' });
  await expect(first.getByTestId('product-thumb-default')).toBeVisible();
  await expect(first.getByRole('button', { name: "O'chirish" })).toBeHidden();
  const heights = await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  // before: four full-width buttons two a line, ~250 px a card. The order's handle sits on the
  // actions' line and Yuqoriga/Pastga in the menu, so the card keeps that
  expect(Math.max(...heights)).toBeLessThan(740 / 3);
  await first.getByRole('button', { name: 'Lagmon: boshqa amallar' }).click();
  // the menu holds Yuqoriga / Pastga too
  await expect(first.getByRole('button', { name: /Pastga/ })).toBeVisible();
  await first.getByRole('button', { name: 'Opsiyalar' }).click();
  await expect(page).toHaveURL(/\/product-option\//);
  await expectAccessible(page, 'options after the phone menu');
});

test.describe('axe beyond the happy path', () => {
  test('an inactive restaurant on the list (1280 and 375 px)', async ({ page }) => {
    await loginWithStorage(page, admin, 'admin');
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/admin/restaurants');
      await expect(page.locator('[data-testid=restaurant-name][data-active=false]').first()).toBeVisible();
      await expectAccessible(page, `restaurants with an inactive row at ${size.width} px`);
    }
  });

  test('an empty list: a restaurant without categories', async ({ page, request }) => {
    const m = await createManager(request);
    const res = await request.post(`${baseURL()}/api/admin/restaurants/create`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: {
        name: "Bo'sh restoran",
        slug: unique('bosh').toLowerCase(),
        address: 'Toshkent',
        phone_number: '+998901234567',
        work_time: '09:00-22:00',
        manager_id: m._id,
      },
    });
    const empty = ((await res.json()) as { data: { _id: string } }).data._id;
    await loginWithStorage(page, admin, 'admin');
    await page.goto(`/admin/categoryList/${empty}`);
    await expect(page.getByText('Bu restoranga kategoriya biriktirilmagan')).toBeVisible();
    await expectAccessible(page, 'categories, empty');
  });

  test('a failed list: its error state and toast', async ({ page }) => {
    await loginWithStorage(page, admin, 'admin');
    // the list asks for a page (`?limit=&page=`): matched by its path, whatever the query
    await page.route(
      (url) => url.pathname === '/api/admin/restaurants',
      (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }),
    );
    await page.goto('/admin/restaurants');
    await expect(page.getByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.").first()).toBeVisible();
    await expectAccessible(page, 'restaurants, failed');
  });
});
