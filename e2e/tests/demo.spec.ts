/**
 * The demo as a newcomer meets it (README.md, "The demo"): a server of its own, seeded as
 * `pnpm seed` seeds it beside a running server, and the three screens the README's tour sends a
 * newcomer to: the manager's board with today's orders in each state and a waiter call, the
 * guests' page of Stol 5 with its cart, and the admin's board of the restaurant with a bill paid.
 * Each screen is checked for what it must show, and its screenshot is kept as the test's
 * attachment (to look at, not compared pixel by pixel).
 */
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { ADMIN, seededServer } from './support';

test.use({ viewport: { width: 1280, height: 800 } });
// the seed writes two months of orders before the first screen
test.setTimeout(180_000);

const MANAGER = { login: 'manager1', password: 'manager123' };
const SLUG = 'rayhon-milliy-taomlar';

const server = seededServer(150_000);
/** What the seed printed: Stol 5's page, with its code. */
let cartPage: string;

test.beforeAll(() => {
  expect(server.printed).toContain("Today's board");
  expect(server.printed).toContain('Not connected:');
  cartPage = /Stol 5's guests' page, with the cart: (\S+)/.exec(server.printed)?.[1] ?? '';
  expect(cartPage).toMatch(new RegExp(`^/m/${SLUG}\\?p=`));
});

/** The screen as the test left it, kept beside its results and attached to its report. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** An order's card on the board, by its table (`#12, Stol 5`). */
const card = (within: Page | Locator, table: string) =>
  within.getByRole('article', { name: new RegExp(`^#\\d+, ${table}$`) });

test("the manager's board: today's orders in each state and a waiter call", async ({ page }, testInfo) => {
  await server.signIn(page, MANAGER, 'manager');
  await page.goto(`${server.url}/orders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buyurtmalar' })).toBeVisible();
  await expect(page.getByTestId('column-sent').getByRole('article')).toHaveCount(1);
  await expect(card(page.getByTestId('column-sent'), 'Stol 8')).toBeVisible();
  await expect(card(page.getByTestId('column-accepted'), 'Stol 1')).toBeVisible();
  await expect(card(page.getByTestId('column-ready'), 'Stol 3')).toBeVisible();
  await expect(page.getByTestId('calls')).toContainText('Stol 9: Ofitsiantni chaqirish');
  // served (two of them billed, one bill paid) and rejected: folded under the board
  const finished = page.getByTestId('finished-today');
  await expect(finished).toContainText('Bugun yakunlangan: 4 ta');
  await finished.locator('summary').click();
  await expect(card(page, 'Stol 7')).toContainText('Rad etilgan');
  await expect(card(page, 'Stol 4').getByTestId('order-payment')).toContainText("To'landi:");
  await keepScreenshot(page, testInfo, 'manager-board');
});

test("the guests' page of Stol 5 has the cart: a dish added shows in it", async ({ page }, testInfo) => {
  await page.goto(`${server.url}${cartPage}`);
  await expect(page.getByText('Stol 5', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: "Savatga qo'shish: Manti" }).click();
  await page
    .getByRole('dialog', { name: 'Manti' })
    .getByRole('button', { name: /^Savatga qo'shish/ })
    .click();
  const bar = page.locator('.qm-bar').getByRole('button');
  await expect(bar).toContainText("35 000 so'm");
  await keepScreenshot(page, testInfo, 'guest-page-stol-5');
  await bar.click();
  await expect(
    page.getByRole('dialog', { name: 'Savat' }).getByRole('button', { name: 'Buyurtma berish' }),
  ).toBeVisible();
  await keepScreenshot(page, testInfo, 'guest-cart-stol-5');
});

test("the admin's board of the showcase: the bill paid, with its method and sum", async ({
  page,
}, testInfo) => {
  await server.signIn(page, ADMIN, 'admin');
  const view = await page.request.get(`${server.url}/api/user/restaurants/view?slug=${SLUG}`);
  const restaurantId = ((await view.json()) as { data: { _id: string } }).data._id;
  await page.goto(`${server.url}/admin/orders/${restaurantId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buyurtmalar' })).toBeVisible();
  await page.getByTestId('finished-today').locator('summary').click();
  const paid = card(page, 'Stol 4').getByTestId('order-payment');
  await expect(paid).toContainText(/To'landi: [\d\s]+ so'm, Payme/);
  await paid.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'admin-paid-bill');
});
