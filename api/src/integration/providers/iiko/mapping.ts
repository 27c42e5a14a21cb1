/**
 * iiko nomenclature -> the neutral menu (README.md in this folder has the table). Enum values are
 * compared without case: iiko documents `dish | good | modifier`, its answers carry `Dish`,
 * `Good`, `Modifier`. What is left out is told once per run in the log (`SkipReport`).
 */
import type { PosLogger } from '../../pos/http';
import { enumKey, SkipReport } from '../../pos/skipped';
import { EMPTY_STOP_LIST, type PosStopList, sizeKey, stopsOf } from '../../pos/stop-list';
import {
  LOOSE_MODIFIERS_OPTION_ID,
  type PosCategory,
  type PosProduct,
  type PosRestaurant,
  REQUIRED_MODIFIER_OPTION_PREFIX,
  SIZE_OPTION_ID,
} from '../../pos/types';
import type { IikoGroupModifier, IikoModifier, IikoProduct, Nomenclature, StopListsAnswer } from './api';

/** The option holding a product's sizes (the neutral menu's `SIZE_OPTION_ID`): one per product. */
export const SIZE_OPTION_NAME = "O'lcham";
/** The option holding a product's single modifiers, outside any modifier group. */
export const MODIFIER_OPTION_NAME = "Qo'shimchalar";

/** Product types sold on the menu; `modifier` only ever appears as a row under a dish. */
const SOLD = new Set(['dish', 'good']);
const MODIFIER = 'modifier';

const money = (n: number | null | undefined) => Math.max(0, Math.round((n ?? 0) * 100) / 100);

type Groups = Map<string, Nomenclature['groups'][number]>;
type Sizes = Map<string, Nomenclature['sizes'][number]>;
type Products = Map<string, IikoProduct>;

export function mapNomenclature(
  org: { id: string; name: string },
  nomenclature: Nomenclature,
  stopped: PosStopList = EMPTY_STOP_LIST,
  log?: PosLogger,
): PosRestaurant {
  const skipped = new SkipReport();
  const groupsById: Groups = new Map(nomenclature.groups.map((g) => [g.id, g]));
  const productsById: Products = new Map(nomenclature.products.map((p) => [p.id, p]));
  const sizes: Sizes = new Map(nomenclature.sizes.map((s) => [s.id, s]));

  // menu groups: not modifier groups, on the menu, not deleted
  const menuGroups = nomenclature.groups
    .filter((g) => !g.isGroupModifier && g.isIncludedInMenu && !g.isDeleted)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const categories = new Map<string, PosCategory>(
    menuGroups.map((g, i) => [
      g.id,
      { id: g.id, title: g.name.trim() || '—', position: g.order ?? i, products: [] },
    ]),
  );

  for (const p of nomenclature.products) {
    if (p.isDeleted) continue;
    const type = enumKey(p.type);
    if (type === MODIFIER) continue; // a row under the dishes that offer it
    if (!SOLD.has(type)) {
      skipped.add(`type "${p.type ?? ''}" is not sold on the menu`, p.name);
      continue;
    }
    const category = p.parentGroup ? categories.get(p.parentGroup) : undefined;
    if (!category) {
      skipped.add('not in a menu group (deleted, off the menu, or no group)', p.name);
      continue;
    }
    category.products.push(mapProduct(p, sizes, groupsById, productsById, stopped, skipped));
  }
  for (const c of categories.values()) c.products.sort((a, b) => a.position - b.position);
  // a group holding only subgroups is a folder in iiko's tree: its subgroups are the categories
  const withProducts = [...categories.values()].filter((c) => {
    if (c.products.length > 0) return true;
    const folder = menuGroups.some((g) => g.parentGroup === c.id);
    if (folder) skipped.add('group holds only subgroups (its subgroups are categories)', c.title);
    return !folder;
  });
  skipped.log(log, { provider: 'iiko', organizationId: org.id });
  return {
    id: org.id,
    name: org.name,
    address: '',
    phone_number: '',
    work_time: '',
    categories: withProducts,
  };
}

/** The row price of a modifier: its own price (without a size), else its first. */
function modifierPrice(m: IikoProduct): number {
  const own = m.sizePrices.find((sp) => !sp.sizeId) ?? m.sizePrices[0];
  return money(own?.price.currentPrice);
}

