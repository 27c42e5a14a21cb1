/**
 * The iiko mapping over iiko's own recorded answers (fixtures/iiko/, SOURCES.md there), not over
 * this project's fake: what a restaurant sees of them (categories, dishes with prices, modifiers
 * as option rows, sizes, the stop-list), whatever the case of the types, and what the log says
 * of what was left out; the modifier groups' and modifiers' rules (min, max, required, default and
 * free amounts) as options' rules.
 */
import { OPTION_LIMITS } from '@qrmenu/shared/schemas';
import { describe, expect, it } from 'vitest';
import { EMPTY_STOP_LIST, sizeKey } from '../src/integration/pos/stop-list';
import type { PosRestaurant } from '../src/integration/pos/types';
import {
  nomenclatureAnswer,
  organizationsAnswer,
  stopListsAnswer,
  tokenAnswer,
} from '../src/integration/providers/iiko/api';
import {
  MODIFIER_OPTION_NAME,
  mapNomenclature,
  readStopList,
  SIZE_OPTION_NAME,
} from '../src/integration/providers/iiko/mapping';
import { fitSourceRule } from '../src/services/catalog/option-rules';
import { recorded } from './fixtures/recorded';
import { capturingLog, seenMenu } from './pos-mapping';

const ORG = { id: 'org-1', name: 'Pizzeria' };

type Raw = Record<string, unknown> & { products: Record<string, unknown>[] };
const withTypes = (raw: Raw, fn: (type: string) => string): Raw => ({
  ...raw,
  products: raw.products.map((p) => ({ ...p, type: fn(String(p.type)) })),
});

describe('iiko mapping over recorded answers', () => {
  const raw = recorded<Raw>('iiko/nomenclature.recorded.json');

  it('reads the recorded nomenclature (capitalised types, decimals, null tags)', () => {
    const parsed = nomenclatureAnswer.parse(raw);
    expect(parsed.products.map((p) => p.type)).toEqual(['Dish', 'Dish', 'Modifier', 'Modifier']);
  });

  it('imports the dish with its modifier group as option rows; the recorded types as sent', () => {
    const { log, lines } = capturingLog();
    const menu = mapNomenclature(ORG, nomenclatureAnswer.parse(raw), EMPTY_STOP_LIST, log);
    expect(seenMenu(menu)).toEqual([
      {
        title: 'Тонкое 30 см.',
        products: [
          {
            name: 'Карбонара (Тонк. 30 см.)',
            price: 759,
            options: [
              {
                name: 'Добавка к пицце 30 см.',
                rows: [
                  ['Пепперони (доп.)', 75],
                  ['Маслины (доп.)', 75],
                ],
              },
            ],
          },
        ],
      },
    ]);
    // the rolls' group is not in the recorded answer; "Пицца" holds only its subgroup: both said
    const said = lines.map((l) => [l.obj.reason, l.obj.count, l.obj.samples]);
    expect(said).toContainEqual([
      'not in a menu group (deleted, off the menu, or no group)',
      1,
      ['Роллы с ананасом (16 шт.)'],
    ]);
    expect(said).toContainEqual(['group holds only subgroups (its subgroups are categories)', 1, ['Пицца']]);
  });

  it('the same answer with the types in lower case (as documented) imports the same', () => {
    const upper = mapNomenclature(ORG, nomenclatureAnswer.parse(raw));
    const lower = mapNomenclature(ORG, nomenclatureAnswer.parse(withTypes(raw, (t) => t.toLowerCase())));
    const shouting = mapNomenclature(ORG, nomenclatureAnswer.parse(withTypes(raw, (t) => t.toUpperCase())));
    expect(seenMenu(lower)).toEqual(seenMenu(upper));
    expect(seenMenu(shouting)).toEqual(seenMenu(upper));
  });

  it('a type it does not know is left out and said in the log, never a silent empty import', () => {
    const { log, lines } = capturingLog();
    const menu = mapNomenclature(
      ORG,
      nomenclatureAnswer.parse(withTypes(raw, (t) => (t === 'Dish' ? 'Combo' : t))),
      EMPTY_STOP_LIST,
      log,
    );
    expect(menu.categories.flatMap((c) => c.products)).toEqual([]);
    expect(lines.map((l) => [l.msg, l.obj.reason, l.obj.count])).toContainEqual([
      'POS mapping left items out of the menu',
      'type "Combo" is not sold on the menu',
      2,
    ]);
  });

  it('reads the recorded organizations and token answers', () => {
    expect(organizationsAnswer.parse(recorded('iiko/organizations.recorded.json')).organizations).toEqual([
      expect.objectContaining({ id: '01234567-89ab-cdef-0123-456789abcdef', name: 'Simple-Organization' }),
    ]);
    expect(tokenAnswer.parse(recorded('iiko/access_token.documented.json')).token).toBe('string');
  });

  it("the documented stop-list (a negative balance, no sizeId) stops that organization's item", () => {
    const answer = stopListsAnswer.parse(recorded('iiko/stop_lists.documented.json'));
    const stop = readStopList(answer, '7bc05553-4b68-44e8-b7bc-37be63c6d9e9');
    expect([...stop.items]).toEqual(['dcd53ddb-8104-4e48-8cc0-5df1088c6113']);
    expect(stop.sizes.size).toBe(0);
    expect(readStopList(answer, 'another-organization').items.size).toBe(0);
  });
});

