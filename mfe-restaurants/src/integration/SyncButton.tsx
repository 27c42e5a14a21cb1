import { useSyncRestaurant } from '@qrmenu/shared/query';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, notify } from '@qrmenu/shared/ui';

/**
 * Re-imports an integration restaurant from its feed (admin only). The call waits up to 60 s
 * (the API client's sync timeout); meanwhile this row's button shows its progress.
 */
export function SyncButton({ restaurant }: { restaurant: Pick<Restaurant, '_id' | 'name'> }) {
  const sync = useSyncRestaurant();
  return (
    <Button
      size="xs"
      colorPalette="purple"
      variant="subtle"
      loading={sync.isPending}
      loadingText={t.sync}
      aria-busy={sync.isPending}
      data-testid="sync-button"
      onClick={() =>
        sync.mutate(restaurant._id, {
          onSuccess: () => notify.success(t.syncSuccess),
          onError: () => notify.syncError(t.syncError),
        })
      }
    >
      {t.sync}
    </Button>
  );
}
