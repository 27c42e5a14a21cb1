/**
 * A restaurant's QR code in the back office: the code shown on the detail page (and the manager's
 * home) and its PNG download decode to the guests' menu address, and that address shows the
 * product just created in the catalog. The print sheet is the only thing on the printed page.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { ADMIN, apiToken, baseURL, createManager, loginWithStorage, unique } from './support';

/** Reads a QR code from a PNG image (a screenshot or a downloaded file). */
function decodePng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

interface World {
  restaurant: { _id: string; slug: string; name: string };
  product: string;
  manager: { token: string };
}

/** A manager's restaurant (admin API), then a category and a product written by the manager. */
async function createWorld(request: APIRequestContext): Promise<World> {
  const admin = await apiToken(request, ADMIN);
  const manager = await createManager(request);
  const name = `QR Oshxonasi ${unique('r')}`;
  const res = await request.post(`${baseURL()}/api/admin/restaurants/create`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name,
      slug: unique('qr').toLowerCase(),
      address: 'Toshkent, Yunusobod',
      phone_number: '+998901112233',
      work_time: '10:00-23:00',
      manager_id: manager._id,
      is_active: true,
    },
  });
  expect(res.status()).toBe(201);
  const restaurant = ((await res.json()) as { data: World['restaurant'] }).data;
  const token = await apiToken(request, manager);
  const headers = { Authorization: `Bearer ${token}` };
  const category = await request.post(`${baseURL()}/api/manager/category/create`, {
    headers,
    data: { title: 'Issiq taomlar', restaurant_id: restaurant._id, is_active: true },
  });
  expect(category.status()).toBe(201);
  const categoryId = ((await category.json()) as { data: { _id: string } }).data._id;
  const product = `Qozon kabob ${unique('p')}`;
  const created = await request.post(`${baseURL()}/api/manager/products`, {
    headers,
    data: { name: product, category_id: categoryId, description: "Qo'y go'shti", price: 65000 },
  });
  expect(created.status()).toBe(201);
  return { restaurant, product, manager: { token } };
}

async function openQrDialog(page: Page) {
  await page.getByRole('button', { name: 'QR kod' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR kod' });
  await expect(dialog.getByTestId('qr-code')).toBeVisible();
  return dialog;
}

let world: World;

/** The admin on the world's restaurant detail page, its QR dialog open. */
async function openQrDialogAsAdmin(page: Page, request: APIRequestContext) {
  await loginWithStorage(page, await apiToken(request, ADMIN), 'admin');
  await page.goto(`/admin/viewRestaurant/${world.restaurant._id}/${world.restaurant.slug}`);
  return openQrDialog(page);
}

test.beforeAll(async ({ request }) => {
  world = await createWorld(request);
});

test('the code on the detail page and its PNG decode to the menu address, which shows the new product', async ({
  page,
  request,
}) => {
  const dialog = await openQrDialogAsAdmin(page, request);
  const menuUrl = `${baseURL()}/m/${world.restaurant.slug}`;
  await expect(dialog.getByTestId('qr-url')).toHaveText(menuUrl);

  // what a phone sees on the screen
  expect(decodePng(await dialog.getByTestId('qr-code').screenshot())).toBe(menuUrl);
  // the PNG download
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'PNG yuklab olish' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe(`qr-${world.restaurant.slug}.png`);
  expect(decodePng(await readFile(await png.path()))).toBe(menuUrl);
  // the SVG download holds the same code
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'SVG yuklab olish' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe(`qr-${world.restaurant.slug}.svg`);
  const shownPath = await dialog.getByTestId('qr-code').locator('path').getAttribute('d');
  expect(await readFile(await svg.path(), 'utf8')).toContain(`d="${shownPath}"`);

  // "Menyuni ochish" opens the guests' page in a new tab
  const [menu] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Menyuni ochish' }).click(),
  ]);
  await menu.waitForLoadState();
  expect(menu.url()).toBe(menuUrl);
  await expect(menu.getByText(world.product)).toBeVisible();
  await expect(menu.getByRole('heading', { name: world.restaurant.name })).toBeVisible();
  await menu.close();
});

test('"Chop etish" prints an A4 sheet with the name, the code and the address, and nothing else', async ({
  page,
  request,
}) => {
  const dialog = await openQrDialogAsAdmin(page, request);
  // the browser's print dialog cannot be driven headless: count the call, then look as paper does
  await page.evaluate(() => {
    const w = window as unknown as { __printed: number; print: () => void };
    w.__printed = 0;
    w.print = () => {
      w.__printed += 1;
    };
  });
  await dialog.getByRole('button', { name: 'Chop etish' }).click();
  expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('qr-print-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(world.restaurant.name);
  await expect(sheet).toContainText(`${baseURL()}/m/${world.restaurant.slug}`);
  await expect(page.locator('#root')).toBeHidden();
  await expect(page.getByTestId('qr-dialog')).toBeHidden();
  // 12 cm wide on paper (96 CSS px per inch)
  const box = await sheet.locator('svg').boundingBox();
  expect(Math.round(((box?.width ?? 0) / 96) * 25.4)).toBe(120);
  expect(decodePng(await sheet.locator('svg').screenshot())).toBe(`${baseURL()}/m/${world.restaurant.slug}`);
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();
});

test("the manager's home has the same code, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginWithStorage(page, world.manager.token, 'manager');
  await page.goto('/admin');
  const dialog = await openQrDialog(page);
  const menuUrl = `${baseURL()}/m/${world.restaurant.slug}`;
  expect(decodePng(await dialog.getByTestId('qr-code').screenshot())).toBe(menuUrl);
  for (const name of ['Menyuni ochish', 'SVG yuklab olish', 'PNG yuklab olish', 'Chop etish']) {
    const box = await dialog.getByRole(name === 'Menyuni ochish' ? 'link' : 'button', { name }).boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0), `${name} touch target`).toBeGreaterThanOrEqual(44);
  }
});