type PosOption = PosProduct['options'][number];
type PosRow = PosOption['rows'][number];

/** A positive count of iiko's, else none (iiko sends 0 for "no limit of its own", and nulls). */
const positive = (n: number | null | undefined): number | undefined => (n && n > 0 ? n : undefined);

function mapProduct(
  p: IikoProduct,
  sizes: Sizes,
  groups: Groups,
  products: Products,
  stopped: PosStopList,
  skipped: SkipReport,
): PosProduct {
  const priced = p.sizePrices.filter((sp) => sp.price.currentPrice != null);
  const options: PosProduct['options'] = [];
  let price = money(priced[0]?.price.currentPrice);
  const sized = priced.filter((sp) => sp.sizeId);
  if (sized.length > 1) {
    const sizeOption = mapSizes(sized, sizes);
    price = sizeOption.price;
    options.push(sizeOption.option);
  }
  for (const gm of p.groupModifiers) {
    const group = groups.get(gm.id);
    if (group?.isDeleted) continue;
    const option = groupOption(gm, group?.name.trim() || '—', products, skipped);
    if (option.rows.length > 0) options.push(option);
  }
  options.push(...singleModifierOptions(p.modifiers, products, skipped));
  const stops = stopsOf(
    stopped,
    p.id,
    options.map((o) => ({ rows: o.rows.map((r) => r.id) })),
  );
  return {
    id: p.id,
    name: p.name.trim() || '—',
    description: (p.description ?? '').slice(0, 2000),
    price,
    options,
    available: priced.some((sp) => sp.price.isIncludedInMenu !== false),
    stopped: stops.product,
    stoppedRows: [...stops.rows],
    imageLinks: p.imageLinks,
    position: p.order ?? 0,
  };
}

/**
 * A modifier group as an option with its rule: the group's `minAmount` (at least 1 when it is
 * `required`) and `maxAmount` are the portions of its modifiers in all; each modifier may be
 * taken up to its own `maxAmount` when the group says its children have limits
 * (`childModifiersHaveMinMaxRestrictions`), else up to the group's; a `defaultAmount` marks the
 * row chosen beforehand, `freeOfChargeAmount` its free portions. A modifier's own minimum has no
 * place in an option's rule (the group's minimum is kept): it is logged. A maximum of 0 is no
 * limit of iiko's: the rows' own. The import fits what is left to the option limits
 * (services/catalog/option-rules.ts).
 */
function groupOption(
  gm: IikoGroupModifier,
  name: string,
  products: Products,
  skipped: SkipReport,
): PosOption {
  const own = gm.childModifiersHaveMinMaxRestrictions === true;
  const rows = modifierRows(gm.childModifiers, products, skipped, (c) => {
    if (own && positive(c.minAmount))
      skipped.add("a group's modifier has a minimum of its own (the group's rule is kept)", c.id);
    return (own ? positive(c.maxAmount) : undefined) ?? positive(gm.maxAmount);
  });
  const capacity = rows.reduce((n, r) => n + (r.max_quantity ?? 1), 0);
  return {
    id: gm.id,
    name,
    min_choices: Math.max(gm.minAmount ?? 0, gm.required ? 1 : 0),
    max_choices: positive(gm.maxAmount) ?? capacity,
    rows,
  };
}

/**
 * Single modifiers (outside any group): the optional ones gathered in one option
 * «Qo'shimchalar» that takes any of them, each up to its `maxAmount`; one iiko requires
 * (`required`, or a `minAmount`) is an option of its own that must be taken, from its minimum
 * (1 at least) to its maximum, its row chosen beforehand.
 */
