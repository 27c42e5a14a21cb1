/**
 * What a guest's menu page shows, read in four queries whatever the menu's size: the restaurant
 * (public columns only: bot_token, channel_id and the manager are never even selected), its
 * active categories, their active products, and those products' options with their rows.
 *
 * Hidden: inactive categories, inactive products (in this product "on the stop-list" is
 * `is_active = false`, so a stopped product cannot be told from a switched-off one: both are
 * left out rather than greyed), categories left with no active product, options without rows.
 * Order: the restaurant's (position, then id) at every level (inMenuOrder).
 */

import { parseTranslations, type Translations } from '@qrmenu/shared/schemas';
import type { Repositories } from '../repos';
import { parseImages } from '../repos/products';

export interface MenuRestaurant {
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  image: string | null;
  logotype: string | null;
  /** Russian and English of the address and working hours. */
  translations: Translations;
  /** Its manager opened ordering (each table has its own switch too: the script asks). */
  takes_orders: boolean;
}

export interface MenuOption {
  name: string;
  translations: Translations;
  /** Its rule (docs/PRODUCT.md, "Options and their rules"): portions of its rows to choose. */
  min: number;
  max: number;
  rows: {
    id: string;
    name: string;
    price: number;
    translations: Translations;
    /** Times it may be taken, of them free, and whether it is chosen beforehand. */
    max: number;
    free: number;
    default: boolean;
  }[];
}

export interface MenuProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  /** The first picture, if any. */
  image: string | null;
  options: MenuOption[];
  translations: Translations;
}

export interface MenuCategory {
  id: string;
  title: string;
  translations: Translations;
  products: MenuProduct[];
}

export interface Menu {
  restaurant: MenuRestaurant;
  categories: MenuCategory[];
}

/** A placement of the restaurant's QR codes, its name and its own ordering switch. */
export interface GuestTable {
  id: string;
  name: string;
  takes_orders: boolean;
}

export type MenuLookup =
  /**
   * `placements`: its QR codes' placements (a view's `?p=` counts only if it is one; one that
   * takes orders, in a restaurant that does, gets the page with its table's panel).
   */
  | { kind: 'menu'; menu: Menu; restaurantId: string; placements: GuestTable[] }
  /** An old slug of an active restaurant: its current slug. */
  | { kind: 'moved'; slug: string }
  | { kind: 'missing' };

type RestaurantRow = NonNullable<Awaited<ReturnType<Repositories['menu']['findRestaurant']>>>;

/** The active restaurant of a slug, or where an old slug moved, or nothing. */
export async function lookUpRestaurant(
  repos: Repositories,
  slug: string,
): Promise<{ kind: 'restaurant'; restaurant: RestaurantRow } | Exclude<MenuLookup, { kind: 'menu' }>> {
  const restaurant = await repos.menu.findRestaurant(slug);
  if (!restaurant) {
    const renamed = await repos.slugs.findRenamed(slug);
    return renamed && renamed.is_active === 1 ? { kind: 'moved', slug: renamed.slug } : { kind: 'missing' };
  }
  return restaurant.is_active === 1 ? { kind: 'restaurant', restaurant } : { kind: 'missing' };
}

export async function lookUpMenu(repos: Repositories, slug: string): Promise<MenuLookup> {
  const found = await lookUpRestaurant(repos, slug);
  if (found.kind !== 'restaurant') return found;
  const { id, is_active: _active, translations, takes_orders, ...shown } = found.restaurant;
  return {
    kind: 'menu',
    menu: {
      restaurant: {
        ...shown,
        translations: parseTranslations(translations),
        takes_orders: takes_orders === 1,
      },
      categories: await activeCategories(repos, id),
    },
    restaurantId: id,
    placements: await repos.placements.guestTablesOf(id),
  };
}

async function activeCategories(repos: Repositories, restaurantId: string): Promise<MenuCategory[]> {
  const { categories, products, options } = await repos.menu.activeRows(restaurantId);

  const optionsByProduct = new Map<string, MenuOption[]>();
  let lastOptionId: string | undefined;
  let current: MenuOption | undefined;
  for (const o of options) {
    if (o.id !== lastOptionId || !current) {
      lastOptionId = o.id;
      current = {
        name: o.name,
        translations: parseTranslations(o.translations),
        min: o.min_choices ?? 0,
        max: o.max_choices ?? 1,
        rows: [],
      };
      const list = optionsByProduct.get(o.product_id);
      if (list) list.push(current);
      else optionsByProduct.set(o.product_id, [current]);
    }
    current.rows.push({
      id: o.row_id,
      name: o.row_name,
      price: Number(o.row_price),
      translations: parseTranslations(o.row_translations),
      max: o.row_max_quantity ?? 1,
      free: o.row_free_quantity ?? 0,
      default: o.row_is_default === 1,
    });
  }

  const byCategory = new Map<string, MenuProduct[]>(categories.map((c) => [c.id, []]));
  for (const p of products) {
    byCategory.get(p.category_id)?.push({
      id: p.id,
      name: p.name,
      description: p.description,
      price: Number(p.price),
      image: parseImages(p.images)[0]?.file ?? null,
      options: optionsByProduct.get(p.id) ?? [],
      translations: parseTranslations(p.translations),
    });
  }
  return categories
    .map((c) => ({
      id: c.id,
      title: c.title,
      translations: parseTranslations(c.translations),
      products: byCategory.get(c.id) ?? [],
    }))
    .filter((c) => c.products.length > 0);
}
