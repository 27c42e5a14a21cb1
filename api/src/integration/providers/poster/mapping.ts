/**
 * Poster menu -> the neutral menu (README.md in this folder has the table). Flags and types are
 * compared as Poster's strings or numbers alike (`enumKey`); what is left out is told once per
 * run in the log (`SkipReport`).
 */
import type { PosLogger } from '../../pos/http';
import { enumKey, SkipReport } from '../../pos/skipped';
import type { PosCategory, PosProduct, PosRestaurant } from '../../pos/types';
import type { PosterCategory, PosterProduct } from './api';

export const VARIANT_OPTION_ID = 'variants';
export const VARIANT_OPTION_NAME = 'Variant';
/** Products on the menu's top level (Poster's category "0", its top screen) gather here. */
export const TOP_LEVEL_CATEGORY_ID = '0';
const TOP_LEVEL_TITLE = 'Menyu';

/** Product types sold on the menu: 2 dish (tech card), 3 product; absent in some answers. */
const SOLD = new Set(['2', '3', '']);

/** Poster's prices per spot are strings in kopecks (tiyin): so'm = /100. */
export const fromKopecks = (v: string | null | undefined) => Math.max(0, Math.round(Number(v ?? 0)) / 100);
const money = (n: number) => Math.max(0, Math.round(n * 100) / 100);

export function mapPosterMenu(
  spot: { id: string; name: string; address?: string | null },
  categories: PosterCategory[],
  products: PosterProduct[],
  photoBase: string,
  log?: PosLogger,
): PosRestaurant {
  const skipped = new SkipReport();
  const byId = new Map<string, PosCategory>();
  const visibleAt = (c: PosterCategory) =>
    enumKey(c.category_hidden) !== '1' &&
    c.visible.every((v) => v.spot_id !== spot.id || enumKey(v.visible) !== '0');
  for (const c of [...categories].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))) {
    if (!visibleAt(c)) continue;
    byId.set(c.category_id, {
      id: c.category_id,
      title: c.category_name.trim() || '—',
      position: Number(c.sort_order ?? 0),
      products: [],
    });
  }
  for (const p of products) {
    const type = enumKey(p.type);
    if (!SOLD.has(type)) {
      skipped.add(`type "${p.type}" is not sold on the menu`, p.product_name);
      continue;
    }
    let category = byId.get(p.menu_category_id);
    if (!category && p.menu_category_id === TOP_LEVEL_CATEGORY_ID) {
      // the top screen holds products too: a category of its own, first
      category = {
        id: TOP_LEVEL_CATEGORY_ID,
        title: p.category_name?.trim() || TOP_LEVEL_TITLE,
        position: -1,
        products: [],
      };
      byId.set(TOP_LEVEL_CATEGORY_ID, category);
    }
    if (!category) {
      skipped.add('its category is hidden or missing', p.product_name);
      continue;
    }
    category.products.push(mapProduct(p, spot.id, photoBase));
  }
  for (const c of byId.values()) c.products.sort((a, b) => a.position - b.position);
  skipped.log(log, { provider: 'poster', spotId: spot.id });
  return {
    id: spot.id,
    name: spot.name.trim() || '—',
    address: spot.address ?? '',
    phone_number: '',
    work_time: '',
    categories: [...byId.values()].sort((a, b) => a.position - b.position),
  };
}

/**
 * A modifier group's rule: from `num_min` to `num_max` of its modifications; one of several
 * (`type` 1, or `num_max` 1) is a single choice. A maximum of 0 or none is no limit of Poster's
 * (each of the group's modifications, once); the import fits the rest to the option limits
 * (services/catalog/option-rules.ts: 999 is as many as there are).
 */
function groupRule(g: PosterProduct['group_modifications'][number]): {
  min_choices: number;
  max_choices: number;
} {
  const rows = g.modifications.length;
  const single = enumKey(g.type) === '1' || g.num_max === 1;
  const max = single ? 1 : g.num_max && g.num_max > 0 ? Math.min(g.num_max, rows) : rows;
  return { min_choices: Math.max(0, g.num_min ?? 0), max_choices: max };
}

function mapProduct(p: PosterProduct, spotId: string, photoBase: string): PosProduct {
  const atSpot = p.spots.find((s) => s.spot_id === spotId);
  const options: PosProduct['options'] = [];
  let price = fromKopecks(atSpot?.price ?? p.price?.[spotId]);
  const variants = p.modifications
    .map((m) => ({ m, at: m.spots.find((s) => s.spot_id === spotId) }))
    .filter(({ at }) => at && enumKey(at.visible) !== '0');
  if (variants.length > 0) {
    // a row's price is an extra everywhere: the product costs its cheapest variant, each row the
    // difference (0,5 l 12 000 and 1 l 16 000 read 12 000, rows +0 and +4 000)
    const rows = variants.map(({ m, at }) => ({
      id: m.modificator_id,
      name: m.modificator_name.trim() || '—',
      price: fromKopecks(at?.price),
    }));
    price = Math.min(...rows.map((r) => r.price));
    options.push({
      id: VARIANT_OPTION_ID,
      name: VARIANT_OPTION_NAME,
      // a product sold in variants is sold as one of them (the order's `modificator_id`)
      min_choices: 1,
      max_choices: 1,
      rows: rows.map((r) => ({ ...r, price: money(r.price - price) })),
    });
  }
  for (const g of p.group_modifications) {
    if (enumKey(g.is_deleted) === '1') continue;
    const rows = g.modifications.map((m) => ({
      id: m.dish_modification_id,
      name: m.name.trim() || '—',
      price: Math.max(0, Number(m.price ?? 0) || 0),
      // Poster documents no count of one modification: each is taken once
      max_quantity: 1,
    }));
    if (rows.length > 0)
      options.push({ id: g.dish_modification_group_id, name: g.name.trim() || '—', ...groupRule(g), rows });
  }
  const photo = p.photo_origin || p.photo;
  return {
    id: p.product_id,
    name: p.product_name.trim() || '—',
    description: (p.product_production_description ?? '').slice(0, 2000),
    price,
    options,
    // Poster has no stop-list: a product hidden (everywhere, or at this spot) is its "sold out"
    available: enumKey(p.hidden) !== '1' && enumKey(atSpot?.visible ?? '1') !== '0',
    stopped: false,
    stoppedRows: [],
    imageLinks: photo ? [new URL(photo, photoBase).toString()] : [],
    position: Number(p.sort_order ?? 0),
  };
}
