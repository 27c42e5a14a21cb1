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
  SIZE_OPTION_ID,
} from '../../pos/types';
import type { IikoProduct, Nomenclature, StopListsAnswer } from './api';

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
    const rows = modifierRows(
      gm.childModifiers.map((c) => c.id),
      products,
      skipped,
    );
    if (rows.length > 0) options.push({ id: gm.id, name: group?.name.trim() || '—', rows });
  }
  const single = modifierRows(
    p.modifiers.map((m) => m.id),
    products,
    skipped,
  );
  if (single.length > 0)
    options.push({ id: LOOSE_MODIFIERS_OPTION_ID, name: MODIFIER_OPTION_NAME, rows: single });
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
      };
    })
    .sort((a, b) => a.priority - b.priority);
  const base = Math.min(...rows.map((r) => r.price));
  return {
    price: base,
    option: {
      id: SIZE_OPTION_ID,
      name: SIZE_OPTION_NAME,
      rows: rows.map(({ id, name, price }) => ({ id, name, price: money(price - base) })),
    },
  };
}

/** Rows of modifier products by id: the live ones; a missing one is told in the log. */
function modifierRows(ids: string[], products: Products, skipped: SkipReport) {
  const rows: PosProduct['options'][number]['rows'] = [];
  for (const id of ids) {
    const m = products.get(id);
    if (!m) {
      skipped.add('modifier missing from the nomenclature', id);
      continue;
    }
    if (m.isDeleted) continue;
    rows.push({ id: m.id, name: m.name.trim() || '—', price: modifierPrice(m) });
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
