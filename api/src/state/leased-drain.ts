/**
 * Work drained by one server at a time (the Telegram outbox, the POS senders, the nightly
 * statements): the server that holds the lease `lease` runs `drain` every `everyMs` and (unless
 * `wakeOnOrders` is false) as soon as an order event is committed anywhere (the orders' notices),
 * one drain at a time: a wake while one runs asks for one more right after it. Closing the app stops the timer and waits for the drain that runs.
 */
import type { App } from '../types';

export interface LeasedDrainOptions {
  /** The lease's name (`app.leases`): one holder among the servers. */
  lease: string;
  drain: () => Promise<void>;
  /** What the log says when a drain fails ("Telegram outbox failed"). */
  failure: string;
  /** How often the lease holder looks for work (default 1000 ms). */
  everyMs?: number;
  /** Whether a committed order event wakes it (default true; work on a clock, not on orders: false). */
  wakeOnOrders?: boolean;
}

export function scheduleLeasedDrain(app: App, options: LeasedDrainOptions) {
  const everyMs = options.everyMs ?? 1000;
  // a holder that died is replaced after a few missed looks, never sooner than 15 s
  const leaseMs = Math.max(15_000, 5 * everyMs);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function tick(): Promise<void> {
    if (!(await app.leases.hold(options.lease, leaseMs))) return;
    await options.drain();
  }

  /** A drain now, or right after the one running. */
  function wake(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = tick()
      .catch((err) => app.log.warn({ err: (err as Error).message }, options.failure))
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void wake();
        }
      });
    return running;
  }

  const loop = () => {
    if (closed) return;
    timer = setTimeout(() => {
      void wake().finally(loop);
    }, everyMs);
    timer.unref();
  };
  let unsubscribe = () => {};
  app.addHook('onReady', async () => {
    if (options.wakeOnOrders !== false) unsubscribe = app.orderNotices.subscribe(() => void wake());
    loop();
  });
  app.addHook('preClose', async () => {
    closed = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    await running;
  });
  return { wake };
}
