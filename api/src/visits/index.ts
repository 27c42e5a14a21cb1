/**
 * `app.visits`: the guests' visit counter (counter.ts), flushed every `flushMs` and when the
 * app closes (before the database does: this plugin's onClose runs first, being registered later).
 * The days before today are folded into counts after the first batch of each day, by one
 * server at a time (the `visits-fold` lease of app.leases); another tries again a minute later
 * until the day is folded.
 */
import fp from 'fastify-plugin';
import { createVisitCounter, type VisitCounter } from './counter';
import { dayOf } from './day';

export type { VisitCounter } from './counter';

export interface VisitsOptions {
  /** false: nothing is counted (the bench's "off"); default true. */
  enabled?: boolean | undefined;
  /** How often counts are written (default 5000 ms). */
  flushMs?: number | undefined;
}

const OFF: VisitCounter = {
  count: () => {},
  flush: async () => {},
  pending: () => 0,
  held: () => ({ views: 0, sketches: 0, visitors: 0, raw: 0 }),
  fold: async () => {},
};

export const visitsPlugin = fp<VisitsOptions>(
  async (app, options) => {
    if (options.enabled === false) {
      app.decorate('visits', OFF);
      return;
    }
    const counter = createVisitCounter(app.repos, app.log);
    app.decorate('visits', counter);
    let foldedDay = '';
    let nextFoldTry = 0;
    const flush = () =>
      counter
        .flush()
        .then(async () => {
          const today = dayOf();
          if (foldedDay === today || Date.now() < nextFoldTry) return;
          nextFoldTry = Date.now() + 60_000;
          if (!(await app.leases.hold('visits-fold', 10 * 60_000))) return;
          await counter.fold();
          foldedDay = today;
        })
        .catch((err) => app.log.error({ err }, 'visit counts not written (kept for the next batch)'));
    const timer = setInterval(flush, options.flushMs ?? 5000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
  },
  { name: 'visits', dependencies: ['repositories', 'state'] },
);
