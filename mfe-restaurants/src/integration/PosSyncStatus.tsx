/**
 * A POS restaurant's last sync (time, result, counts, the last error in Uzbek), for the admin,
 * and the POS's pictures taken after it in the background: a progress bar, asked again every
 * 2 s until they are done.
 */
import { usePosAccount } from '@qrmenu/shared/query';
import type { PosAccount } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Text } from '@qrmenu/shared/ui';

const RESULT: Record<string, string> = {
  ok: t.posSyncOk,
  unchanged: t.posSyncUnchanged,
  error: t.posSyncFailed,
};

export const PICTURES_POLL_MS = 2000;
const picturesRunning = (p: PosAccount['pictures']) => !!p && p.done < p.total;

export function PosSyncStatus({ restaurantId }: { restaurantId: string }) {
  const account = usePosAccount(restaurantId, {
    refetchInterval: (query) => (picturesRunning(query.state.data?.pictures) ? PICTURES_POLL_MS : false),
  });
  const last = account.data?.last_sync;
  const pictures = account.data?.pictures;
  if (!last) return null;
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      mt="4"
      data-testid="pos-sync-status"
      aria-label={t.posLastSync}
    >
      <Text fontWeight="semibold">
        {t.posIntegration}: {account.data?.provider}
      </Text>
      {last.at ? (
        <Text>
          {t.posLastSync}: {new Date(last.at).toLocaleString('uz-UZ')} —{' '}
          {RESULT[last.result ?? ''] ?? last.result}
        </Text>
      ) : (
        <Text>{t.posNeverSynced}</Text>
      )}
      {last.result === 'ok' ? <Text>{t.posSyncCounts(last)}</Text> : null}
      {pictures && pictures.total > 0 ? (
        picturesRunning(pictures) ? (
          <Box mt="2">
            <Text id={`pos-pictures-${restaurantId}`}>{t.posPicturesProgress(pictures)}</Text>
            <progress
              aria-labelledby={`pos-pictures-${restaurantId}`}
              value={pictures.done}
              max={pictures.total}
              style={{ width: '100%' }}
            />
          </Box>
        ) : (
          <Text>{t.posPicturesDone(pictures)}</Text>
        )
      ) : null}
      {last.error ? (
        <Text color="red.700" role="status">
          {last.error}
        </Text>
      ) : null}
    </Box>
  );
}
