/**
 * `app.visitStats`: what the manager's chart and CSV show of the guests' visits (visits/stats.ts
 * builds them from the repositories' sums). Owns: this server's counts not yet written are
 * written first, so an answer includes the last seconds (a failure to write them is logged and
 * the answer goes without them).
 */
import type { VisitStats } from '@qrmenu/shared/schemas';
import type { VisitCounter } from '../visits';
import { visitStats, visitsCsv } from '../visits/stats';
import type { ServiceContext } from './context';

export function visitStatsService({ repos, log }: ServiceContext, counter: VisitCounter) {
  const fresh = () =>
    counter.flush().catch((err: unknown) => log.warn({ err }, 'visit counts not written yet'));
  return {
    /** 30 days, totals of today, 7 and 30 days, placements, languages. */
    async stats(restaurantId: string): Promise<VisitStats> {
      await fresh();
      return visitStats(repos, restaurantId);
    },

    /** Every day with visits as CSV: `day,visits,unique`. */
    async csv(restaurantId: string): Promise<string> {
      await fresh();
      return visitsCsv(repos, restaurantId);
    },
  };
}
