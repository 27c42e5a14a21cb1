/**
 * Menu content in Russian and English beside the required Uzbek (docs/PRODUCT.md).
 *
 * The shape, one for every translatable entity (category, product, option, option row,
 * restaurant), on reads and writes:
 *
 *     translations: { ru?: { title?: string }, en?: { title?: string } }
 *
 * - The spec's own fields (`title`, `name`, ...) stay the Uzbek value: a client that knows
 *   nothing of translations sees and sends exactly what it did before.
 * - Reads always carry `translations`, holding only the filled values (`{}` when none).
 * - Writes may carry it. A string sets that language's field, `null` or a blank string clears
 *   it, an absent language or field is left as it is: a partial update of one language never
 *   touches the other (`{ translations: { ru: { title: null } } }` clears the Russian title only).
 *   On create the same body is read against nothing, so blanks and nulls simply store nothing.
 * - Each translated field obeys its Uzbek field's rules (trimmed, no NUL, the same maximum
 *   length), but is optional: Uzbek is the one required language.
 * - Unknown languages or fields are refused (400), so a typo never disappears silently.
 *
 * Storage: one JSON text column `translations` per table (not null, default '{}'), holding
 * this same read shape. Reads of a row bring their translations with no extra query at all
 * (lists, details, the guests' page), on SQLite and PostgreSQL alike.
 */
import './jitless'; // before any object schema is made (CSP without 'unsafe-eval')
import { z } from 'zod';
import { LIMITS, plainString } from './fields';

