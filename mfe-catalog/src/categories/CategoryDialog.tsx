/** Create and edit a category in a dialog (the title must not be empty; no change, no call). */

import { SwitchField, translationFormValues } from '@qrmenu/shared/forms';
import { useCreateCategory, useUpdateCategory } from '@qrmenu/shared/query';
import {
  type Category,
  categoryCreateBody,
  categoryFields,
  filledTranslations,
  TRANSLATED_FIELDS,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { FormDialogState } from '@qrmenu/shared/ui';
import { CatalogDialog } from '../common/CatalogDialog';

// the shared rules (trimmed, not blank: 'Kategoriya nomi bo'sh bo'lishi mumkin emas!'), without the restaurant
const categoryForm = categoryCreateBody
  .omit({ restaurant_id: true })
  .extend({ is_active: categoryFields.is_active });

export default function CategoryDialog({
  dialog,
  restaurantId,
}: {
  dialog: FormDialogState<Category>;
  /** Where a new category goes (a manager's own restaurant, or the admin's address). */
  restaurantId: string | undefined;
}) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  return (
    <CatalogDialog
      dialog={dialog}
      kind="category"
      inputs={{ title: { required: true } }}
      schema={categoryForm}
      values={(c) => ({
        title: c?.title ?? '',
        is_active: c?.is_active ?? true,
        translations: translationFormValues(TRANSLATED_FIELDS.category, c?.translations),
      })}
      onCreate={(v) => {
        if (!restaurantId) throw new Error('The restaurant is not known yet');
        return create.mutateAsync({
          ...v,
          translations: filledTranslations(v.translations),
          restaurant_id: restaurantId,
        });
      }}
      onUpdate={(changed, c) => update.mutateAsync({ id: c._id, changed })}
      texts={{ createError: t.categorySaveError, updateError: t.editError, noChanges: t.noChangesCategory }}
    >
      {(form) => <SwitchField form={form} name="is_active" label={t.status} />}
    </CatalogDialog>
  );
}
