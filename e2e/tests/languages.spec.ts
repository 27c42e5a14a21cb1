/**
 * Menus in Uzbek, Russian and English (docs/PRODUCT.md): a manager fills Russian for a category and a
 * product and English for the product in the forms' language tabs (axe clean on the tabs); a
 * guest whose browser asks for Russian sees the Russian names and Uzbek where one is missing
 * (marked `lang="uz"`); the switch's plain links change the language with JavaScript off.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { baseURL, creator, loginThroughUi, managerRestaurant } from './support';

interface Made {
  slug: string;
  manager: { login: string; password: string };
}

/** A restaurant of a new manager with two categories of one product each, through the API. */
async function makeRestaurant(request: APIRequestContext): Promise<Made> {
  const r = await managerRestaurant(request, 'Rayhon', 'tillar', {
    address: 'Toshkent, Navoiy 5',
    phone_number: '+998 90 123 45 67',
    work_time: '09:00-22:00',
  });
  const create = creator(request, r.token);
  for (const [title, product] of [
    ['Issiq taomlar', 'Osh'],
    ['Ichimliklar', 'Choy'],
  ] as const) {
    const categoryId = await create('manager/category/create', { title, restaurant_id: r.restaurantId });
    await create('manager/products', { name: product, category_id: categoryId, price: 45000 });
  }
  return { slug: r.slug, manager: r.manager };
}

const row = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).filter({ has: page.getByText(name, { exact: true }) });

/** Types `value` into the field labelled `label` of the open tab `lang` of `dialog`. */
async function fillTab(dialog: ReturnType<Page['getByTestId']>, tab: string, label: RegExp, value: string) {
  await dialog.getByRole('tab', { name: new RegExp(tab) }).click();
  const panel = dialog.locator('[role="tabpanel"][data-state="open"]');
  await panel.getByRole('textbox', { name: label }).fill(value);
}

/** A guest's phone with JavaScript off; `locale` sets the browser's Accept-Language. */
async function guest(browser: Browser, locale: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale,
    viewport: { width: 375, height: 700 },
  });
  return { context, page: await context.newPage() };
}

test('a manager translates in the tabs; a guest reads Russian, then English through the switch', async ({
  page,
  request,
  browser,
}) => {
  const made = await makeRestaurant(request);
  await loginThroughUi(page, made.manager);
  await page.goto('/categoryList');

  // the category in Russian: the tabs carry each language's own name; axe clean on them
  await row(page, 'category-row', 'Issiq taomlar').getByRole('button', { name: 'Tahrirlash' }).click();
  const categoryDialog = page.getByTestId('category-dialog');
  await expect(categoryDialog.getByRole('tab')).toHaveText(["O'zbekcha", /Русский/, /English/]);
  await fillTab(categoryDialog, 'Русский', /Kategoriya nomi/, 'Горячие блюда');
  await expect(
    categoryDialog.locator('[role="tabpanel"][data-state="open"]').getByRole('textbox'),
  ).toHaveAttribute('lang', 'ru');
  await expectAccessible(page, 'the category dialog, Russian tab');
  await categoryDialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(categoryDialog).toBeHidden();
  // the list marks what is still missing (English)
  await expect(row(page, 'category-row', 'Issiq taomlar').getByTestId('missing-translations')).toHaveText(
    /^EN/,
  );

  // the product in Russian and English
  await row(page, 'category-row', 'Issiq taomlar').getByRole('button', { name: 'Mahsulotlar' }).click();
  await row(page, 'product-row', 'Osh').getByRole('button', { name: 'Tahrirlash' }).click();
  const productDialog = page.getByTestId('product-dialog');
  await fillTab(productDialog, 'Русский', /Nomi/, 'Плов');
  await fillTab(productDialog, 'English', /Nomi/, 'Pilaf');
  await expectAccessible(page, 'the product dialog, English tab');
  await productDialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(productDialog).toBeHidden();

  // a guest whose browser reads Russian first (no script on the page at all)
  const ru = await guest(browser, 'ru-RU');
  const res = await ru.page.goto(`${baseURL()}/m/${made.slug}`);
  expect(res?.status()).toBe(200);
  expect(await res?.request().headerValue('accept-language')).toMatch(/^ru/);
  await expect(ru.page.locator('html')).toHaveAttribute('lang', 'ru');
  const h2 = ru.page.getByRole('heading', { level: 2 });
  const h3 = ru.page.getByRole('heading', { level: 3 });
  expect((await h2.allTextContents()).sort()).toEqual(['Ichimliklar', 'Горячие блюда']);
  expect((await h3.allTextContents()).sort()).toEqual(['Choy', 'Плов']);
  // what has no Russian is Uzbek, and says so to screen readers
  await expect(ru.page.getByRole('heading', { level: 3, name: 'Choy' })).toHaveAttribute('lang', 'uz');
  await expect(ru.page.getByRole('heading', { level: 2, name: 'Ichimliklar' })).toHaveAttribute('lang', 'uz');
  await expect(ru.page.getByRole('heading', { level: 3, name: 'Плов' })).not.toHaveAttribute('lang', /./);
  await expect(ru.page.getByText('45 000 сум').first()).toBeVisible();
  await expect(ru.page.getByText('Часы работы')).toBeVisible();

  // the switch: plain links, JavaScript off
  const langs = ru.page.getByRole('navigation', { name: 'Язык' });
  await expect(langs.getByRole('link', { name: 'Русский' })).toHaveAttribute('aria-current', 'page');
  await langs.getByRole('link', { name: 'English' }).click();
  await expect(ru.page).toHaveURL(`${baseURL()}/m/${made.slug}?lang=en&switch=1`);
  await expect(ru.page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await ru.page.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual([
    'Choy',
    'Pilaf',
  ]);
  await expect(ru.page.getByText('45,000 UZS').first()).toBeVisible();
  await ru.page
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', { name: "O'zbekcha" })
    .click();
  await expect(ru.page.locator('html')).toHaveAttribute('lang', 'uz');
  expect((await ru.page.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual([
    'Choy',
    'Osh',
  ]);
  await ru.context.close();

  // ?lang=en on a link printed for English cards, whatever the browser asks for
  const en = await guest(browser, 'ru-RU');
  await en.page.goto(`${baseURL()}/m/${made.slug}?lang=en`);
  await expect(en.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(en.page.getByRole('heading', { level: 3, name: 'Pilaf' })).toBeVisible();
  await en.context.close();

  // axe needs script: the Russian page (with its Uzbek fallbacks) in the manager's browser
  await page.goto(`/m/${made.slug}?lang=ru`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expectAccessible(page, 'the guests page in Russian');
});