/** Every language of the menu's content, Uzbek (Latin) first: the required one. */
export const CONTENT_LANGS = ['uz', 'ru', 'en'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

/** The optional languages, the keys of `translations`. */
export const TRANSLATION_LANGS = ['ru', 'en'] as const;
export type TranslationLang = (typeof TRANSLATION_LANGS)[number];

/** Each language's own name (the tabs and the guests' switch show these, never translated). */
export const LANGUAGE_NAMES: Record<ContentLang, string> = {
  uz: "O'zbekcha",
  ru: 'Русский',
  en: 'English',
};

/**
 * The translatable fields of each entity with the maximum length of its Uzbek field (the same
 * limits as in `schemas/index.ts`).
 */
export const TRANSLATABLE = {
  category: { title: LIMITS.shortText },
  product: { name: LIMITS.shortText, description: LIMITS.longText },
  option: { name: LIMITS.shortText },
  optionRow: { name: LIMITS.shortText },
  restaurant: { address: 500, work_time: 100 },
} as const;
export type TranslatableEntity = keyof typeof TRANSLATABLE;
export type TranslatableField<E extends TranslatableEntity> = keyof (typeof TRANSLATABLE)[E] & string;

/** What a read carries (and the database column holds): only filled values. */
export type Translations<F extends string = string> = Partial<
  Record<TranslationLang, Partial<Record<F, string>>>
>;
/** What a write may carry: a string sets, null or blank clears, absent leaves alone. */
export type TranslationsPatch<F extends string = string> = Partial<
  Record<TranslationLang, Partial<Record<F, string | null>>>
>;

type Limits = Readonly<Record<string, number>>;

const perLanguage = <S extends z.ZodType>(fields: S) =>
  z.strictObject({ ru: fields.optional(), en: fields.optional() });

function fieldsOf<L extends Limits, S extends z.ZodType>(limits: L, field: (max: number) => S) {
  const shape = Object.fromEntries(
    Object.entries(limits).map(([name, max]) => [name, field(max).optional()]),
  );
  return z.strictObject(shape as { [K in keyof L]: z.ZodOptional<S> });
}

/** The read shape of an entity's translations. */
export function translationsRead<L extends Limits>(limits: L) {
  return perLanguage(fieldsOf(limits, () => z.string()));
}

/**
 * The write shape: the Uzbek field's rules (trim, no NUL, max), a blank string read as null
 * ("clear"), null allowed.
 */
export function translationsWrite<L extends Limits>(limits: L) {
  return perLanguage(
    fieldsOf(limits, (max) =>
      plainString()
        .trim()
        .max(max)
        .transform((v): string | null => (v === '' ? null : v))
        .nullable(),
    ),
  );
}

/** The schemas of each entity: `translationSchemas.product.write`, `.read`. */
export const translationSchemas = {
  category: {
    read: translationsRead(TRANSLATABLE.category),
    write: translationsWrite(TRANSLATABLE.category),
  },
  product: { read: translationsRead(TRANSLATABLE.product), write: translationsWrite(TRANSLATABLE.product) },
  option: { read: translationsRead(TRANSLATABLE.option), write: translationsWrite(TRANSLATABLE.option) },
  optionRow: {
    read: translationsRead(TRANSLATABLE.optionRow),
    write: translationsWrite(TRANSLATABLE.optionRow),
  },
  restaurant: {
    read: translationsRead(TRANSLATABLE.restaurant),
    write: translationsWrite(TRANSLATABLE.restaurant),
  },
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stored value with a patch applied: strings set, null / blank clear, the rest is kept.
 * A language left with no field disappears, so `{}` means "no translation at all".
 */
export function applyTranslations(
  stored: Translations | null | undefined,
  patch: TranslationsPatch | null | undefined,
): Translations {
  const out: Translations = {};
  for (const lang of TRANSLATION_LANGS) {
    const fields = { ...(stored?.[lang] ?? {}) } as Record<string, string>;
    for (const [field, value] of Object.entries(patch?.[lang] ?? {})) {
      if (value === undefined) continue;
      if (value === null || value.trim() === '') delete fields[field];
      else fields[field] = value;
    }
    if (Object.keys(fields).length > 0) out[lang] = fields;
  }
  return out;
}

/**
 * Reads the column's JSON text (or an object some drivers already parse), keeping only string
 * values of known languages: a damaged value reads as "no translation", never as a 500.
 */
export function parseTranslations(raw: unknown): Translations {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (!isRecord(value)) return {};
  const out: Translations = {};
  for (const lang of TRANSLATION_LANGS) {
    const fields = value[lang];
    if (!isRecord(fields)) continue;
    const kept = Object.fromEntries(
      Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
    if (Object.keys(kept).length > 0) out[lang] = kept;
  }
  return out;
}

/** The column's text for a value (`{}` for none). */
export const serializeTranslations = (value: Translations | null | undefined): string =>
  JSON.stringify(applyTranslations(value, undefined));

/**
 * The text to show in `lang`: its translation when there is one, else the Uzbek value
 * (each field falls back on its own).
 */
export function localized(
  uzbek: string,
  translations: Translations | null | undefined,
  lang: ContentLang,
  field: string,
): string {
  if (lang === 'uz') return uzbek;
  return translations?.[lang]?.[field] || uzbek;
}

/**
 * The languages still missing a field of this entity. A field whose Uzbek value is empty
 * (an optional description left blank) needs no translation: pass the Uzbek values in `uzbek`.
 */
export function missingLanguages<F extends string>(
  fields: readonly F[],
  translations: Translations<NoInfer<F>> | null | undefined,
  uzbek?: Partial<Record<NoInfer<F>, string | null | undefined>>,
): TranslationLang[] {
  const needed = fields.filter((f) => (uzbek ? Boolean(uzbek[f]?.trim()) : true));
  if (needed.length === 0) return [];
  return TRANSLATION_LANGS.filter((lang) => needed.some((f) => !translations?.[lang]?.[f]));
}

/** Each entity's translatable field names, in form order. */
export const TRANSLATED_FIELDS = {
  category: ['title'],
  product: ['name', 'description'],
  option: ['name'],
  optionRow: ['name'],
  restaurant: ['address', 'work_time'],
} as const satisfies { [E in TranslatableEntity]: readonly TranslatableField<E>[] };

/**
 * A create's translations with the blanks left out; undefined when none is filled, so a form
 * whose translation tabs stay empty sends the same body as before translations existed.
 */
export function filledTranslations(patch: TranslationsPatch | null | undefined): Translations | undefined {
  const out = applyTranslations(undefined, patch);
  return Object.keys(out).length > 0 ? out : undefined;
}
