/**
 * `app.posOrders` (order-sender.ts, payment-sender.ts): the senders of guests' orders and of their
 * payments into the POS, on the lease holder.
 *
 * Each restaurant's work is a job of its own (docs/ORDERS.md, "Into the POS"): its orders first (a
 * payment goes into an order the POS holds), then its payments, one job at a time per restaurant.
 * A tick of the schedule starts the jobs of the restaurants with work and does not wait for them,
 * so a POS that holds its calls (each waits up to the POS timeout, tried again after it) holds only
 * its own restaurant: every other restaurant's orders and payments go on at the next tick.
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
    /** The restaurants whose job runs, and those asked for once more when it ends. */
    const running = new Map<string, Promise<void>>();
    const again = new Set<string>();
    let closed = false;

    /** The restaurant's job: started now, or (one running) once more right after it. */
    function jobOf(restaurantId: string): Promise<void> {
      const current = running.get(restaurantId);
      if (current) {
        again.add(restaurantId);
        return current.then(() => running.get(restaurantId));
      }
      const job = (async () => {
        await orders.drainRestaurant(restaurantId);
        await payments.drainRestaurant(restaurantId);
      })()
        .catch((err: unknown) =>
          app.log.warn({ restaurantId, err: (err as Error).message }, 'POS order sender failed'),
        )
        .finally(() => {
          running.delete(restaurantId);
          if (again.delete(restaurantId) && !closed) void jobOf(restaurantId);
        });
      running.set(restaurantId, job);
      return job;
    }

    /** The restaurants with an order or a payment on its way now. */
    async function withWork(): Promise<string[]> {
      const [ordering, paying] = await Promise.all([orders.restaurantsOpen(), payments.restaurantsDue()]);
      return [...new Set([...ordering, ...paying])];
    }

    const schedule =
      options.schedule !== false
        ? scheduleLeasedDrain(app as unknown as App, {
            lease: 'pos-orders',
            // starts the jobs, waits for none (a slow POS must not hold the next tick)
            drain: async () => {
              for (const id of await withWork()) void jobOf(id);
            },
            failure: 'POS order sender failed',
            everyMs: options.everyMs,
          })
        : null;
    app.addHook('preClose', async () => {
      closed = true;
      await Promise.all(running.values());
    });
    app.decorate('posOrders', {
      async drain() {
        await Promise.all((await withWork()).map(jobOf));
      },
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
