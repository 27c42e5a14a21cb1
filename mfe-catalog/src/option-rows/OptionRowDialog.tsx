/**
 * Create and edit an option row: its name and price, how many times a guest may take it on one
 * dish («Qazi» x2) and whether it is chosen beforehand (docs/PRODUCT.md, "Options and their
 * rules"); sent as typed (formSchema.ts), a create leaving out the limits a row has by default.
 */

import { NumberField, SwitchField } from '@qrmenu/shared/forms';
import { useCreateOptionRow, useUpdateOptionRow } from '@qrmenu/shared/query';
import {
  filledTranslations,
  type OptionRow,
  type OptionRowCreateBody,
  type OptionRowUpdateBody,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { FormDialogState } from '@qrmenu/shared/ui';
import { CatalogDialog } from '../common/CatalogDialog';
import { type OptionRowFormValues, optionRowFormSchema, optionRowFormValues } from './formSchema';

export default function OptionRowDialog({
  dialog,
  optionId,
}: {
  dialog: FormDialogState<OptionRow>;
  optionId: string;
}) {
  const create = useCreateOptionRow();
  const update = useUpdateOptionRow();
  return (
    <CatalogDialog
      dialog={dialog}
      kind="optionRow"
      inputs={{ name: { example: 'Katta' } }}
      schema={optionRowFormSchema}
      values={optionRowFormValues}
      // the body as typed (a price may be "" or text): the server is the one that checks it
      onCreate={({ max_quantity, is_default, ...v }) =>
        create.mutateAsync({
          product_option_id: optionId,
          ...v,
          translations: filledTranslations(v.translations),
          ...(max_quantity !== 1 ? { max_quantity } : {}),
          ...(is_default ? { is_default } : {}),
        } as OptionRowCreateBody)
      }
      onUpdate={(changed, row) =>
        update.mutateAsync({ id: row._id, changed: changed as OptionRowUpdateBody })
      }
      texts={{ createError: t.optionSaveError, updateError: t.optionSaveError }}
    >
      {(form) => (
        <>
          <NumberField<OptionRowFormValues>
            form={form}
            name="price"
            placeholder="3000"
            step={1}
            helperText={t.priceHint}
          />
          <NumberField<OptionRowFormValues>
            form={form}
            name="max_quantity"
            step={1}
            min={1}
            helperText={t.optionRules.maxQuantityHint}
          />
          <SwitchField<OptionRowFormValues>
            form={form}
            name="is_default"
            label={t.fields.is_default}
            onText={t.yes}
            offText={t.no}
          />
        </>
      )}
    </CatalogDialog>
  );
}
