/**
 * Create and rename a product option. No client checks on the name (docs/SCREENS.md, "Options"); what was typed is sent
 * and a refusal of the server (400 for a blank name) shows 'Saqlashda xatolik yuz berdi.'.
 */

import { FormDialog, TextField, TranslatableFields, translationFormValues } from '@qrmenu/shared/forms';
import { useCreateOption, useUpdateOption } from '@qrmenu/shared/query';
import {
  filledTranslations,
  type ProductOption,
  productOption,
  TRANSLATED_FIELDS,
  translationSchemas,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { FormDialogState } from '@qrmenu/shared/ui';

// the entity's own field (a plain string): no rule of the request body is checked here; the
// translations are new fields with the write rules (trimmed, the name's maximum length)
const optionForm = productOption
  .pick({ name: true })
  .extend({ translations: translationSchemas.option.write });

export default function OptionDialog({
  dialog,
  productId,
}: {
  dialog: FormDialogState<ProductOption>;
  productId: string;
}) {
  const create = useCreateOption();
  const update = useUpdateOption();
  return (
    <FormDialog
      dialog={dialog}
      title={{ create: t.addOption, edit: t.editOption }}
      dialogTestId="option-dialog"
      testId="option"
      schema={optionForm}
      values={(o) => ({
        name: o?.name ?? '',
        translations: translationFormValues(TRANSLATED_FIELDS.option, o?.translations),
      })}
      onCreate={(v) =>
        create.mutateAsync({
          product_id: productId,
          name: v.name,
          translations: filledTranslations(v.translations),
        })
      }
      onUpdate={(changed, o) =>
        update.mutateAsync({
          id: o._id,
          body: {
            name: changed.name ?? o.name,
            ...(changed.translations ? { translations: changed.translations } : {}),
          },
        })
      }
      texts={{
        created: t.optionCreated,
        updated: t.optionUpdated,
        createError: t.optionSaveError,
        updateError: t.optionSaveError,
      }}
    >
      {(form) => (
        <TranslatableFields form={form} fields={TRANSLATED_FIELDS.option}>
          {(tab) => (
            <TextField
              form={form}
              {...tab.field('name')}
              autoComplete="off"
              placeholder={tab.isUzbek ? 'Hajmi' : undefined}
            />
          )}
        </TranslatableFields>
      )}
    </FormDialog>
  );
}
