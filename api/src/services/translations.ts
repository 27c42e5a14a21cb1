/**
 * The translations rule of every translatable entity (restaurants, categories, products,
 * options, option rows): the shape is shared/src/schemas/translations.ts; a create stores what
 * was sent, an update merges the sent languages into the stored ones (repos/translations.ts,
 * one transaction) and only when that changes something.
 */
import {
  applyTranslations,
  parseTranslations,
  serializeTranslations,
  type TranslationsPatch,
} from '@qrmenu/shared/schemas';

/** The column's text of a create's translations (blanks left out; '{}' for none). */
export const translationsColumn = (sent: TranslationsPatch | null | undefined): string =>
  serializeTranslations(applyTranslations(undefined, sent));

/**
 * `sent` when it would change the stored translations, else undefined: a patch re-sending what
 * is stored, or clearing what is not there, changes nothing (no write, the answer "no change").
 */
export function translationsChange(
  stored: string | undefined,
  sent: TranslationsPatch | undefined,
): TranslationsPatch | undefined {
  if (!sent) return undefined;
  const before = parseTranslations(stored);
  return serializeTranslations(before) === serializeTranslations(applyTranslations(before, sent))
    ? undefined
    : sent;
}
