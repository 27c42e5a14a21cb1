/** `app.posOrders` (order-sender.ts): the sender of guests' orders into the POS, on the lease holder. */
import fp from 'fastify-plugin';
import type { App } from '../../types';
import { type PosSenderOptions, posOrderSender, scheduleSender } from './order-sender';
import type { PosOrdersService } from './types';

export const posOrdersPlugin = fp(
  async (app, options: PosSenderOptions) => {
    const sender = posOrderSender(app as unknown as App, options);
    const schedule =
      options.schedule !== false ? scheduleSender(app as unknown as App, sender, options) : null;
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
