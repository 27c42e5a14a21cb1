/**
 * Every page of every module, at a desktop and a phone width, over a world whose names are the
 * longest the schemas allow, without a space to break them. On each page, at each width:
 * - axe-core finds no serious or critical violation of WCAG 2.1 A and AA;
 * - there is one level-one heading;
 * - nothing was refused by the Content-Security-Policy (every module's styles carry the nonce);
 * - the long names stay on screen: the page never scrolls sideways and no text box spills out
 *   of its box (a card, a cell, a row).
 * One sweep for all of these: each page is loaded once and checked for everything, not once for
 * each kind of check. A module that adds a page adds it to BACK_OFFICE_PAGES (support.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import { LIMITS } from '@qrmenu/shared/schemas';
import { expectAccessible } from '../a11y';
import { BACK_OFFICE_PAGES, cspViolationsOf, eachPageAtEachWidth, type PageCase, unique } from './support';

/** An unbroken Uzbek word of exactly `length` characters (o' and g' included). */
function longWord(prefix: string, length: number): string {
  const filler = 'Oʻzbekistonning_gʻaroyib_taomlari'.replace(/_/g, '');
  let text = prefix;
  while (text.length < length) text += filler;
  return text.slice(0, length);
}

const NAME = LIMITS.shortText; // names, titles (requiredText() of the shared schemas)
const MAX_PRICE = LIMITS.maxPrice;

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
  { name: "guests' menu", who: 'guest', path: (w) => `/m/${w.restaurant.slug}` },
];

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

/** The page has rendered (its one heading, nothing loading, no error state), then its action. */
async function ready(page: Page, c: PageCase): Promise<void> {
  // a module's first load may take a while on a machine that runs the other suites beside
  await expect(page.locator('h1')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // the long names are on screen (not a loading or an error state)
  if (c.who !== 'guest') await expect(page.locator('body')).not.toContainText('Xatolik yuz berdi');
  // pictures and late requests in, before the boxes are measured; a live page's stream never
  // idles, so there the rendered heading above is the mark
  if (!c.live) await page.waitForLoadState('networkidle');
  await c.action?.(page);
}

test.describe('every page: accessible, one heading, no CSP refusal, the longest names on screen', () => {
  eachPageAtEachWidth(
    PAGES,
    () => ({
      manager: { login: longWord(unique('m'), 100) },
      slug: `${unique('long').toLowerCase()}-${'a'.repeat(60)}`.slice(0, 100),
      restaurant: {
        name: longWord('Restoran', NAME),
        address: longWord('Manzil', 500),
        phone_number: longWord('+998', 50),
        work_time: longWord('09:00', 100),
        is_active: true,
      },
      category: longWord('Kategoriya', NAME),
      product: {
        name: longWord('Mahsulot', NAME),
        price: MAX_PRICE,
        description: longWord('Tavsif', LIMITS.longText),
      },
      option: longWord('Opsiya', NAME),
      row: { name: longWord('Variant', NAME), price: MAX_PRICE },
      more: [
        // a second product with a short name beside it: its text must not be cut by the long one
        { name: 'Osh', price: 25000 },
        // a stopped one: the stop-list's second tab
        { name: longWord('Toxtatilgan', NAME), price: MAX_PRICE, is_active: false },
      ],
    }),
    ready,
    async (page, where) => {
      await expect(page.locator('h1'), where).toHaveCount(1);
      await expectAccessible(page, where);
      expect(await cspViolationsOf(page), where).toEqual([]);
      expect(await overflows(page), where).toEqual([]);
    },
  );
});
