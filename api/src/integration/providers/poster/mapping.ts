/** Poster menu -> the neutral menu (README.md in this folder has the table). */
import type { PosCategory, PosProduct, PosRestaurant } from '../../pos/types';
import type { PosterCategory, PosterProduct } from './api';

export const VARIANT_OPTION_ID = 'variants';
export const VARIANT_OPTION_NAME = 'Variant';

/** Poster's prices per spot are strings in kopecks (tiyin): so'm = /100. */
export const fromKopecks = (v: string | undefined) => Math.max(0, Math.round(Number(v ?? 0)) / 100);

export function mapPosterMenu(
  spot: { id: string; name: string; address?: string | null },
  categories: PosterCategory[],
  products: PosterProduct[],
  photoBase: string,
): PosRestaurant {
  const byId = new Map<string, PosCategory>();
  const visibleAt = (c: PosterCategory) =>
    c.category_hidden !== '1' && (c.visible ?? []).every((v) => v.spot_id !== spot.id || v.visible !== '0');
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
    const category = byId.get(p.menu_category_id);
    if (!category) continue;
    category.products.push(mapProduct(p, spot.id, photoBase));
  }
  for (const c of byId.values()) c.products.sort((a, b) => a.position - b.position);
  return {
    id: spot.id,
    name: spot.name.trim() || '—',
    address: spot.address ?? '',
    phone_number: '',
    work_time: '',
    categories: [...byId.values()],
  };
}

function mapProduct(p: PosterProduct, spotId: string, photoBase: string): PosProduct {
  const atSpot = p.spots?.find((s) => s.spot_id === spotId);
  const options: PosProduct['options'] = [];
  let price = fromKopecks(atSpot?.price);
  const variants = (p.modifications ?? [])
    .map((m) => ({ m, at: m.spots.find((s) => s.spot_id === spotId) }))
    .filter(({ at }) => at && at.visible !== '0');
  if (variants.length > 0) {
    const rows = variants.map(({ m, at }) => ({
      id: m.modificator_id,
      name: m.modificator_name.trim() || '—',
      price: fromKopecks(at?.price),
    }));
    price = Math.min(...rows.map((r) => r.price));
    options.push({ id: VARIANT_OPTION_ID, name: VARIANT_OPTION_NAME, rows });
  }
  for (const g of p.group_modifications ?? []) {
    if (g.is_deleted === '1') continue;
    const rows = g.modifications.map((m) => ({
      id: m.dish_modification_id,
      name: m.name.trim() || '—',
      price: Math.max(0, Number(m.price ?? 0) || 0),
    }));
    if (rows.length > 0) options.push({ id: g.dish_modification_group_id, name: g.name.trim() || '—', rows });
  }
  const photo = p.photo_origin || p.photo;
  return {
    id: p.product_id,
    name: p.product_name.trim() || '—',
    description: (p.product_production_description ?? '').slice(0, 2000),
    price,
    options,
    // Poster has no stop-list: a product hidden (everywhere, or at this spot) is its "sold out"
    available: p.hidden !== '1' && (atSpot?.visible ?? '1') !== '0',
    stopped: false,
    stoppedRows: [],
    imageLinks: photo ? [new URL(photo, photoBase).toString()] : [],
    position: Number(p.sort_order ?? 0),
  };
}
