/**
 * «Hisob yopildi» under a served order (docs/PAYMENTS.md, "The bill"): the staff close the table's
 * bill, paid at the till. While a guest's unfinished payment holds it the server answers 409: the
 * card says why and when it ends by itself; an admin may end it at once with a reason («To'lovni
 * bekor qilish», recorded), and the table is closed right after ("A hold that ends").
 */
import { isApiError } from '@qrmenu/shared/api';
import { useCloseTable, useReleaseHold } from '@qrmenu/shared/query';
import { HOLD_RELEASE_REASON_MAX, type Order } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, notify, Stack, Text } from '@qrmenu/shared/ui';
import { useState } from 'react';
import { type PinnedAction, sayRefusal } from '../common/pin';
import { ReasonDialog } from '../common/ReasonDialog';

const runNow = (action: PinnedAction) => void action(undefined).catch(() => undefined);

const W = t.payments.hold;

/**
 * The table's «Hisob yopildi» for a served order; `restaurantId`: the admin's board's restaurant;
 * `withPin`: on a shared device, the person's PIN first (docs/PRODUCT.md, "Signing in on the floor").
 */
export function CloseTableAction({
  order,
  restaurantId,
  withPin = runNow,
}: {
  order: Order;
  restaurantId: string | undefined;
  withPin?: (action: PinnedAction) => void;
}) {
  const { isAdmin } = useSession();
  const close = useCloseTable();
  const release = useReleaseHold();
  const [held, setHeld] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const placementId = order.placement_id;
  if (!placementId) return null;

  const closeNow = (done: string) =>
    withPin((pin) =>
      close.mutateAsync(pin ? { placementId, pin } : placementId).then(
        () => {
          setHeld(false);
          notify.success(done);
        },
        (error: unknown) => {
          // a guest's payment holds the bill: the card says so (and offers the admin to end it)
          if (isApiError(error) && error.status === 409) {
            setHeld(true);
            throw error;
          }
          return sayRefusal('[orders] close table', W.closeError)(error);
        },
      ),
    );

  const releaseAndClose = (reason: string) => {
    if (!restaurantId) return;
    release.mutate(
      { restaurantId, body: { placement_id: placementId, reason } },
      {
        // nothing held any more (its time ran out meanwhile): the table closes all the same
        onSettled: (_data, error) => {
          if (error && !(isApiError(error) && error.status === 409)) {
            console.error('[orders] release hold', error);
            notify.error(W.releaseError);
            return;
          }
          setReleasing(false);
          closeNow(W.released(order.table));
        },
      },
    );
  };

  const canRelease = isAdmin && restaurantId !== undefined;
  return (
    <Stack gap="2" data-testid="close-table">
      <Button
        minH="11"
        variant="outline"
        alignSelf={{ base: 'stretch', sm: 'start' }}
        loading={close.isPending}
        onClick={() => closeNow(W.closed(order.table))}
      >
        {t.payments.closeTable}
      </Button>
      {held ? (
        <Box role="alert" bg="orange.50" borderRadius="md" px="3" py="2" data-testid="table-held">
          <Stack gap="2">
            <Text>{W.held(order.table)}</Text>
            {canRelease ? (
              <Button
                minH="11"
                colorPalette="red"
                variant="outline"
                alignSelf={{ base: 'stretch', sm: 'start' }}
                onClick={() => setReleasing(true)}
              >
                {W.release}
              </Button>
            ) : (
              <Text fontWeight="semibold">{W.askAdmin}</Text>
            )}
          </Stack>
        </Box>
      ) : null}
      {canRelease ? (
        <ReasonDialog
          open={releasing}
          onClose={() => setReleasing(false)}
          title={W.releaseTitle(order.table)}
          testId="release-hold-dialog"
          hint={W.releaseHint}
          reasons={W.reasons}
          label={W.reason}
          requiredText={W.reasonRequired}
          maxLength={HOLD_RELEASE_REASON_MAX}
          submitText={W.release}
          busy={release.isPending || close.isPending}
          onSubmit={releaseAndClose}
        />
      ) : null}
    </Stack>
  );
}
