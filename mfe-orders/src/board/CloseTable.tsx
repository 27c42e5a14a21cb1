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
import { Box, Button, DialogShell, Field, Flex, notify, Stack, Text, Textarea } from '@qrmenu/shared/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { type PinnedAction, pinProblem, staffRefusal } from '../common/pin';

const runNow = (action: PinnedAction) => void action(undefined).catch(() => undefined);

const W = t.payments.hold;

interface ReleaseDialogProps {
  open: boolean;
  table: string;
  busy: boolean;
  onClose: () => void;
  onRelease: (reason: string) => void;
}

function ReleaseHoldDialog({ open, table, busy, onClose, onRelease }: ReleaseDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    onRelease(text);
  };
  return (
    <DialogShell open={open} onClose={onClose} title={W.releaseTitle(table)} testId="release-hold-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text>{W.releaseHint}</Text>
          <Flex gap="2" wrap="wrap">
            {W.reasons.map((quick) => (
              <Button
                key={quick}
                type="button"
                size="sm"
                minH="11"
                variant="outline"
                onClick={() => {
                  setReason(quick);
                  setMissing(false);
                }}
              >
                {quick}
              </Button>
            ))}
          </Flex>
          <Field.Root invalid={missing} required>
            <Field.Label>{W.reason}</Field.Label>
            <Textarea
              name="reason"
              value={reason}
              maxLength={HOLD_RELEASE_REASON_MAX}
              rows={3}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
            />
            {missing ? <Field.ErrorText>{W.reasonRequired}</Field.ErrorText> : null}
          </Field.Root>
          <Flex gap="2" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button type="button" variant="outline" minH="11" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" colorPalette="red" minH="11" loading={busy}>
              {W.release}
            </Button>
          </Flex>
        </Stack>
      </form>
    </DialogShell>
  );
}

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
          if (isApiError(error) && error.status === 409) setHeld(true);
          else if (!pinProblem(error)) {
            console.error('[orders] close table', error);
            notify.error(staffRefusal(error) ?? W.closeError);
          }
          throw error;
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
        <ReleaseHoldDialog
          open={releasing}
          table={order.table}
          busy={release.isPending || close.isPending}
          onClose={() => setReleasing(false)}
          onRelease={releaseAndClose}
        />
      ) : null}
    </Stack>
  );
}
