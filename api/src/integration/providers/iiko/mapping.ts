/** iiko nomenclature -> the neutral menu (README.md in this folder has the table). */
import { EMPTY_STOP_LIST, type PosStopList, stopsOf } from '../../pos/stop-list';
import type { PosCategory, PosProduct, PosRestaurant } from '../../pos/types';
import type { IikoProduct, Nomenclature } from './api';

/** The option holding a product's sizes: one per product, its external id fixed. */
export const SIZE_OPTION_ID = 'sizes';
export const SIZE_OPTION_NAME = "O'lcham";

const money = (n: number | null | undefined) => Math.max(0, Math.round((n ?? 0) * 100) / 100);
const DISHES = new Set(['dish', 'good']);

export function mapNomenclature(
  org: { id: string; name: string },
  nomenclature: Nomenclature,
  stopped: PosStopList = EMPTY_STOP_LIST,
): PosRestaurant {
  const groupsById = new Map(nomenclature.groups.map((g) => [g.id, g]));
  const productsById = new Map(nomenclature.products.map((p) => [p.id, p]));
  const sizes = new Map(nomenclature.sizes.map((s) => [s.id, s]));

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

  const modifierPrice = (id: string) => {
    const m = productsById.get(id);
    return money(m?.sizePrices[0]?.price.currentPrice);
  };

  for (const p of nomenclature.products) {
    if (p.isDeleted || !DISHES.has(p.type ?? '')) continue;
    const category = p.parentGroup ? categories.get(p.parentGroup) : undefined;
    if (!category) continue; // a product outside the menu groups is not on the menu
    category.products.push(mapProduct(p, sizes, groupsById, productsById, modifierPrice, stopped));
  }
  for (const c of categories.values()) c.products.sort((a, b) => a.position - b.position);
  return {
    id: org.id,
    name: org.name,
    address: '',
    phone_number: '',
    work_time: '',
    categories: [...categories.values()],
  };
}

function mapProduct(
  p: IikoProduct,
  sizes: Map<string, Nomenclature['sizes'][number]>,
  groups: Map<string, Nomenclature['groups'][number]>,
  products: Map<string, IikoProduct>,
  modifierPrice: (id: string) => number,
  stopped: PosStopList,
): PosProduct {
  const priced = p.sizePrices.filter((sp) => sp.price.currentPrice != null);
  const sized = priced.filter((sp) => sp.sizeId);
  const options: PosProduct['options'] = [];
  let price = money(priced[0]?.price.currentPrice);
  if (sized.length > 1) {
    // several sizes: one option, a row per size (the scale's order); the product's price is
    // the default size's (else the cheapest)
    const rows = sized
      .map((sp) => {
        const size = sizes.get(sp.sizeId as string);
        return {
          id: sp.sizeId as string,
          name: size?.name?.trim() || '—',
          price: money(sp.price.currentPrice),
          priority: size?.priority ?? 0,
          isDefault: !!size?.isDefault,
        };
      })
      .sort((a, b) => a.priority - b.priority);
    price = (rows.find((r) => r.isDefault) ?? rows.reduce((a, b) => (b.price < a.price ? b : a))).price;
    options.push({
      id: SIZE_OPTION_ID,
      name: SIZE_OPTION_NAME,
      rows: rows.map(({ id, name, price }) => ({ id, name, price })),
    });
  }
  for (const gm of p.groupModifiers) {
    const group = groups.get(gm.id);
    if (group?.isDeleted) continue;
    const rows = gm.childModifiers
      .map((c) => products.get(c.id))
      .filter((m): m is IikoProduct => !!m && !m.isDeleted)
      .map((m) => ({ id: m.id, name: m.name.trim() || '—', price: modifierPrice(m.id) }));
    if (rows.length === 0) continue;
    options.push({ id: gm.id, name: group?.name.trim() || '—', rows });
  }
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