function singleModifierOptions(mods: IikoModifier[], products: Products, skipped: SkipReport): PosOption[] {
  const options: PosOption[] = [];
  const optional: IikoModifier[] = [];
  for (const m of mods) {
    const min = Math.max(m.minAmount ?? 0, m.required ? 1 : 0);
    if (min === 0) {
      optional.push(m);
      continue;
    }
    const max = Math.max(min, positive(m.maxAmount) ?? min);
    const [row] = modifierRows([m], products, skipped, () => max);
    if (row)
      options.push({
        id: `${REQUIRED_MODIFIER_OPTION_PREFIX}${m.id}`,
        name: row.name,
        min_choices: min,
        max_choices: max,
        rows: [{ ...row, is_default: true }],
      });
  }
  const rows = modifierRows(optional, products, skipped, (m) => positive(m.maxAmount) ?? 1);
  if (rows.length > 0)
    options.unshift({
      id: LOOSE_MODIFIERS_OPTION_ID,
      name: MODIFIER_OPTION_NAME,
      min_choices: 0,
      max_choices: rows.reduce((n, r) => n + (r.max_quantity ?? 1), 0),
      rows,
    });
  return options;
}

/**
 * Several sizes: one option "O'lcham", a row per size in the scale's order. A row's price is an
 * extra everywhere (the guests' page shows "+6 000"), so the product's price is its cheapest
 * size's and each row carries the difference: 0,5 L 9 000 and 1 L 15 000 read 9 000, rows +0
 * and +6 000. The cheapest, not iiko's default size: a row cannot cost less than nothing.
 * Sizes off the menu (`isIncludedInMenu` false) are left out while another size is sold.
 */
function mapSizes(
  sized: IikoProduct['sizePrices'],
  sizes: Sizes,
): { price: number; option: PosProduct['options'][number] } {
  const onMenu = sized.filter((sp) => sp.price.isIncludedInMenu !== false);
  const rows = (onMenu.length > 0 ? onMenu : sized)
    .map((sp) => {
      const size = sizes.get(sp.sizeId as string);
      return {
        id: sp.sizeId as string,
        name: size?.name?.trim() || '—',
        price: money(sp.price.currentPrice),
        priority: size?.priority ?? 0,
        isDefault: size?.isDefault === true,
      };
    })
    .sort((a, b) => a.priority - b.priority);
  const base = Math.min(...rows.map((r) => r.price));
  return {
    price: base,
    option: {
      id: SIZE_OPTION_ID,
      name: SIZE_OPTION_NAME,
      // iiko takes a dish of a size scale only with its size ("Size ID. Required if a stock
      // list item has a size scale"): exactly one, the scale's default chosen beforehand
      min_choices: 1,
      max_choices: 1,
      rows: rows.map(({ id, name, price, isDefault }) => ({
        id,
        name,
        price: money(price - base),
        ...(isDefault ? { is_default: true } : {}),
      })),
    },
  };
}

/**
 * Rows of modifier products: the live ones, each taken up to `maxOf(modifier)` times (1 when it
 * gives none), chosen beforehand when it has a `defaultAmount`, its `freeOfChargeAmount` free; a
 * missing one is told in the log.
 */
function modifierRows(
  refs: IikoModifier[],
  products: Products,
  skipped: SkipReport,
  maxOf: (m: IikoModifier) => number | undefined,
): PosRow[] {
  const rows: PosRow[] = [];
  for (const ref of refs) {
    const m = products.get(ref.id);
    if (!m) {
      skipped.add('modifier missing from the nomenclature', ref.id);
      continue;
    }
    if (m.isDeleted) continue;
    rows.push({
      id: m.id,
      name: m.name.trim() || '—',
      price: modifierPrice(m),
      max_quantity: maxOf(ref) ?? 1,
      free_quantity: ref.freeOfChargeAmount ?? 0,
      is_default: (ref.defaultAmount ?? 0) > 0,
    });
  }
  return rows;
}

/**
 * iiko's stop-list of one organization: an item with nothing left (`balance <= 0`; iiko also
 * sends negative balances) on any of its terminal groups is not offered; with a `sizeId`, only
 * that size of the dish.
 */
export function readStopList(answer: StopListsAnswer, organizationId: string): PosStopList {
  const items = new Set<string>();
  const sizes = new Set<string>();
  for (const org of answer.terminalGroupStopLists) {
    if (org.organizationId !== organizationId) continue;
    for (const tg of org.items)
      for (const item of tg.items) {
        if (item.balance > 0) continue;
        if (item.sizeId) sizes.add(sizeKey(item.productId, item.sizeId));
        else items.add(item.productId);
      }
  }
  return { items, sizes };
}
