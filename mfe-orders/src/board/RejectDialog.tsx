/**
 * "Rad etish" asks why: the guest's page shows the reason (the usual ones one tap each, the field
 * required and as long as the contract allows).
 */
import { ORDER_LIMITS, type Order } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { ReasonDialog } from '../common/ReasonDialog';

export interface RejectDialogProps {
  order: Order | null;
  onClose: () => void;
  onReject: (order: Order, reason: string) => void;
}

export function RejectDialog({ order, onClose, onReject }: RejectDialogProps) {
  return (
    <ReasonDialog
      open={order !== null}
      onClose={onClose}
      title={order ? t.orders.rejectTitle(order.number) : ''}
      testId="reject-dialog"
      reasons={t.orders.rejectReasons}
      label={t.orders.rejectReason}
      requiredText={t.orders.rejectReasonRequired}
      maxLength={ORDER_LIMITS.rejectReason}
      submitText={t.orders.reject}
      onSubmit={(reason) => {
        if (order) onReject(order, reason);
      }}
    />
  );
}
