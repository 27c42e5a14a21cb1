/**
 * A list row's small marker of the languages still missing a translation ("RU EN"), with the
 * Uzbek words for screen readers ("Tarjima qilinmagan: Русский, English"). Nothing when every
 * translatable field that is filled in Uzbek has its Russian and English. Plain elements: the
 * lists it sits in are light rows (no Chakra component per row).
 */
import {
  LANGUAGE_NAMES,
  missingLanguages,
  type TranslationLang,
  type Translations,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { VISUALLY_HIDDEN } from '@qrmenu/shared/ui';
import { Fragment } from 'react';

const BADGE = {
  display: 'inline-flex',
  gap: '4px',
  fontSize: '0.75rem',
  fontWeight: 600,
  lineHeight: 1.6,
  color: '#9a3412', // orange 800 on white: 7:1
  border: '1px solid #fdba74',
  borderRadius: '4px',
  padding: '0 4px',
  whiteSpace: 'nowrap',
} as const;

export function MissingTranslations<F extends string>({
  fields,
  translations,
  uzbek,
}: {
  fields: readonly F[];
  translations: Translations;
  /** The Uzbek values: a field empty in Uzbek (a blank description) needs no translation. */
  uzbek: Partial<Record<F, string | null | undefined>>;
}) {
  const missing: TranslationLang[] = missingLanguages(fields, translations, uzbek);
  if (missing.length === 0) return null;
  return (
    <span style={BADGE} data-testid="missing-translations" title={t.translations.missing}>
      <span aria-hidden="true">{missing.map((lang) => lang.toUpperCase()).join(' ')}</span>
      <span className="sr-only" style={VISUALLY_HIDDEN}>
        {t.translations.missing}:{' '}
        {missing.map((lang, i) => (
          <Fragment key={lang}>
            {i > 0 ? ', ' : null}
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
          </Fragment>
        ))}
      </span>
    </span>
  );
}