describe('iiko sizes as a guest reads them', () => {
  const raw = recorded<Raw>('iiko/sizes.assembled.json');
  const cola = (menu: PosRestaurant) =>
    menu.categories[0]?.products[0] as PosRestaurant['categories'][number]['products'][number];
  /** What a guest pays for each size: the product's price plus the row's extra. */
  const totals = (menu: PosRestaurant) => {
    const p = cola(menu);
    const sizes = p.options.find((o) => o.name === SIZE_OPTION_NAME);
    return sizes?.rows.map((r) => [r.name, p.price + r.price]);
  };

  it('0,5 L 9 000 and 1 L 15 000 read 9 000 and 15 000: the price is the smallest size, rows the difference', () => {
    const menu = mapNomenclature(ORG, nomenclatureAnswer.parse(raw));
    expect(cola(menu).price).toBe(9000);
    expect(cola(menu).options).toEqual([
      {
        id: 'sizes',
        name: SIZE_OPTION_NAME,
        // iiko takes the drink only with its size: exactly one, the scale's default chosen
        min_choices: 1,
        max_choices: 1,
        rows: [
          { id: '7a1e0000-0000-4000-8000-0000000000a1', name: '0,5 L', price: 0, is_default: true },
          { id: '7a1e0000-0000-4000-8000-0000000000a2', name: '1 L', price: 6000 },
        ],
      },
    ]);
    expect(totals(menu)).toEqual([
      ['0,5 L', 9000],
      ['1 L', 15000],
    ]);
  });

  it('a size whose price changes keeps every total right, whichever size it is', () => {
    const priced = (small: number, large: number): Raw => {
      const copy = structuredClone(raw);
      const [a, b] = (copy.products[0] as { sizePrices: { price: { currentPrice: number } }[] }).sizePrices;
      (a as { price: { currentPrice: number } }).price.currentPrice = small;
      (b as { price: { currentPrice: number } }).price.currentPrice = large;
      return copy;
    };
    expect(totals(mapNomenclature(ORG, nomenclatureAnswer.parse(priced(9000, 16000))))).toEqual([
      ['0,5 L', 9000],
      ['1 L', 16000],
    ]);
    expect(totals(mapNomenclature(ORG, nomenclatureAnswer.parse(priced(10000, 15000))))).toEqual([
      ['0,5 L', 10000],
      ['1 L', 15000],
    ]);
  });

  it('a size on the stop-list is that row, not the drink', () => {
    const menu = mapNomenclature(ORG, nomenclatureAnswer.parse(raw), {
      items: new Set(),
      sizes: new Set([
        sizeKey('7a1e0000-0000-4000-8000-0000000000b1', '7a1e0000-0000-4000-8000-0000000000a2'),
      ]),
    });
    expect(cola(menu).stopped).toBe(false);
    expect(cola(menu).stoppedRows).toEqual(['7a1e0000-0000-4000-8000-0000000000a2']);
  });
});

