/**
 * The Poster mapping over Poster's own documented answers (fixtures/poster/, SOURCES.md there),
 * not over this project's fake: what a restaurant sees of them (categories, products with prices
 * in so'm, tech variants and modifier groups as option rows), the error that means a refused
 * token, and a webhook as Poster sends it.
 */
import { describe, expect, it } from 'vitest';
import { posterVerify } from '../src/integration/providers/poster';
import {
  categoriesAnswer,
  type PosterCategory,
  posterError,
  productsAnswer,
  spotsAnswer,
} from '../src/integration/providers/poster/api';
import { mapPosterMenu, TOP_LEVEL_CATEGORY_ID } from '../src/integration/providers/poster/mapping';
import { posterSign } from './fakes/poster';
import { recorded } from './fixtures/recorded';
import { capturingLog, seenMenu } from './pos-mapping';

const BASE = 'https://joinposter.com';

describe('Poster mapping over documented answers', () => {
  const spots = spotsAnswer.parse(recorded('poster/spots.documented.json')).response;
  const categories = categoriesAnswer.parse(recorded('poster/categories.documented.json')).response;
  const products = productsAnswer.parse(recorded('poster/products.documented.json')).response;
  const spot = { id: spots[0]?.spot_id as string, name: spots[0]?.spot_name as string };

  it('reads the spots, categories and products as documented (numbers as strings or not)', () => {
    expect(spots.map((s) => [s.spot_id, s.spot_name, s.spot_adress])).toEqual([
      ['1', 'Spot in Madrid', 'Rome, Madrid'],
      ['2', 'Spot in Milan', 'Rome, Milan'],
    ]);
    expect(categories.map((c) => c.category_id)).toEqual(['2']);
    expect(products.map((p) => [p.product_id, p.menu_category_id, p.type])).toEqual([
      ['139', '15', '3'],
      ['138', '15', '3'],
      ['30', '0', '2'],
    ]);
  });

  it("the top screen's dish becomes a category of its own, modifier groups (prices in money) as options", () => {
    const { log, lines } = capturingLog();
    const menu = mapPosterMenu(spot, categories, products, BASE, log);
    expect(seenMenu(menu)).toEqual([
      {
        title: 'Top screen',
        products: [
          {
            name: 'Set menu',
            price: 300,
            options: [
              {
                name: 'Drinks',
                rows: [
                  ['Cola', 99.99],
                  ['Fanta', 99.99],
                  ['Sprite', 99.99],
                ],
              },
              {
                name: 'Eats',
                rows: [
                  ['French fries', 99.99],
                  ['Snacks', 99.99],
                ],
              },
            ],
          },
        ],
      },
      { title: 'Sushi rolls', products: [] },
    ]);
    expect(menu.categories.map((c) => c.id)).toEqual([TOP_LEVEL_CATEGORY_ID, '2']);
    // the water's category (15) is not in the documented category list: said, with the products
    expect(lines.map((l) => [l.obj.reason, l.obj.count, l.obj.samples])).toContainEqual([
      'its category is hidden or missing',
      2,
      ['Borjomi', 'Evian'],
    ]);
  });

  it("with their category there: prices per spot in kopecks read in so'm, a tech variant as a row", () => {
    const water: PosterCategory = {
      ...(categories[0] as PosterCategory),
      category_id: '15',
      category_name: 'Вода',
    };
    const menu = mapPosterMenu(spot, [...categories, water], products, BASE);
    const byName = Object.fromEntries(menu.categories.flatMap((c) => c.products).map((p) => [p.name, p]));
    expect(byName.Evian).toMatchObject({ price: 190, options: [] });
    // Borjomi sells only as its variant (listed twice per spot, as documented): 681, the row +0
    expect(byName.Borjomi?.price).toBe(681);
    expect(byName.Borjomi?.options).toEqual([
      {
        id: 'variants',
        name: 'Variant',
        // sold as one of its variants: exactly one
        min_choices: 1,
        max_choices: 1,
        rows: [{ id: '147', name: 'Сок яблочный для кальяна', price: 0 }],
      },
    ]);
    expect(byName.Borjomi?.imageLinks).toEqual([`${BASE}/upload/4/menu/product_1403094564_139_original.jpg`]);
  });

  it('a product type it does not sell (1: semi-finished) is left out and said', () => {
    const { log, lines } = capturingLog();
    const semi = products.map((p) => ({ ...p, type: '1' }));
    const menu = mapPosterMenu(spot, categories, semi, BASE, log);
    expect(menu.categories.flatMap((c) => c.products)).toEqual([]);
    expect(lines.map((l) => [l.obj.reason, l.obj.count])).toContainEqual([
      'type "1" is not sold on the menu',
      3,
    ]);
  });

  it('reads the documented error answer (code 11: a wrong token)', () => {
    const parsed = posterError.parse(recorded('poster/error.documented.json'));
    expect(parsed.error).toMatchObject({ code: 11 });
  });

  it('checks a webhook as Poster sends it: object_id a number, data a JSON string, extra fields unsigned', () => {
    const hook = recorded<Record<string, unknown>>('poster/webhook.recorded.json');
    const secret = 'application-secret';
    const signed = { ...hook, verify: posterSign(hook, secret) };
    expect(posterVerify(signed, secret)).toBe(true);
    expect(posterVerify({ ...signed, account_number: 'another' }, secret)).toBe(true);
    expect(posterVerify({ ...signed, data: '{}' }, secret)).toBe(false);
    expect(posterVerify(hook, secret)).toBe(false); // signed with its application's secret, not ours
  });
});

describe("Poster's modification groups as options' rules", () => {
  const categories = categoriesAnswer.parse(recorded('poster/categories.documented.json')).response;
  const products = productsAnswer.parse(recorded('poster/products.documented.json')).response;
  const spot = { id: '1', name: 'Spot in Madrid' };
  const setMenu = (list = products) =>
    mapPosterMenu(spot, categories, list, BASE)
      .categories.flatMap((c) => c.products)
      .find((p) => p.id === '30');

  it('the documented groups: Drinks 1 to 3 of 3, Eats 1 to 999 of 2 (as many as there are), each modification once', () => {
    const options = setMenu()?.options ?? [];
    expect(options.map((o) => [o.name, o.min_choices, o.max_choices])).toEqual([
      ['Drinks', 1, 3],
      ['Eats', 1, 2],
    ]);
    expect(options.flatMap((o) => o.rows.map((r) => r.max_quantity))).toEqual([1, 1, 1, 1, 1]);
  });

  it('one of several (type 1, or at most 1) is a single choice; a group without a minimum may be left out', () => {
    const changed = products.map((p) =>
      p.product_id === '30'
        ? {
            ...p,
            group_modifications: p.group_modifications.map((g, i) =>
              i === 0 ? { ...g, type: '1', num_max: 3 } : { ...g, num_min: 0, num_max: 1 },
            ),
          }
        : p,
    );
    expect(setMenu(changed)?.options.map((o) => [o.name, o.min_choices, o.max_choices])).toEqual([
      ['Drinks', 1, 1],
      ['Eats', 0, 1],
    ]);
  });
});
