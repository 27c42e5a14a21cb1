/**
 * The longest names the schemas allow, without a space to break them, stay inside the
 * screen on every page of both roles and the guests' menu, at 375 and 1280 px: the page never
 * scrolls sideways and no text box spills out of its box (a card, a cell, a row).
 */

import { expect, type Page, test } from '@playwright/test';
import { LIMITS } from '@qrmenu/shared/schemas';
import { BACK_OFFICE_PAGES, eachPageAtEachWidth, type PageCase, unique } from './support';

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

/** The page is there to measure. */
async function ready(page: Page, c: PageCase): Promise<void> {
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
        // an inactive restaurant: its red name on the list is checked too
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
        { name: longWord('Toxtatilgan', NAME), price: MAX_PRICE, is_active: false },
      ],
    }),
    ready,
    async (page, where) => {
      expect(await overflows(page), where).toEqual([]);
    },
  );
});
