/**
 * The JSON feed provider over the feed this repository documents and ships
 * (api/demo/integration-feed.json, README "Integration"): what a restaurant sees of it, an option
 * row read as an extra (the half portion costs the product's price, the full one +20 000), ids
 * sent as numbers, and a wrong item named where it is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFeed } from '../src/integration';

const DEMO = new URL('../demo/integration-feed.json', import.meta.url).toString();
const dir = mkdtempSync(join(tmpdir(), 'feed-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fileFeed = (name: string, feed: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(feed));
  return pathToFileURL(path).toString();
};

describe('the JSON feed as documented', () => {
  it('reads the demo feed: restaurants, categories, products with prices, options as extras', async () => {
    const feed = await loadFeed({ url: DEMO });
    expect(feed.restaurants.length).toBeGreaterThan(1);
    const products = feed.restaurants.flatMap((r) => r.categories.flatMap((c) => c.products));
    expect(products.every((p) => p.price > 0)).toBe(true);
    const osh = products.find((p) => p.name === "To'y oshi");
    // a guest pays the product's price plus the row's: half 25 000, full 45 000
    expect(osh?.options[0]?.rows.map((r) => [r.name, (osh?.price ?? 0) + r.price])).toEqual([
      ['Yarim', 25000],
      ["To'liq", 45000],
    ]);
  });

  it('takes ids sent as numbers', async () => {
    const url = fileFeed('numbers.json', {
      provider: 'feed',
      restaurants: [
        {
          id: 7,
          name: 'Kafe',
          categories: [{ id: 1, title: 'Choy', products: [{ id: 10, name: "Ko'k choy", price: 5000 }] }],
        },
      ],
    });
    const feed = await loadFeed({ url });
    expect(feed.restaurants[0]?.id).toBe('7');
    expect(feed.restaurants[0]?.categories[0]?.products[0]?.id).toBe('10');
  });

  it('a wrong item refuses the feed and says where it is', async () => {
    const url = fileFeed('wrong.json', {
      provider: 'feed',
      restaurants: [
        {
          id: 'r',
          name: 'Kafe',
          categories: [{ id: 'c', title: 'Choy', products: [{ id: 'p', name: 'Choy', price: '5 000' }] }],
        },
      ],
    });
    await expect(loadFeed({ url })).rejects.toThrow(/restaurants\.0\.categories\.0\.products\.0\.price/);
  });
});
