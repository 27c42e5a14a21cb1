/**
 * The payments' nightly statement (docs/PAYMENTS.md, "Reconciliation"): one server at a time (the
 * `payment-statements` lease, state/leased-drain.ts) looks every `everyMs` whether Tashkent's night
 * has come and yesterday's statements are to build (`app.payments.buildNight`); once a day is seen
 * to, the looks cost nothing more until the next one. The payments' clock decides the day, so a
 * test runs a night by moving it.
 */
import fp from 'fastify-plugin';
import type { App } from '../types';
import { scheduleLeasedDrain } from './leased-drain';

export interface NightlyStatementsOptions {
  /** false: no nightly run (tests call `app.payments.buildNight` themselves); default on. */
  enabled?: boolean | undefined;
  /** How often the lease holder looks (default 60 s). */
  everyMs?: number | undefined;
}

export const nightlyStatementsPlugin = fp<NightlyStatementsOptions>(
  async (app, options) => {
    if (options.enabled === false) return;
    let seen: string | undefined;
    scheduleLeasedDrain(app as unknown as App, {
      lease: 'payment-statements',
      everyMs: options.everyMs ?? 60_000,
      wakeOnOrders: false,
      failure: 'nightly payment statements failed',
      drain: async () => {
        seen = (await app.payments.buildNight(seen)) ?? seen;
      },
    });
  },
  { name: 'nightly-statements', dependencies: ['services', 'state'] },
);
