/**
 * Every page of every module, at a desktop and a phone width, checked by axe-core (WCAG 2.1 A
 * and AA: no serious or critical violation) and for its one level-one heading, and rendered
 * with no Content-Security-Policy violation (every module's styles allowed by the page's nonce).
 * A module that adds a page adds it to BACK_OFFICE_PAGES (support.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { BACK_OFFICE_PAGES, cspViolationsOf, eachPageAtEachWidth, type PageCase, unique } from './support';

/** Opens the restaurant's QR code dialog and waits for the code. */
async function openQrDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'QR kod' }).click();
  await expect(page.getByRole('dialog', { name: 'QR kod' }).getByTestId('qr-code')).toBeVisible();
}

const PAGES: PageCase[] = [
  { name: 'login', who: 'guest', path: () => '/' },
  { name: 'not found', who: 'guest', path: () => '/not-found' },
  ...BACK_OFFICE_PAGES,
  {
    name: 'restaurant detail, QR code dialog (admin)',
    who: 'admin',
    path: (w) => `/admin/viewRestaurant/${w.restaurant._id}/${w.restaurant.slug}`,
    action: openQrDialog,
  },
  { name: 'home, QR code dialog (manager)', who: 'manager', path: () => '/admin', action: openQrDialog },
  { name: 'options without a product (manager)', who: 'manager', path: () => '/product-option' },
];

/** The page has rendered when its one level-one heading is there and nothing is loading. */
async function rendered(page: Page): Promise<void> {
  // a module's first load may take a while on a machine that runs the other suites beside
  await expect(page.locator('h1')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  eachPageAtEachWidth(
    PAGES,
    () => ({
      slug: unique('axe').toLowerCase(),
      restaurant: {
        name: 'Axe Oshxonasi',
        address: 'Toshkent, Chilonzor',
        phone_number: '+998901234567',
        work_time: '09:00-22:00',
      },
      category: 'Salatlar',
      product: { name: 'Sezar salati', price: 45000, description: 'Tovuq, salat bargi, pishloq va sous' },
      option: 'Hajmi',
      row: { name: 'Katta', price: 3000 },
      // the stop-list's second tab: a stopped product beside the available one
      more: [{ name: 'Mastava', price: 30000, is_active: false }],
    }),
    async (page, c) => {
      await rendered(page);
      await c.action?.(page);
    },
    async (page, where) => {
      await expect(page.locator('h1'), where).toHaveCount(1);
      await expectAccessible(page, where);
      expect(await cspViolationsOf(page), where).toEqual([]);
    },
  );
});
