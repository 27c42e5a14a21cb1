/**
 * The rows of the catalog's entities, written once for every way in: a manager's create and edit,
 * an import or sync from a source, the demo seed and the benches. `*_FIELDS` say how each field
 * a request (or a source) sends becomes its column, for a new row and for an edit's patch
 * (patch.ts); the builders add the defaults: a new id, now, active, no pictures, no
 * translations, no external id (made here, not imported); a product the POS holds off starts
 * inactive (availability.ts). A new field of an entity is a line here (and its column in the
 * repository's reads).
 */
import type { ProductImage, TranslationsPatch } from '@qrmenu/shared/schemas';
import {
  type CategoryRow,
  fromBool,
  newId,
  now,
  type OptionRowRow,
  type ProductOptionRow,
  type ProductRow,
} from '../../db';
import { patchOf } from '../patch';
import { translationsColumn } from '../translations';
import { activeFrom } from './availability';

/** A category's fields as its manager edits them. */
export const CATEGORY_FIELDS = { title: true, is_active: fromBool } as const;

/** A product's fields as its manager edits them (the category is checked apart: its restaurant's). */
export const PRODUCT_FIELDS = {
  name: true,
  description: true,
  price: true,
  is_active: fromBool,
  images: JSON.stringify,
} as const;

/** What a source (the JSON feed, a POS) owns of an imported product: a sync makes it follow. */
export const SOURCE_PRODUCT_FIELDS = { name: true, description: true, price: true } as const;

/** An option's rule as its manager (or a source) sets it. */
export const OPTION_RULE_FIELDS = { min_choices: true, max_choices: true } as const;

/** An option row's limits as its manager (or a source) sets them. */
export const OPTION_ROW_RULE_FIELDS = {
  max_quantity: true,
  free_quantity: true,
  is_default: fromBool,
} as const;

/** An option row's fields as its manager edits them. */
export const OPTION_ROW_FIELDS = { name: true, price: true, ...OPTION_ROW_RULE_FIELDS } as const;

/** What a source (a POS, the JSON feed) says of an item: its id there and its order value. */
interface FromSource {
  external_id?: string | null;
  /** The POS's order value (absent for the JSON feed). */
  pos_position?: number | null;
}

export interface NewCategory extends FromSource {
  title: string;
  is_active?: boolean;
  translations?: TranslationsPatch | undefined;
}

export interface NewProduct extends FromSource {
  name: string;
  description?: string;
  price: number;
  is_active?: boolean;
  images?: readonly ProductImage[];
  translations?: TranslationsPatch | undefined;
  /** What the POS owns of its availability (availability.ts); given, it decides `is_active`. */
  pos_hidden?: number;
  pos_stopped?: number;
}

export interface NewOption extends FromSource {
  name: string;
  translations?: TranslationsPatch | undefined;
  /** Its rule; without one, one row or none (0 and 1). */
  min_choices?: number | undefined;
  max_choices?: number | undefined;
}

export interface NewOptionRow extends FromSource {
  name: string;
  price: number;
  translations?: TranslationsPatch | undefined;
  /** Its limits; without them taken once or not at all, nothing free, not chosen beforehand. */
  max_quantity?: number | undefined;
  free_quantity?: number | undefined;
  is_default?: boolean | undefined;
  /** 1: on the POS's stop-list (hidden from guests). */
  pos_stopped?: number;
}

export function newCategoryRow(restaurantId: string, c: NewCategory, at = now(), id = newId()): CategoryRow {
  return {
    id,
    restaurant_id: restaurantId,
    is_active: 1,
    ...(patchOf<CategoryRow>(c, CATEGORY_FIELDS) as Pick<CategoryRow, 'title'>),
    translations: translationsColumn(c.translations),
    external_id: c.external_id ?? null,
    pos_position: c.pos_position ?? null,
    created_at: at,
    updated_at: at,
  };
}

export function newProductRow(
  restaurantId: string,
  categoryId: string,
  p: NewProduct,
  at = now(),
  id = newId(),
): ProductRow {
  const pos_hidden = p.pos_hidden ?? 0;
  const pos_stopped = p.pos_stopped ?? 0;
  const fromPos = p.pos_hidden !== undefined || p.pos_stopped !== undefined;
  return {
    id,
    restaurant_id: restaurantId,
    category_id: categoryId,
    name: p.name,
    description: p.description ?? '',
    price: p.price,
    is_active: fromPos
      ? activeFrom({ pos_hidden, pos_stopped, stopped_by_manager: 0 })
      : fromBool(p.is_active ?? true),
    images: JSON.stringify(p.images ?? []),
    translations: translationsColumn(p.translations),
    external_id: p.external_id ?? null,
    pos_position: p.pos_position ?? null,
    pos_hidden,
    pos_stopped,
    created_at: at,
    updated_at: at,
  };
}

export function newOptionRow(productId: string, o: NewOption, at = now(), id = newId()): ProductOptionRow {
  return {
    id,
    product_id: productId,
    name: o.name,
    min_choices: o.min_choices ?? 0,
    max_choices: o.max_choices ?? 1,
    translations: translationsColumn(o.translations),
    external_id: o.external_id ?? null,
    created_at: at,
    updated_at: at,
  };
}

export function newOptionRowRow(optionId: string, r: NewOptionRow, at = now(), id = newId()): OptionRowRow {
  return {
    id,
    product_option_id: optionId,
    ...(patchOf<OptionRowRow>(r, OPTION_ROW_FIELDS) as Pick<OptionRowRow, 'name' | 'price'>),
    max_quantity: r.max_quantity ?? 1,
    free_quantity: r.free_quantity ?? 0,
    is_default: r.is_default ? 1 : 0,
    translations: translationsColumn(r.translations),
    external_id: r.external_id ?? null,
    pos_stopped: r.pos_stopped ?? 0,
    created_at: at,
  };
}
