/**
 * A catalogue thing's create and edit dialog (a category, a product, an option, an option row),
 * all of it from the thing's kind: «Qo'shish» or «Tahrirlash» by its mode, its test ids
 * (`<testId>-dialog`, `<testId>-form`), its saved toasts, its translatable texts first in their
 * language tabs, then its own fields. A dialog gives its failure toasts (they differ by thing).
 */
import {
  type EntityFormReturn,
  type EntityFormTexts,
  FormDialog,
  type FormDialogProps,
  type FormSchema,
  type TranslatedInput,
  TranslatedTextFields,
} from '@qrmenu/shared/forms';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Stack } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** The catalogue's things, as their dialogs name them. */
type Kind = 'category' | 'product' | 'option' | 'optionRow';

const TITLES = {
  category: { create: t.addCategory, edit: t.editCategory },
  product: { create: t.addProduct, edit: t.editProduct },
  option: { create: t.addOption, edit: t.editOption },
  optionRow: { create: t.addOptionRow, edit: t.editOptionRow },
} as const satisfies Record<Kind, unknown>;

const SAVED = {
  category: { created: t.categoryCreated, updated: t.categoryUpdated },
  product: { created: t.productCreated, updated: t.productUpdated },
  option: { created: t.optionCreated, updated: t.optionUpdated },
  optionRow: { created: t.optionRowCreated, updated: t.optionRowUpdated },
} as const satisfies Record<Kind, unknown>;

/** The dialog's and the form's test ids: `<kind>-dialog`, `<kind>-form` (an option row's: `option-row-…`). */
const testIdOf = (kind: Kind) => (kind === 'optionRow' ? 'option-row' : kind);

export function CatalogDialog<R, S extends FormSchema, C = unknown, U = unknown>({
  kind,
  inputs,
  texts,
  children,
  ...form
}: Omit<FormDialogProps<R, S, C, U>, 'title' | 'dialogTestId' | 'testId' | 'texts' | 'children'> & {
  kind: Kind;
  /** How each translatable field is typed (required, multiline, an example). */
  inputs?: Partial<Record<string, TranslatedInput>>;
  /** The failure toasts (and «no change», where the thing has its own). */
  texts: Omit<EntityFormTexts, 'created' | 'updated'>;
  /** The fields under the texts. */
  children: (form: EntityFormReturn<S>) => ReactNode;
}) {
  return (
    <FormDialog
      {...form}
      title={TITLES[kind]}
      dialogTestId={`${testIdOf(kind)}-dialog`}
      testId={testIdOf(kind)}
      texts={{ ...SAVED[kind], ...texts }}
    >
      {(f) => (
        <Stack gap="4">
          <TranslatedTextFields
            form={f as unknown as UseFormReturn<FieldValues, unknown, FieldValues>}
            fields={TRANSLATED_FIELDS[kind]}
            inputs={inputs ?? {}}
          />
          {children(f)}
        </Stack>
      )}
    </FormDialog>
  );
}
