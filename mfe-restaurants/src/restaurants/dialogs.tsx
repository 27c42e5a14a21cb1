/** The form dialogs of the restaurant pages, each loaded on its first opening (the kit's LazyDialog). */
import type { Restaurant } from '@qrmenu/shared/schemas';
import { type FormDialogState, LazyDialog } from '@qrmenu/shared/ui';
import { lazy } from 'react';

const RestaurantEditDialog = lazy(() =>
  import('./RestaurantEditDialog').then((m) => ({ default: m.RestaurantEditDialog })),
);
const IntegrationCreateDialog = lazy(() =>
  import('../integration/IntegrationCreateDialog').then((m) => ({ default: m.IntegrationCreateDialog })),
);

const PosConnectDialog = lazy(() =>
  import('../integration/PosConnectDialog').then((m) => ({ default: m.PosConnectDialog })),
);

export function LazyPosConnectDialog({ dialog }: { dialog: FormDialogState<never> }) {
  return (
    <LazyDialog open={dialog.open}>
      <PosConnectDialog dialog={dialog} />
    </LazyDialog>
  );
}

export function LazyRestaurantEditDialog({ dialog }: { dialog: FormDialogState<Restaurant> }) {
  return (
    <LazyDialog open={dialog.open}>
      <RestaurantEditDialog dialog={dialog} />
    </LazyDialog>
  );
}

export function LazyIntegrationCreateDialog({ dialog }: { dialog: FormDialogState<never> }) {
  return (
    <LazyDialog open={dialog.open}>
      <IntegrationCreateDialog dialog={dialog} />
    </LazyDialog>
  );
}
