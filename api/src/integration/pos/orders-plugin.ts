/**
 * `app.posOrders` (order-sender.ts, payment-sender.ts): the senders of guests' orders and of their
 * payments into the POS, on the lease holder.
 */
import fp from 'fastify-plugin';
import { scheduleLeasedDrain } from '../../state/leased-drain';
import type { App } from '../../types';
import { type PosSenderOptions, posOrderSender } from './order-sender';
import { posPaymentSender } from './payment-sender';
import type { PosOrdersService } from './types';

export const posOrdersPlugin = fp(
  async (app, options: PosSenderOptions) => {
    const orders = posOrderSender(app as unknown as App, options);
    const payments = posPaymentSender(app as unknown as App, options);
    // one lease, one loop: the orders first (a payment goes into an order the POS holds)
    const sender = {
      async drain() {
        await orders.drain();
        await payments.drain();
      },
    };
    const schedule =
      options.schedule !== false
        ? scheduleLeasedDrain(app as unknown as App, {
            lease: 'pos-orders',
            drain: sender.drain,
            failure: 'POS order sender failed',
            everyMs: options.everyMs,
          })
        : null;
    app.decorate('posOrders', {
      drain: () => sender.drain(),
      async followNow(restaurantId, ticket) {
        // due now in the queue: the lease holder (this server or another) asks at its next look
        const due = await app.repos.orderPos.dueNow(restaurantId, ticket, Date.now());
        if (due) void schedule?.wake();
        return due;
      },
    } satisfies PosOrdersService);
  },
  { name: 'pos-orders', dependencies: ['services', 'state'] },
);