describe("iiko's modifier rules as options' rules", () => {
  const raw = recorded<Raw>('iiko/nomenclature.recorded.json');
  const CARBONARA = 'd335023e-014f-4370-a311-1ab31d80f37e';
  const GROUP = 'e979f75d-2942-4948-9152-0de81cf6762f';
  const [PEPPERONI, OLIVES] = [
    'db8efcbc-abd8-4d04-a0b2-03097e4ac033',
    '52a354ef-08c1-4a08-8013-058e5864e64c',
  ];
  type Json = Record<string, unknown>;
  const carbonaraOf = (menu: PosRestaurant) =>
    menu.categories
      .flatMap((c) => c.products)
      .find((p) => p.id === CARBONARA) as PosRestaurant['categories'][number]['products'][number];
  /** The recorded answer with the carbonara's modifier group and single modifiers changed. */
  const withModifiers = (group: Json, children: Json[] = [], single: Json[] = []): Raw => {
    const copy = structuredClone(raw);
    const dish = copy.products.find((p) => p.id === CARBONARA) as Json & { groupModifiers: Json[] };
    const [recordedGroup] = dish.groupModifiers as [Json & { childModifiers: Json[] }];
    dish.groupModifiers = [
      {
        ...recordedGroup,
        ...group,
        childModifiers: recordedGroup.childModifiers.map((c, i) => ({ ...c, ...children[i] })),
      },
    ];
    dish.modifiers = single;
    return copy;
  };

  it("the recorded group (0 to 99, not required, no limits of its children) takes up to 99, each modifier up to 99; imported, up to the options' limits", () => {
    const menu = mapNomenclature(ORG, nomenclatureAnswer.parse(raw));
    const [option] = carbonaraOf(menu).options;
    expect(option).toMatchObject({ id: GROUP, min_choices: 0, max_choices: 99 });
    expect(option?.rows.map((r) => [r.id, r.max_quantity, r.free_quantity, r.is_default])).toEqual([
      [PEPPERONI, 99, 0, false],
      [OLIVES, 99, 0, false],
    ]);
    const fitted = fitSourceRule(option as Parameters<typeof fitSourceRule>[0]);
    expect(fitted.rule).toEqual({ min_choices: 0, max_choices: OPTION_LIMITS.choices });
    expect(fitted.rows.map((r) => r?.max_quantity)).toEqual([
      OPTION_LIMITS.rowQuantity,
      OPTION_LIMITS.rowQuantity,
    ]);
  });

  it("a required group takes at least one (its minAmount when more); its children's own limits, defaults and free portions when it says they have them", () => {
    const { log, lines } = capturingLog();
    const menu = mapNomenclature(
      ORG,
      nomenclatureAnswer.parse(
        withModifiers(
          { required: true, minAmount: 0, maxAmount: 3, childModifiersHaveMinMaxRestrictions: true },
          [
            { maxAmount: 2, defaultAmount: 1, freeOfChargeAmount: 1 },
            { minAmount: 1, maxAmount: 1 },
          ],
        ),
      ),
      EMPTY_STOP_LIST,
      log,
    );
    const [option] = carbonaraOf(menu).options;
    expect(option).toMatchObject({ min_choices: 1, max_choices: 3 });
    expect(option?.rows.map((r) => [r.id, r.max_quantity, r.free_quantity, r.is_default])).toEqual([
      [PEPPERONI, 2, 1, true],
      [OLIVES, 1, 0, false],
    ]);
    // a modifier's own minimum has no place in the option's rule: said, not silently dropped
    expect(lines.map((l) => [l.obj.reason, l.obj.samples])).toContainEqual([
      "a group's modifier has a minimum of its own (the group's rule is kept)",
      [OLIVES],
    ]);
    const twoAtLeast = mapNomenclature(
      ORG,
      nomenclatureAnswer.parse(withModifiers({ required: true, minAmount: 2, maxAmount: 2 })),
    );
    expect(carbonaraOf(twoAtLeast).options[0]).toMatchObject({ min_choices: 2, max_choices: 2 });
    // without limits of their own, each child may be taken as often as the group allows
    expect(carbonaraOf(twoAtLeast).options[0]?.rows.map((r) => r.max_quantity)).toEqual([2, 2]);
  });

  it("single modifiers: the optional ones together in «Qo'shimchalar», each up to its maxAmount; a required one an option of its own that must be taken", () => {
    const menu = mapNomenclature(
      ORG,
      nomenclatureAnswer.parse(
        withModifiers(
          {},
          [],
          [
            {
              id: PEPPERONI,
              minAmount: 0,
              maxAmount: 2,
              required: false,
              defaultAmount: 0,
              freeOfChargeAmount: 0,
            },
            {
              id: OLIVES,
              minAmount: 1,
              maxAmount: 1,
              required: true,
              defaultAmount: 1,
              freeOfChargeAmount: 0,
            },
          ],
        ),
      ),
    );
    const options = carbonaraOf(menu).options;
    expect(options.map((o) => [o.id, o.name, o.min_choices, o.max_choices])).toEqual([
      [GROUP, 'Добавка к пицце 30 см.', 0, 99],
      ['modifiers', MODIFIER_OPTION_NAME, 0, 2],
      [`modifier:${OLIVES}`, 'Маслины (доп.)', 1, 1],
    ]);
    expect(options[1]?.rows.map((r) => [r.id, r.max_quantity])).toEqual([[PEPPERONI, 2]]);
    expect(options[2]?.rows.map((r) => [r.id, r.max_quantity, r.is_default])).toEqual([[OLIVES, 1, true]]);
  });
});
