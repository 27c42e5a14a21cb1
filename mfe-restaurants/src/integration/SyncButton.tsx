import { useIsSyncing, useSyncRestaurant } from '@qrmenu/shared/query';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, notify } from '@qrmenu/shared/ui';

/**
 * Re-imports an integration restaurant from its feed (admin only). The call waits up to 60 s
 * (the API client's sync timeout); meanwhile this row's button shows its progress, also after
 * the admin leaves the list and comes back (the query cache keeps the running sync).
 */
export function SyncButton({ restaurant }: { restaurant: Pick<Restaurant, '_id' | 'name'> }) {
  const sync = useSyncRestaurant();
  const id = restaurant._id;
  const pending = useIsSyncing(id);
  const start = () => {
    // The promise's handlers, unlike mutate()'s callbacks, also run after this row unmounts.
    sync.mutateAsync(id).then(
      () => notify.success(t.syncSuccess),
      () => notify.syncError(t.syncError),
    );
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
