/**
 * A payment made here recorded in the iiko table order as an external payment (docs/PAYMENTS.md,
 * "Into the POS"; README.md here):
 *
 * - The payment type: `/api/1/payment_types` of the organization, the one (not deleted) whose
 *   code or name says the method ("PAYME", "Click", without case) and that iiko lets be processed
 *   outside (`paymentProcessingType` `External` or `Both`). None: refused, the staff told to make
 *   one in iiko.
 * - Never twice: the order is read first (`/api/1/order/by_id`); a payment of that type and that
 *   sum processed externally means a try whose answer was lost got there: recorded.
 * - Then `/api/1/order/add_payments` with `isProcessedExternally: true` (the money is taken
 *   already: iiko must not ask the guest's card again); it is a command, so its `correlationId` is
 *   followed with `/api/1/commands/status` until `Success` or `Error`.
 */
import { PosHttpError } from '../../pos/http';
import type { PosPaymentDraft, PosPaymentResult } from '../../pos/outgoing-orders';
import { enumKey } from '../../pos/skipped';
import { commandStatusAnswer, correlationAnswer, ordersAnswer, paymentTypesAnswer } from './api';
import type { IikoCall } from './orders';

/** iiko's sums are decimal so'm: whole tiyin over 100 (123456.78 is the double nearest that). */
const som = (tiyin: number) => tiyin / 100;

const EXTERNAL = new Set(['external', 'both']);

/** iiko said no to the request itself (not a fault): not retried. */
const isRefusal = (err: unknown): err is PosHttpError =>
  err instanceof PosHttpError &&
  err.status >= 400 &&
  err.status < 500 &&
  ![401, 403, 408, 429].includes(err.status);

export function iikoPayments(call: IikoCall) {
  async function paymentType(draft: PosPaymentDraft) {
    const answer = await call(
      '/api/1/payment_types',
      { organizationIds: [draft.locationId] },
      paymentTypesAnswer,
    );
    return answer.paymentTypes.find(
      (t) =>
        !t.isDeleted &&
        EXTERNAL.has(enumKey(t.paymentProcessingType)) &&
        [t.code, t.name].some((w) => (w ?? '').toLowerCase().includes(draft.method)),
    );
  }

  return async function recordPayment(
    draft: PosPaymentDraft,
    ticket: string | null,
  ): Promise<PosPaymentResult> {
    try {
      if (ticket) {
        const status = await call(
          '/api/1/commands/status',
          { organizationId: draft.locationId, correlationId: ticket },
          commandStatusAnswer,
        );
        const state = enumKey(status.state);
        if (state === 'success') return { state: 'recorded' };
        if (state === 'error') {
          const message = status.exception?.message;
          return { state: 'refused', reason: (typeof message === 'string' && message) || 'iiko: Error' };
        }
        return { state: 'pending', ticket };
      }
      const type = await paymentType(draft);
      if (!type) return { state: 'refused', reason: `iiko: no external payment type "${draft.method}"` };
      const { orders } = await call(
        '/api/1/order/by_id',
        { organizationIds: [draft.locationId], orderIds: [draft.posOrderId] },
        ordersAnswer,
      );
      const order = orders.find((o) => o.id === draft.posOrderId)?.order;
      if (!order) return { state: 'refused', reason: `iiko: order ${draft.posOrderId} not found` };
      const sum = som(draft.amount);
      const there = (order.payments ?? []).some(
        (p) => p.paymentType?.id === type.id && p.sum === sum && p.isProcessedExternally === true,
      );
      if (there) return { state: 'recorded' };
      if (enumKey(order.status) === 'closed' || enumKey(order.status) === 'deleted')
        return { state: 'refused', reason: `iiko: order ${draft.posOrderId} is ${order.status}` };
      const answer = await call(
        '/api/1/order/add_payments',
        {
          organizationId: draft.locationId,
          orderId: draft.posOrderId,
          payments: [
            {
              paymentTypeKind: type.paymentTypeKind ?? 'Card',
              sum,
              paymentTypeId: type.id,
              isProcessedExternally: true,
              isFiscalizedExternally: false,
              isPrepay: true,
            },
          ],
        },
        correlationAnswer,
        true,
      );
      return { state: 'pending', ticket: answer.correlationId };
    } catch (err) {
      if (isRefusal(err)) return { state: 'refused', reason: err.detail ?? err.message };
      throw err;
    }
  };
}
