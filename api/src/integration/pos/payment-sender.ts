/**
 * The sender of payments into the POS (docs/PAYMENTS.md, "Into the POS"): a bill paid here (Payme,
 * Click) whose orders the POS holds is recorded there as an external payment, the same for every
 * POS provider (it sees only outgoing-orders.ts's `recordPayment`). It works as the order sender
 * does (order-sender.ts), on the same `pos-orders` lease:
 *
 * - **Kept.** Queued in the transaction that marks the bill paid (`payment_pos`).
 * - **Never twice.** The row's id is made from our payment's id; the provider looks whether the
 *   POS has the payment before it sends (a try whose answer was lost finds it there).
 * - **Faults.** The POS down, slow, 429, 5xx (`PosHttpError`): tried again after 1 s, 2 s, ...
 *   60 s at most, until it is there. A refused token (`PosCredentialsError`) or a refusal: no
 *   automatic try, the staff are told (the board's line and a message in the chat: the payment
 *   is then closed in the POS by hand).
 * - **Seen.** Each change of state writes the events of the bill's orders: the board follows.
 */
import { formatTiyin, t } from '@qrmenu/shared/texts';
import type { PaymentPosRow } from '../../db';
import { now } from '../../db';
import type { PaymentPosChange } from '../../repos/payment-pos';
import { tellChat } from '../../services/payments/settle';
import type { App } from '../../types';
import { PosCredentialsError } from './errors';
import { PosHttpError } from './http';
import { PER_DRAIN, type PosSenderOptions, senderPauses } from './order-sender';
import type { PosPaymentDraft } from './outgoing-orders';
import { accountConnection } from './service';

const TEXT = t.orders.pos;

export function posPaymentSender(app: App, options: PosSenderOptions = {}) {
  const { followMs, afterFault } = senderPauses(options);

  /**
   * Moves the row, writes its bill's orders' events and (`alert`) tells the chat, in one
   * transaction; false: moved meanwhile.
   */
  async function move(row: PaymentPosRow, change: Omit<PaymentPosChange, 'updated_at'>, alert?: string) {
    const at = now();
    const moved = await app.repos.transaction(async (trx) => {
      if (!(await trx.paymentPos.move(row.id, row.state, { ...change, updated_at: at }))) return false;
      if (change.state === row.state && change.reason === row.reason) return true;
      for (const order of await trx.bills.ordersOf(row.bill_id)) {
        await trx.orderEvents.append(row.restaurant_id, 'order', order.id, at);
      }
      if (alert) {
        const bill = await trx.bills.find(row.bill_id);
        const method = t.payments.methods[row.method] ?? row.method;
        await tellChat(
          trx,
          row.restaurant_id,
          `payment-pos:${row.id}`,
          t.payments.pos.failedAlert(bill?.table_name ?? '', formatTiyin(row.amount), method, alert),
          at,
        );
      }
      return true;
    });
    if (moved) {
      app.orderNotices
        .publish()
        .catch((err: unknown) => app.log.warn({ err }, 'order notice not sent; the poll delivers it'));
    }
    return moved;
  }

  const stop = (row: PaymentPosRow, reason: string) =>
    move(row, { state: 'failed', reason, attempts: row.attempts + 1, next_at: null, ticket: null }, reason);

  async function step(row: PaymentPosRow): Promise<void> {
    const account = await app.repos.integrationAccounts.find(row.restaurant_id);
    const channel = account ? accountConnection(app, account).orders : undefined;
    if (!account || !channel?.recordPayment) {
      await stop(row, account ? t.payments.pos.noChannel : TEXT.reasons.notConnected);
      return;
    }
    const draft: PosPaymentDraft = {
      paymentId: row.id,
      method: row.method === 'click' ? 'click' : 'payme',
      locationId: account.location_id,
      terminalGroupId: account.terminal_group_id ?? null,
      posOrderId: row.pos_order_id,
      amount: row.amount,
    };
    try {
      const result = await channel.recordPayment(draft, row.state === 'pending' ? row.ticket : null);
      if (result.state === 'recorded') {
        await move(row, { state: 'recorded', ticket: null, reason: null, next_at: null });
      } else if (result.state === 'pending') {
        await move(row, { state: 'pending', ticket: result.ticket, next_at: Date.now() + followMs });
      } else {
        await move(
          row,
          { state: 'refused', ticket: null, reason: result.reason, next_at: null },
          result.reason,
        );
      }
    } catch (err) {
      if (err instanceof PosCredentialsError) {
        app.log.warn(
          { restaurantId: row.restaurant_id, err: err.message },
          'the POS refused the credentials',
        );
        await stop(row, TEXT.reasons.credentials);
        return;
      }
      const detail = err instanceof PosHttpError && err.detail ? `: ${err.detail}` : '';
      const pause = afterFault(row.attempts);
      app.log.warn(
        { restaurantId: row.restaurant_id, payment: row.id, err: (err as Error).message },
        'payment not recorded in the POS; tried again later',
      );
      // a pending command is asked about again (its ticket kept); anything else is sent again,
      // looking first
      await move(row, {
        state: row.state === 'pending' ? 'pending' : 'failed',
        reason: `${TEXT.reasons.down}${detail}`,
        attempts: row.attempts + 1,
        next_at: Date.now() + pause,
      });
    }
  }

  return {
    /** The restaurants with a payment due now. */
    restaurantsDue: () => app.repos.paymentPos.restaurantsDue(Date.now()),
    /** Records what is due for one restaurant, oldest first. */
    async drainRestaurant(restaurantId: string): Promise<void> {
      for (const row of await app.repos.paymentPos.due(restaurantId, Date.now(), PER_DRAIN)) await step(row);
    },
  };
}
