/**
 * "Rad etish" asks why: the guest's page shows the reason. A few usual reasons fill the field
 * with one tap (a waiter types little on a phone); the field is required and as long as the
 * contract allows.
 */
import { ORDER_LIMITS, type Order } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, DialogShell, Field, Flex, Stack, Textarea } from '@qrmenu/shared/ui';
import { type FormEvent, useEffect, useState } from 'react';

export interface RejectDialogProps {
  order: Order | null;
  onClose: () => void;
  onReject: (order: Order, reason: string) => void;
}

export function RejectDialog({ order, onClose, onReject }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (order) {
      setReason('');
      setMissing(false);
    }
  }, [order]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    onReject(order, text);
  };

  return (
    <DialogShell
      open={order !== null}
      onClose={onClose}
      title={order ? t.orders.rejectTitle(order.number) : ''}
      testId="reject-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <Flex gap="2" wrap="wrap">
            {t.orders.rejectReasons.map((quick) => (
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
            <Field.Label>{t.orders.rejectReason}</Field.Label>
            <Textarea
              name="reason"
              value={reason}
              maxLength={ORDER_LIMITS.rejectReason}
              rows={3}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
            />
            {missing ? <Field.ErrorText>{t.orders.rejectReasonRequired}</Field.ErrorText> : null}
          </Field.Root>
          <Flex gap="2" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button type="button" variant="outline" minH="11" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" colorPalette="red" minH="11">
              {t.orders.reject}
            </Button>
          </Flex>
        </Stack>
      </form>
    </DialogShell>
  );
}
