/** The form dialogs of the restaurant pages, each loaded on its first opening (MountWhenOpened). */
import type { Restaurant } from '@qrmenu/shared/schemas';
import type { FormDialogState } from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { MountWhenOpened } from '../common/MountWhenOpened';

const RestaurantEditDialog = lazy(() =>
  import('./RestaurantEditDialog').then((m) => ({ default: m.RestaurantEditDialog })),
);
const IntegrationCreateDialog = lazy(() =>
  import('../integration/IntegrationCreateDialog').then((m) => ({ default: m.IntegrationCreateDialog })),
);

export function LazyRestaurantEditDialog({ dialog }: { dialog: FormDialogState<Restaurant> }) {
  return (
    <MountWhenOpened open={dialog.open}>
      <RestaurantEditDialog dialog={dialog} />
    </MountWhenOpened>
  );
}

export function LazyIntegrationCreateDialog({ dialog }: { dialog: FormDialogState<never> }) {
  return (
    <MountWhenOpened open={dialog.open}>
      <IntegrationCreateDialog dialog={dialog} />
    </MountWhenOpened>
  );
}
