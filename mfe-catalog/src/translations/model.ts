/**
 * What is still untranslated in one language, as one flat list a manager works through: the
 * restaurant (address, working hours), then each category, product, option and row whose
 * translatable fields filled in Uzbek lack that language. Pure: the page and its tests use it.
 */
import {
  type Category,
  type Product,
  type ProductOptionWithRows,
  type Restaurant,
  TRANSLATABLE,
  TRANSLATED_FIELDS,
  type TranslatableEntity,
  type TranslationLang,
  type Translations,
} from '@qrmenu/shared/schemas';

export interface UntranslatedField {
  name: string;
  /** The Uzbek value (what to translate). */
  uzbek: string;
  /** The value already given in the language ('' when none). */
  current: string;
  /** The Uzbek field's maximum length (the same rule applies to the translation). */
  max: number;
}

export interface UntranslatedItem {
  kind: TranslatableEntity;
  id: string;
  /** Where it belongs (an option's product, a row's option), to tell alike names apart. */
  context?: string;
  fields: UntranslatedField[];
  /** The restaurant's slug (its update names it by slug). */
  slug?: string;
}

function item(
  kind: TranslatableEntity,
  id: string,
  values: Record<string, unknown>,
  translations: Translations,
  lang: TranslationLang,
  extra: Pick<UntranslatedItem, 'context' | 'slug'> = {},
): UntranslatedItem | null {
  const limits = TRANSLATABLE[kind] as Record<string, number>;
  const fields: UntranslatedField[] = [];
  let missing = false;
  for (const name of TRANSLATED_FIELDS[kind] as readonly string[]) {
    const uzbek = typeof values[name] === 'string' ? (values[name] as string).trim() : '';
    if (!uzbek) continue; // nothing to translate
    const current = translations[lang]?.[name] ?? '';
    if (!current) missing = true;
    fields.push({ name, uzbek, current, max: limits[name] ?? 200 });
  }
  return missing ? { kind, id, fields, ...extra } : null;
}

export interface CatalogOfRestaurant {
  restaurant: Restaurant | null | undefined;
  categories: readonly Category[];
  products: readonly Product[];
  options: readonly ProductOptionWithRows[];
}

export function untranslatedItems(catalog: CatalogOfRestaurant, lang: TranslationLang): UntranslatedItem[] {
  const out: (UntranslatedItem | null)[] = [];
  const r = catalog.restaurant;
  if (r) out.push(item('restaurant', r._id, r, r.translations, lang, { slug: r.slug }));
  for (const c of catalog.categories) out.push(item('category', c._id, c, c.translations, lang));
  const productNames = new Map(catalog.products.map((p) => [p._id, p.name]));
  for (const p of catalog.products) out.push(item('product', p._id, p, p.translations, lang));
  for (const o of catalog.options) {
    const product = productNames.get(o.product_id);
    out.push(item('option', o._id, o, o.translations, lang, product ? { context: product } : {}));
    for (const row of o.rows) {
      const context = product ? `${product} · ${o.name}` : o.name;
      out.push(item('optionRow', row._id, row, row.translations, lang, { context }));
    }
  }
  return out.filter((x): x is UntranslatedItem => x !== null);
}
