/**
 * A product's pictures after creation: a manager adds a photo to an existing product
 * in Tahrirlash, replaces it, removes it; the guests' page shows the right one each time; the
 * files of the replaced and the removed one are gone; a text file renamed .jpg is refused when
 * picked, with the message that names the accepted kinds.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL, creator, loginThroughUi, managerRestaurant, PNG } from './support';

/** A second real picture (4 x 3, red): the replacement. */
const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YKAARww4OQAAVgzBDB6mvwAAAABJRU5ErkJggg==',
  'base64',
);

interface Made {
  slug: string;
  categoryId: string;
  productId: string;
  manager: { login: string; password: string };
}

/** A manager's restaurant with one product without pictures, written through the API. */
async function makeProduct(request: APIRequestContext): Promise<Made> {
  const r = await managerRestaurant(request, 'Rasmli choyxona', 'rasm', {
    phone_number: '+998 71 100 20 30',
    work_time: '09:00-22:00',
  });
  const create = creator(request, r.token);
  const categoryId = await create('manager/category/create', {
    title: 'Taomlar',
    restaurant_id: r.restaurantId,
    is_active: true,
  });
  const productId = await create('manager/products', {
    name: 'Manti',
    category_id: categoryId,
    price: 30000,
    is_active: true,
  });
  return { slug: r.slug, categoryId, productId, manager: r.manager };
}

async function imagesOf(request: APIRequestContext, productId: string): Promise<string[]> {
  const res = await request.get(`${baseURL()}/api/user/products/${productId}`);
  return ((await res.json()) as { data: { images: { file: string }[] } }).data.images.map((i) => i.file);
}

/** Opens the product's Tahrirlash dialog from its category's table. */
async function openEdit(page: Page, made: Made) {
  await page.goto(`/ProductTable/${made.categoryId}`);
  const row = page.getByTestId('product-row').filter({ hasText: 'Manti' });
  await row.getByRole('button', { name: 'Tahrirlash' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mahsulotni tahrirlash' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks one file (`name`, of type `mimeType`) in the dialog's pictures field. */
const pickPicture = (dialog: Locator, name: string, mimeType: string, buffer: Buffer) =>
  dialog.locator('input[type="file"][name="files"]').setInputFiles({ name, mimeType, buffer });

/** «Saqlash», then the dialog closed: it takes back its history entry (Back closes a dialog), so let it before navigating. */
async function saveAndClose(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog).toBeHidden();
}

/** The guests' page's pictures of the product (the img's src: the main JPEG). */
async function guestPictures(page: Page, slug: string): Promise<string[]> {
  await page.goto(`/m/${slug}`);
  return page.locator('.items img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
}

test('a manager adds, replaces and removes a product picture; guests see the right one; old files go', async ({
  page,
  request,
}) => {
  const made = await makeProduct(request);
  await loginThroughUi(page, made.manager);

  // add
  let dialog = await openEdit(page, made);
  await pickPicture(dialog, 'manti.png', 'image/png', PNG);
  await saveAndClose(dialog);
  await expect(page.getByText('Mahsulot rasmlari saqlandi!')).toBeVisible();
  const [first] = await imagesOf(request, made.productId);
  expect(first).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  expect(await guestPictures(page, made.slug)).toEqual([first]);
  // the thumbnail starts at the card's padding: the <picture>'s sources take no place in the row
  const inset = await page
    .locator('.items > li')
    .first()
    .evaluate(
      (li) => (li.querySelector('img')?.getBoundingClientRect().x ?? 0) - li.getBoundingClientRect().x,
    );
  expect(inset).toBe(12);

  // replace
  await page.goto('/');
  dialog = await openEdit(page, made);
  await expect(dialog.getByTestId('product-picture')).toHaveCount(1);
  await dialog.getByTestId('replace-picture-1').setInputFiles({
    name: 'yangi.png',
    mimeType: 'image/png',
    buffer: RED_PNG,
  });
  await expect(dialog.getByText('yangi.png: Saqlanganda almashtiriladi')).toBeVisible();
  await saveAndClose(dialog);
  await expect(page.getByText('Mahsulot rasmlari saqlandi!').first()).toBeVisible();
  await expect.poll(() => imagesOf(request, made.productId)).not.toEqual([first]);
  const [second] = await imagesOf(request, made.productId);
  expect(second).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  expect(await guestPictures(page, made.slug)).toEqual([second]);
  expect((await request.get(`${baseURL()}${first}`)).status()).toBe(404);
  expect((await request.get(`${baseURL()}${first!.replace('.jpg', '-240.avif')}`)).status()).toBe(404);

  // remove
  await page.goto('/');
  dialog = await openEdit(page, made);
  await dialog.getByRole('button', { name: "1-rasmni o'chirish" }).click();
  await expect(dialog.getByTestId('product-picture')).toHaveCount(0);
  await saveAndClose(dialog);
  await expect.poll(() => imagesOf(request, made.productId)).toEqual([]);
  expect(await guestPictures(page, made.slug)).toEqual([]);
  expect((await request.get(`${baseURL()}${second}`)).status()).toBe(404);
});

test('a text file renamed .jpg is refused when picked, naming the accepted kinds', async ({
  page,
  request,
}) => {
  const made = await makeProduct(request);
  await loginThroughUi(page, made.manager);
  const dialog = await openEdit(page, made);
  await pickPicture(dialog, 'menyu.jpg', 'image/jpeg', Buffer.from('Manti 30000 so‘m\n'));
  await expect(dialog.getByTestId('refused-files')).toHaveText(
    '"menyu.jpg" rasm emas. Faqat JPEG, PNG, WebP yoki GIF rasm yuklash mumkin.',
  );
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText("Hech qanday o'zgarish yo'q.")).toBeVisible();
  expect(await imagesOf(request, made.productId)).toEqual([]);
});
