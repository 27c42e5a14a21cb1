/**
 * A payment made here recorded in Poster (docs/PAYMENTS.md, "Into the POS"; README.md here): the
 * register's order the cashier accepted the online order into (`transaction_id`) is paid and
 * closed with `transactions.closeTransaction`, the amount as `payed_card` (money that did not go
 * through the till's cash drawer), in kopecks as Poster counts its sums (1 so'm = 100).
 *
 * - Never twice: the order is read first (`dash.getTransaction`); closed already with that
 *   `payed_card` means a try whose answer was lost got there: recorded. Closed otherwise (paid at
 *   the till) or removed: refused, the staff see why.
 * - The register (`spot_tablet_id`) the call asks for is the one the order's history names.
 * - `closeTransaction` is made once per try (no HTTP retry inside): the sender retries, looking
 *   first.
 */
import type { PosPaymentDraft, PosPaymentResult } from '../../pos/outgoing-orders';
import { closeTransactionAnswer, transactionAnswer } from './api';
import { PosterAnswerError, type PosterCall } from './client';

/** Poster's answers that no retry mends for this order: 32 no such id, 42/43 not found, 404. */
const REFUSING = new Set([32, 42, 43, 404]);

export function posterPayments(call: PosterCall) {
  return async function recordPayment(draft: PosPaymentDraft): Promise<PosPaymentResult> {
    try {
      const { response } = await call('dash.getTransaction', transactionAnswer, {
        query: { transaction_id: draft.posOrderId, include_history: 'true' },
      });
      const order = response.find((t) => t.transaction_id === draft.posOrderId);
      if (!order) return { state: 'refused', reason: `Poster: order ${draft.posOrderId} not found` };
      if (order.status === '2') {
        return Number(order.payed_card ?? 0) === draft.amount
          ? { state: 'recorded' }
          : { state: 'refused', reason: `Poster: order ${draft.posOrderId} closed at the register` };
      }
      if (order.status !== '1')
        return { state: 'refused', reason: `Poster: order ${draft.posOrderId} removed` };
      const tablet = order.history.find((h) => h.spot_tablet_id)?.spot_tablet_id;
      if (!tablet) return { state: 'refused', reason: `Poster: order ${draft.posOrderId} has no register` };
      const closed = await call('transactions.closeTransaction', closeTransactionAnswer, {
        body: {
          spot_id: Number(order.spot_id ?? draft.locationId),
          spot_tablet_id: Number(tablet),
          transaction_id: Number(draft.posOrderId),
          payed_card: draft.amount,
        },
        once: true,
      });
      return closed.response.err_code === '0'
        ? { state: 'recorded' }
        : { state: 'refused', reason: `Poster: err_code ${closed.response.err_code}` };
    } catch (err) {
      if (err instanceof PosterAnswerError && REFUSING.has(err.code))
        return { state: 'refused', reason: `Poster ${err.code} ${err.posterMessage}`.trim() };
      throw err;
    }
  };
}
