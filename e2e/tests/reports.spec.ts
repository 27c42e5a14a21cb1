/**
 * «Hisobot» (mfe_reports) in the composed production app, on a server of its own seeded as
 * `pnpm seed` seeds (the showcase restaurant's two months of orders, manager1): the manager opens
 * «Hisobot» from the bottom bar at 375 px, sees the takings' charts and the comparison with the
 * week before, switches periods and sections, and downloads the takings as CSV and XLSX (both read
 * back); the admin compares two restaurants side by side and opens one. axe at 375 and 1280 px.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { expectAccessible } from '../a11y';
import { ADMIN, type Credentials, seededServer } from './support';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });
// eight pages checked by axe at two widths, two files downloaded: more than the default minute on a busy machine
test.setTimeout(240_000);

const MANAGER = { login: 'manager1', password: 'manager123' };
const SHOWCASE = 'Rayhon Milliy Taomlar';

// the demo, as `pnpm seed` writes it beside a running server
const server = seededServer(120_000);

test.beforeAll(() => {
  expect(server.printed).toMatch(/order\(s\)/);
});

/** Signs in as `creds`, the admin as the admin and anyone else as a manager. */
const signIn = (page: Page, creds: Credentials) =>
  server.signIn(page, creds, creds.login === ADMIN.login ? 'admin' : 'manager');

async function bothWidths(page: Page, label: string) {
  await expectAccessible(page, `${label} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, `${label} at 1280 px`);
  await page.setViewportSize({ width: 375, height: 740 });
}

test('the manager opens «Hisobot», switches periods and sections, sees the charts and the comparison, downloads CSV and XLSX', async ({
  page,
}) => {
  await signIn(page, MANAGER);
  await page.goto(`${server.url}/admin`);
  await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Hisobot' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hisobot' })).toBeVisible();

  // the last seven days beside the seven before: both have orders, so a change in %
  const orders = page.getByTestId('stat-orders');
  await expect(orders.getByTestId('change')).toHaveText(/^[+-]?\d+ %/);
  await expect(page.getByRole('img', { name: /7 kunlik tushum grafigi/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /To'lov usullari: Payme/ })).toBeVisible();
  await expect(page.getByTestId('period-shown')).toContainText('Oldingi davr bilan solishtirilgan');
  // the bottom bar still fits the phone: no tab is cut or pushed off the screen
  const bar = await page.getByRole('navigation', { name: 'Menyu' }).boundingBox();
  expect(bar?.width).toBeLessThanOrEqual(375);
  for (const tab of await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link').all()) {
    const box = await tab.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375.5);
  }
  await bothWidths(page, 'Tushum');

  // the chart's numbers one tap away
  const takings = page.getByTestId('chart-takings');
  await takings.getByText("Jadval ko'rinishida").click();
  await expect(takings.getByRole('table', { name: "Kunlar bo'yicha tushum" }).getByRole('row')).toHaveCount(
    8,
  );

  // thirty days: another period, its own comparison
  await page.getByRole('combobox', { name: 'Davr' }).selectOption('month30');
  await expect(page.getByRole('img', { name: /30 kunlik tushum grafigi/ })).toBeVisible();
  await expect(page).toHaveURL(/p=month30/);

  await page.getByRole('link', { name: 'Taomlar' }).click();
  await expect(page.getByRole('img', { name: /Eng ko'p sotilgan taomlar:/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Stop-listga tushgan taomlar:/ })).toBeVisible();
  await bothWidths(page, 'Taomlar');

  await page.getByRole('link', { name: 'Vaqt' }).click();
  await expect(page.getByRole('img', { name: /Eng band vaqt: / })).toBeVisible();
  await bothWidths(page, 'Vaqt');

  await page.getByRole('link', { name: 'Mehmonlar' }).click();
  await expect(page.getByRole('img', { name: /Joylar bo'yicha: / })).toBeVisible();
  await bothWidths(page, 'Mehmonlar');

  await page.getByRole('link', { name: 'Rad etilganlar' }).click();
  await expect(page.getByRole('img', { name: /Sabablar: / })).toBeVisible();
  await bothWidths(page, 'Rad etilganlar');

  // the takings of the thirty days as files, read back
  await page.getByRole('link', { name: 'Tushum' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tushum: CSV yuklab olish' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^hisobot-takings-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = readFileSync((await csv.path()) as string, 'utf8');
  expect(csvText.startsWith('\uFEFFDavr\r\n')).toBe(true);
  const csvLines = csvText.split('\r\n');
  const header = csvLines.indexOf(
    "Kun,Buyurtmalar,Rad etilgan buyurtmalar,To'langan (so'm),To'lanmagan (so'm),Rad etilgan (so'm),O'rtacha chek (so'm),Payme (so'm),Click (so'm),Stolda (so'm)",
  );
  expect(header).toBeGreaterThan(0);
  const dayLines = csvLines.slice(header + 1, header + 31);
  expect(dayLines).toHaveLength(30);
  for (const line of dayLines) expect(line).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+\.\d{2},/);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tushum: Excel (XLSX) yuklab olish' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheet = await readSheet((await xlsx.path()) as string, 2);
  expect(sheet[0]?.[0]).toBe('Kun');
  // the same thirty days, numbers as numbers: each day's orders and its paid so'm
  expect(sheet.slice(1, 31)).toHaveLength(30);
  for (const row of sheet.slice(1, 31)) {
    expect(typeof row[1]).toBe('number');
    expect(typeof row[3]).toBe('number');
  }
  const csvOrders = dayLines.reduce((s, line) => s + Number(line.split(',')[1]), 0);
  const xlsxOrders = sheet.slice(1, 31).reduce((s, row) => s + Number(row[1]), 0);
  expect(xlsxOrders).toBe(csvOrders);
  expect(csvOrders).toBeGreaterThan(0);
});

test('the admin compares two restaurants side by side and opens one', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/admin/restaurants`);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Hisobot' }).click();
  await expect(page.getByRole('heading', { name: 'Barcha restoranlar' })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`Restoranlar tushumi: ${SHOWCASE}`) })).toBeVisible();
  await page.getByRole('checkbox', { name: `Restoranlarni solishtirish: ${SHOWCASE}` }).check();
  await page.getByRole('checkbox', { name: 'Restoranlarni solishtirish: Oqtepa Lavash' }).check();
  await expect(page.getByRole('heading', { name: 'Restoranlarni solishtirish' })).toBeVisible();
  const chart = page.getByRole('img', { name: /^Restoranlar tushumi: / });
  await expect(chart).toHaveAttribute(
    'aria-label',
    new RegExp(`^Restoranlar tushumi: ${SHOWCASE} [^,]+, Oqtepa Lavash 0 so'm$`),
  );
  await expectAccessible(page, 'side by side at 1280 px');
  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page, 'side by side at 375 px');
  await page.getByRole('link', { name: `${SHOWCASE}: hisobot` }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/[^/?]+\?p=week$/);
  await expect(page.getByRole('img', { name: /7 kunlik tushum grafigi/ })).toBeVisible();
  await expectAccessible(page, "a restaurant's reports (admin) at 375 px");
});
