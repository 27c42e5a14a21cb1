/** Create and edit an option row (name and price, sent as typed: see formSchema.ts). */

import { FormDialog, NumberField, TextField } from '@qrmenu/shared/forms';
import { useCreateOptionRow, useUpdateOptionRow } from '@qrmenu/shared/query';
import type { OptionRow, OptionRowCreateBody, OptionRowUpdateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { type FormDialogState, SimpleGrid } from '@qrmenu/shared/ui';
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
    <FormDialog
      dialog={dialog}
      title={{ create: t.addOptionRow, edit: t.editOptionRow }}
      dialogTestId="option-row-dialog"
      testId="option-row"
      schema={optionRowFormSchema}
      values={optionRowFormValues}
      // the body as typed (a price may be "" or text): the server is the one that checks it
      onCreate={(v) => create.mutateAsync({ product_option_id: optionId, ...v } as OptionRowCreateBody)}
      onUpdate={(changed, row) =>
        update.mutateAsync({ id: row._id, changed: changed as OptionRowUpdateBody })
      }
      texts={{
        created: t.optionRowCreated,
        updated: t.optionRowUpdated,
        createError: t.optionSaveError,
        updateError: t.optionSaveError,
      }}
    >
      {(form) => (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField<OptionRowFormValues> form={form} name="name" autoComplete="off" placeholder="Katta" />
          <NumberField<OptionRowFormValues>
            form={form}
            name="price"
            placeholder="3000"
            step={1}
            helperText={t.priceHint}
          />
        </SimpleGrid>
      )}
    </FormDialog>
  );
}
