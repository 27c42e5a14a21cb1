/**
 * Language tabs around an entity's translatable fields (react-admin's `TranslatableInputs` as
 * the model): O'zbekcha first (the required language, with the required marks), then Русский
 * and English, each tab under its own name. The form's values hold Uzbek in the spec's fields
 * (`name`) and the others in `translations.<lang>.<field>`, the API's shape, so the form's
 * schema is the entity's with `translations` added and an edit sends only the changed leaves.
 *
 * A tab shows a marker while a field filled in Uzbek is empty in its language, and another when
 * one of its fields has an error; a submit with errors opens the first tab that has one.
 * Every panel stays mounted (hidden), so react-hook-form keeps and validates all of them.
 */
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFormContext, useWatch } from 'react-hook-form';
import { CONTENT_LANGS, type ContentLang, LANGUAGE_NAMES, TRANSLATION_LANGS } from '../schemas/translations';
import { fieldLabel, t } from '../texts';
import { Box, Tabs, VisuallyHidden } from '../ui';
import { TextField } from './fields';

/** What each tab's fields need: their names and labels in this tab's language. */
export interface TranslationTab<T extends FieldValues> {
  lang: ContentLang;
  isUzbek: boolean;
  /** The form value's name of a field in this language: `name`, `translations.ru.name`. */
  name: (field: string) => Path<T>;
  /**
   * The props of a `TextField` for a field in this language: its name, the Uzbek label (the
   * back office stays Uzbek), `lang` for screen readers and spelling, `required` in Uzbek only.
   */
  field: (
    field: string,
    options?: { required?: boolean },
  ) => { name: Path<T>; label: string; lang?: string; required?: boolean };
}

export interface TranslatableFieldsProps<T extends FieldValues> {
  /** The entity's translatable fields by their Uzbek names (the markers watch these). */
  fields: readonly string[];
  /** The form; defaults to the surrounding `FormProvider`. */
  form?: UseFormReturn<T, unknown, FieldValues>;
  /** The fields of one tab, rendered once per language. */
  children: (tab: TranslationTab<T>) => ReactNode;
}

/** The name of a field's value in a language. */
export const translatedName = (lang: ContentLang, field: string): string =>
  lang === 'uz' ? field : `translations.${lang}.${field}`;

function tabOf<T extends FieldValues>(lang: ContentLang): TranslationTab<T> {
  const name = (field: string) => translatedName(lang, field) as Path<T>;
  return {
    lang,
    isUzbek: lang === 'uz',
    name,
    field: (field, options) => ({
      name: name(field),
      label: fieldLabel(field),
      ...(lang === 'uz' ? { required: options?.required ?? false } : { lang }),
    }),
  };
}

const TABS = CONTENT_LANGS.map((lang) => tabOf(lang));

function valueAt(values: unknown, path: string): unknown {
  let cur = values;
  for (const part of path.split('.')) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * A tab's "not translated" marker. It watches the texts it compares itself (react-hook-form's
 * `useWatch`), so a keystroke re-renders this marker, not the whole form around the tabs.
 */
function MissingMarker<T extends FieldValues>({
  lang,
  fields,
  form,
}: {
  lang: ContentLang;
  fields: readonly string[];
  form: UseFormReturn<T, unknown, FieldValues>;
}) {
  // the Uzbek text and this language's, field after field
  const names = useMemo(
    () => fields.flatMap((field) => [field, translatedName(lang, field)]) as Path<T>[],
    [fields, lang],
  );
  const values = useWatch({ control: form.control, name: names }) as unknown[];
  const missing = fields.some((_, i) => filled(values[2 * i]) && !filled(values[2 * i + 1]));
  return missing ? <Marker color="orange.600" text={t.translations.missing} symbol="•" /> : null;
}

export function TranslatableFields<T extends FieldValues>({
  fields,
  form,
  children,
}: TranslatableFieldsProps<T>) {
  const ctx = useFormContext<T>();
  const f = (form ?? ctx) as UseFormReturn<T, unknown, FieldValues> | null;
  if (!f) throw new Error('TranslatableFields needs a `form` prop or a FormProvider');
  const [tab, setTab] = useState<ContentLang>('uz');

  const errors = f.formState.errors;
  const hasError = (lang: ContentLang) =>
    fields.some((field) => valueAt(errors, translatedName(lang, field)));

  // a submit with errors: open the first tab that has one (its fields are otherwise hidden)
  const { submitCount } = f.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per submit, reading that submit's errors
  useEffect(() => {
    if (submitCount === 0) return;
    const first = CONTENT_LANGS.find(hasError);
    if (first) setTab(first);
  }, [submitCount]);

  return (
    <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as ContentLang)} variant="line" size="sm">
      <Tabs.List aria-label={t.translations.tabs}>
        {TABS.map(({ lang }) => (
          <Tabs.Trigger key={lang} value={lang} minH="11">
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
            {hasError(lang) ? (
              <Marker color="fg.error" text={t.translations.hasError} symbol="!" />
            ) : lang !== 'uz' ? (
              <MissingMarker lang={lang} fields={fields} form={f} />
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((x) => (
        <Tabs.Content key={x.lang} value={x.lang} pt="3">
          <Box display="flex" flexDirection="column" gap="4">
            {children(x as TranslationTab<T>)}
          </Box>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** How a translatable text is typed: required (in Uzbek), on several lines, an Uzbek example. */
export interface TranslatedInput {
  required?: boolean;
  multiline?: boolean;
  /** The Uzbek field's placeholder ('Hajmi'); the other languages' stay empty. */
  example?: string;
}

/**
 * The language tabs of an entity whose translatable fields are plain texts (a category's title, a
 * product's name and description, an option's and an option row's names): in each tab a
 * TextField a field, a one-line one not filled in by the browser.
 */
export function TranslatedTextFields<T extends FieldValues>({
  form,
  fields,
  inputs = {},
}: {
  form?: UseFormReturn<T, unknown, FieldValues>;
  /** The entity's translatable fields (`TRANSLATED_FIELDS.product`). */
  fields: readonly string[];
  inputs?: Partial<Record<string, TranslatedInput>>;
}) {
  return (
    <TranslatableFields<T> form={form} fields={fields}>
      {(tab) =>
        fields.map((name) => {
          const input = inputs[name] ?? {};
          return (
            <TextField<T>
              key={name}
              form={form}
              {...tab.field(name, { required: input.required ?? false })}
              multiline={input.multiline ?? false}
              autoComplete={input.multiline ? undefined : 'off'}
              placeholder={tab.isUzbek ? input.example : undefined}
            />
          );
        })
      }
    </TranslatableFields>
  );
}

/** A small visible sign with its Uzbek words for screen readers (the tab's name then says it). */
function Marker({ color, text, symbol }: { color: string; text: string; symbol: string }) {
  return (
    <>
      <Box as="span" aria-hidden="true" color={color} fontWeight="bold" title={text}>
        {symbol}
      </Box>
      <VisuallyHidden lang="uz">{text}</VisuallyHidden>
    </>
  );
}

/** The form's starting `translations`: every language and field present ('' when empty). */
export function translationFormValues(
  fields: readonly string[],
  stored: Partial<Record<string, Partial<Record<string, string>>>> | null | undefined,
): Record<(typeof TRANSLATION_LANGS)[number], Record<string, string>> {
  const out = {} as Record<(typeof TRANSLATION_LANGS)[number], Record<string, string>>;
  for (const lang of TRANSLATION_LANGS) {
    out[lang] = Object.fromEntries(fields.map((field) => [field, stored?.[lang]?.[field] ?? '']));
  }
  return out;
}
