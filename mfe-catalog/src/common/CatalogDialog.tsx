/**
 * A catalogue thing's create and edit dialog (a category, a product, an option, an option row):
 * «Qo'shish» or «Tahrirlash» by its mode, its test ids from one name (`<testId>-dialog`,
 * `<testId>-form`), its translatable texts first in their language tabs, then its own fields.
 */
import {
  type EntityFormReturn,
  FormDialog,
  type FormDialogProps,
  type FormSchema,
  type TranslatedInput,
  TranslatedTextFields,
} from '@qrmenu/shared/forms';
import { Stack } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export function CatalogDialog<R, S extends FormSchema, C = unknown, U = unknown>({
  titles,
  testId,
  translated,
  inputs,
  children,
  ...form
}: Omit<FormDialogProps<R, S, C, U>, 'title' | 'dialogTestId' | 'testId' | 'children'> & {
  titles: { create: string; edit: string };
  testId: string;
  /** The thing's translatable fields (`TRANSLATED_FIELDS.product`) and how each is typed. */
  translated: readonly string[];
  inputs?: Partial<Record<string, TranslatedInput>>;
  /** The fields under the texts. */
  children: (form: EntityFormReturn<S>) => ReactNode;
}) {
  return (
    <FormDialog {...form} title={titles} dialogTestId={`${testId}-dialog`} testId={testId}>
      {(f) => (
        <Stack gap="4">
          <TranslatedTextFields
            form={f as unknown as UseFormReturn<FieldValues, unknown, FieldValues>}
            fields={translated}
            inputs={inputs ?? {}}
          />
          {children(f)}
        </Stack>
      )}
    </FormDialog>
  );
}
