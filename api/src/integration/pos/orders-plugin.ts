/** `app.posOrders` (order-sender.ts): the sender of guests' orders into the POS, on the lease holder. */
import fp from 'fastify-plugin';
import type { App } from '../../types';
import { type PosSenderOptions, posOrderSender, scheduleSender } from './order-sender';
import type { PosOrdersService } from './types';

export const posOrdersPlugin = fp(
  async (app, options: PosSenderOptions) => {
    const sender = posOrderSender(app as unknown as App, options);
    if (options.schedule !== false) scheduleSender(app as unknown as App, sender, options);
    app.decorate('posOrders', { drain: () => sender.drain() } satisfies PosOrdersService);
  },
  { name: 'pos-orders', dependencies: ['services', 'state'] },
);
