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

const KINDS = {
  category: {
    titles: { create: t.addCategory, edit: t.editCategory },
    testId: 'category',
    saved: { created: t.categoryCreated, updated: t.categoryUpdated },
  },
  product: {
    titles: { create: t.addProduct, edit: t.editProduct },
    testId: 'product',
    saved: { created: t.productCreated, updated: t.productUpdated },
  },
  option: {
    titles: { create: t.addOption, edit: t.editOption },
    testId: 'option',
    saved: { created: t.optionCreated, updated: t.optionUpdated },
  },
  optionRow: {
    titles: { create: t.addOptionRow, edit: t.editOptionRow },
    testId: 'option-row',
    saved: { created: t.optionRowCreated, updated: t.optionRowUpdated },
  },
} as const satisfies Partial<Record<keyof typeof TRANSLATED_FIELDS, unknown>>;

export function CatalogDialog<R, S extends FormSchema, C = unknown, U = unknown>({
  kind,
  inputs,
  texts,
  children,
  ...form
}: Omit<FormDialogProps<R, S, C, U>, 'title' | 'dialogTestId' | 'testId' | 'texts' | 'children'> & {
  kind: keyof typeof KINDS;
  /** How each translatable field is typed (required, multiline, an example). */
  inputs?: Partial<Record<string, TranslatedInput>>;
  /** The failure toasts (and «no change», where the thing has its own). */
  texts: Omit<EntityFormTexts, 'created' | 'updated'>;
  /** The fields under the texts. */
  children: (form: EntityFormReturn<S>) => ReactNode;
}) {
  const thing = KINDS[kind];
  return (
    <FormDialog
      {...form}
      title={thing.titles}
      dialogTestId={`${thing.testId}-dialog`}
      testId={thing.testId}
      texts={{ ...thing.saved, ...texts }}
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
