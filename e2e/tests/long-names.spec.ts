/**
 * The longest names the schemas allow, without a space to break them, stay inside the
 * screen on every page of both roles and the guests' menu, at 375 and 1280 px: the page never
 * scrolls sideways and no text box spills out of its box (a card, a cell, a row).
 */

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { LIMITS } from '@qrmenu/shared/schemas';
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
  unique,
  type Who,
} from './support';

/** An unbroken Uzbek word of exactly `length` characters (o' and g' included). */
function longWord(prefix: string, length: number): string {
  const filler = 'Oʻzbekistonning_gʻaroyib_taomlari'.replace(/_/g, '');
  let text = prefix;
  while (text.length < length) text += filler;
  return text.slice(0, length);
}

const NAME = LIMITS.shortText; // names, titles (requiredText() of the shared schemas)
const MAX_PRICE = LIMITS.maxPrice;

const PAGES: PageCase[] = [
  ...BACK_OFFICE_PAGES,
  { name: "guests' menu", who: 'guest', path: (w) => `/m/${w.restaurant.slug}` },
];

const VIEWPORTS = [
  { label: '375', width: 375, height: 740 },
  { label: '1280', width: 1280, height: 800 },
] as const;

let world: CatalogWorld;
const tokens: Partial<Record<Who, string>> = {};

async function createWorld(request: APIRequestContext): Promise<void> {
  const manager = await createManager(request, { login: longWord(unique('m'), 100) });
  tokens.admin = await apiToken(request, ADMIN);
  tokens.manager = await apiToken(request, manager);
  const slug = `${unique('long').toLowerCase()}-${'a'.repeat(60)}`.slice(0, 100);
  const res = await request.post(`${baseURL()}/api/admin/restaurants/create`, {
    headers: { Authorization: `Bearer ${tokens.admin}` },
    data: {
      name: longWord('Restoran', NAME),
      slug,
      address: longWord('Manzil', 500),
      phone_number: longWord('+998', 50),
      work_time: longWord('09:00', 100),
      manager_id: manager._id,
      // an inactive restaurant: its red name on the list is checked too
      is_active: true,
    },
  });
  expect(res.status()).toBe(201);
  const { data } = (await res.json()) as { data: { _id: string; slug: string } };
  const create = creator(request, tokens.manager as string);
  const category = await create('manager/category/create', {
    title: longWord('Kategoriya', NAME),
    restaurant_id: data._id,
  });
  const product = await create('manager/products', {
    name: longWord('Mahsulot', NAME),
    category_id: category,
    price: MAX_PRICE,
    description: longWord('Tavsif', LIMITS.longText),
  });
  // a second product with a short name beside it: its text must not be cut by the long one
  await create('manager/products', { name: 'Osh', category_id: category, price: 25000 });
  await create('manager/products', {
    name: longWord('Toxtatilgan', NAME),
    category_id: category,
    price: MAX_PRICE,
    is_active: false,
  });
  const option = await create('manager/product-option', {
    product_id: product,
    name: longWord('Opsiya', NAME),
  });
  await create('manager/product-option-row', {
    product_option_id: option,
    name: longWord('Variant', NAME),
    price: MAX_PRICE,
  });
  world = { restaurant: data, category, product, option };
}

/** What spills: the page's own width, and every element whose content is wider than its box. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) {
      found.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
    }
    const nameOf = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''
      } "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || el.closest('nav')) continue;
      // content that is cut on purpose (an ellipsis) or scrolls on purpose is not a spill
      if (style.overflowX !== 'visible') continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push(`${nameOf(el)} spills out of its box: ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    // a text whose line reaches past the screen's right edge
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const parent = node.parentElement;
      if (!parent || parent.offsetParent === null) continue;
      // the guests' menu's row of category chips scrolls sideways by design
      if (parent.closest('nav, .sr-only, [aria-hidden="true"]')) continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 1) {
        found.push(`text ${nameOf(parent)} ends past the screen: ${Math.round(box.right)}`);
      }
    }
    return Array.from(new Set(found)).slice(0, 15);
  });
}

async function open(page: Page, c: PageCase): Promise<void> {
  const token = c.who === 'guest' ? undefined : tokens[c.who];
  if (token) await loginWithStorage(page, token, c.who);
  await page.goto(c.path(world));
  if (c.who !== 'guest') {
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // the long names are on screen (not a loading or an error state)
    await expect(page.locator('body')).not.toContainText('Xatolik yuz berdi');
  }
  // pictures and late requests in, before the boxes are measured; a live page's stream never
  // idles, so there the rendered heading above is the mark
  if (!c.live) await page.waitForLoadState('networkidle');
}

test.describe('the longest names stay on screen', () => {
  test.beforeAll(async ({ request }) => {
    await createWorld(request);
  });

  for (const viewport of VIEWPORTS) {
    for (const c of PAGES) {
      test(`${c.name} at ${viewport.label} px`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await open(page, c);
        expect(await overflows(page), `${c.name} at ${viewport.label} px`).toEqual([]);
      });
    }
  }
});
