import { FormDialog } from '@qrmenu/shared/forms';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { FormDialogState } from '@qrmenu/shared/ui';
import { useEffect } from 'react';
import { useRestaurantForm } from './RestaurantForm';

/** A manager's edit of its own restaurant: no manager or active selector (those are the admin's). */
export function RestaurantEditDialog({ dialog }: { dialog: FormDialogState<Restaurant> }) {
  const form = useRestaurantForm(true, dialog.record);
  const { reset } = form;
  useEffect(() => {
    if (!dialog.open) reset();
  }, [dialog.open, reset]);
  return (
    <FormDialog
      dialog={dialog}
      title={t.editRestaurant}
      dialogTestId="restaurant-edit-dialog"
      testId="restaurant"
      {...form.options}
    >
      {form.body}
    </FormDialog>
  );
}
