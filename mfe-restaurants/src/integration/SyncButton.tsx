import { useSyncRestaurant } from '@qrmenu/shared/query';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, notify } from '@qrmenu/shared/ui';
import { useSyncExternalStore } from 'react';

/**
 * Restaurants being synced, kept at module level: a sync lasts up to 60 s and the admin may leave
 * the list and come back meanwhile, so the row's progress must outlive the component.
 * (The shared `useSyncRestaurant` sets no mutationKey, so `useIsMutating` cannot find it.)
 */
const syncing = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * Re-imports an integration restaurant from its feed (admin only). The call waits up to 60 s
 * (the API client's sync timeout); meanwhile this row's button shows its progress.
 */
export function SyncButton({ restaurant }: { restaurant: Pick<Restaurant, '_id' | 'name'> }) {
  const sync = useSyncRestaurant();
  const id = restaurant._id;
  const pending = useSyncExternalStore(subscribe, () => syncing.has(id));
  const start = () => {
    syncing.add(id);
    changed();
    // The promise's handlers, unlike mutate()'s callbacks, also run after this row unmounts.
    sync
      .mutateAsync(id)
      .then(
        () => notify.success(t.syncSuccess),
        () => notify.syncError(t.syncError),
      )
      .finally(() => {
        syncing.delete(id);
        changed();
      });
  };
  return (
    <Button
      size="xs"
      colorPalette="purple"
      variant="subtle"
      loading={pending}
      loadingText={t.sync}
      aria-busy={pending}
      data-testid="sync-button"
      onClick={start}
    >
      {t.sync}
    </Button>
  );
}
