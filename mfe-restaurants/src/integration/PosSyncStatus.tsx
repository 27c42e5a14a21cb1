/** A POS restaurant's last sync (time, result, counts, the last error in Uzbek), for the admin. */
import { usePosAccount } from '@qrmenu/shared/query';
import { t } from '@qrmenu/shared/texts';
import { Box, Text } from '@qrmenu/shared/ui';

const RESULT: Record<string, string> = {
  ok: t.posSyncOk,
  unchanged: t.posSyncUnchanged,
  error: t.posSyncFailed,
};

export function PosSyncStatus({ restaurantId }: { restaurantId: string }) {
  const account = usePosAccount(restaurantId);
  const last = account.data?.last_sync;
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
      {last.error ? (
        <Text color="red.700" role="status">
          {last.error}
        </Text>
      ) : null}
    </Box>
  );
}
