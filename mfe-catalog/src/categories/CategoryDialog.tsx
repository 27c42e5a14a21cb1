/** Create and edit a category in a dialog (spec 5: the title must not be empty; no change, no call). */

import { FormDialog, SwitchField, TextField } from '@qrmenu/shared/forms';
import { useCreateCategory, useUpdateCategory } from '@qrmenu/shared/query';
import { type Category, categoryCreateBody, categoryFields } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { FormDialogState } from '@qrmenu/shared/ui';

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
    <FormDialog
      dialog={dialog}
      title={{ create: t.addCategory, edit: t.editCategory }}
      dialogTestId="category-dialog"
      testId="category"
      schema={categoryForm}
      values={(c) => ({ title: c?.title ?? '', is_active: c?.is_active ?? true })}
      onCreate={(v) => {
        if (!restaurantId) throw new Error('The restaurant is not known yet');
        return create.mutateAsync({ ...v, restaurant_id: restaurantId });
      }}
      onUpdate={(changed, c) => update.mutateAsync({ id: c._id, changed })}
      texts={{
        created: t.categoryCreated,
        updated: t.categoryUpdated,
        createError: t.categorySaveError,
        updateError: t.editError,
        noChanges: t.noChangesCategory,
      }}
    >
      {(form) => (
        <>
          <TextField form={form} name="title" required autoComplete="off" />
          <SwitchField form={form} name="is_active" label={t.status} />
        </>
      )}
    </FormDialog>
  );
}
