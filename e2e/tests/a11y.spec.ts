/**
 * Every page of every module, at a desktop and a phone width, checked by axe-core (WCAG 2.1 A
 * and AA: no serious or critical violation) and for its one level-one heading, and rendered
 * with no Content-Security-Policy violation (every module's styles allowed by the page's nonce).
 * A module that adds a page adds it to BACK_OFFICE_PAGES (support.ts).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import {
  ADMIN,
  apiToken,
  BACK_OFFICE_PAGES,
  baseURL,
  type CatalogWorld,
  createManager,
  creator,
  loginWithStorage,
  type PageCase,
  trackCspViolations,
  unique,
  type Who,
} from './support';

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

const VIEWPORTS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '375', width: 375, height: 740 },
] as const;

let world: CatalogWorld;
const tokens: Partial<Record<Who, string>> = {};

async function createWorld(request: APIRequestContext): Promise<void> {
  const manager = await createManager(request);
  tokens.admin = await apiToken(request, ADMIN);
  tokens.manager = await apiToken(request, manager);
  const slug = unique('axe').toLowerCase();
  const res = await request.post(`${baseURL()}/api/admin/restaurants/create`, {
    headers: { Authorization: `Bearer ${tokens.admin}` },
    data: {
      name: 'Axe Oshxonasi',
      slug,
      address: 'Toshkent, Chilonzor',
      phone_number: '+998901234567',
      work_time: '09:00-22:00',
      manager_id: manager._id,
    },
  });
  expect(res.status()).toBe(201);
  const { data } = (await res.json()) as { data: { _id: string; slug: string } };
  const create = creator(request, tokens.manager as string);
  const category = await create('manager/category/create', { title: 'Salatlar', restaurant_id: data._id });
  const product = await create('manager/products', {
    name: 'Sezar salati',
    category_id: category,
    price: 45000,
    description: 'Tovuq, salat bargi, pishloq va sous',
  });
  const option = await create('manager/product-option', { product_id: product, name: 'Hajmi' });
  await create('manager/product-option-row', { product_option_id: option, name: 'Katta', price: 3000 });
  // the stop-list's second tab: a stopped product beside the available one
  await create('manager/products', {
    name: 'Mastava',
    category_id: category,
    price: 30000,
    is_active: false,
  });
  world = { restaurant: data, category, product, option };
}

async function open(page: Page, c: PageCase): Promise<void> {
  const token = c.who === 'guest' ? undefined : tokens[c.who];
  if (token) await loginWithStorage(page, token, c.who);
  await page.goto(c.path(world));
  // the page has rendered when its one level-one heading is there and nothing is loading (a
  // module's first load may take a while on a machine that runs the other suites beside)
  await expect(page.locator('h1')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test.beforeAll(async ({ request }) => {
    await createWorld(request);
  });

  for (const viewport of VIEWPORTS) {
    for (const c of PAGES) {
      test(`${c.name} at ${viewport.label} px`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const cspViolations = await trackCspViolations(page);
        await open(page, c);
        await c.action?.(page);
        await expectAccessible(page, `${c.name} at ${viewport.label} px`);
        expect(await cspViolations()).toEqual([]);
      });
    }
  }
});
