/**
 * The guests' visits of a restaurant's menu page: one request for the manager's chart (30 days,
 * totals, top placements and languages) and a CSV of every day's counts (services/visit-stats.ts).
 */
import { answers, optionalRestaurantIdFilter } from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { ownedRestaurantId } from '../http/access';
import { restaurantScoped, routeKit } from '../http/route';
import type { App } from '../types';

export default async function visitRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'visits', access: 'own' });
  restaurantScoped(route).get(
    '/manager/visits',
    {
      operationId: 'visits.stats',
      summary: "The menu page's visits: 30 days, totals of today, 7 and 30 days, placements, languages",
      description:
        'Days are Tashkent calendar days. Bots, link previews and prefetches are not counted. Unique visitors are estimated per day without cookies (a salted hash of address and browser, the salt deleted after the day).',
      response: { 200: answers.visitStats },
    },
    (restaurantId) => app.visitStats.stats(restaurantId),
  );

  app.get(
    '/manager/visits/csv',
    {
      config: { access: 'own' },
      schema: {
        tags: ['visits'],
        operationId: 'visits.csv',
        summary: 'Every day with visits as CSV: `day,visits,unique` (text/csv, a download)',
        querystring: optionalRestaurantIdFilter,
        response: {
          200: z.string().describe('text/csv: a header line, then one line per day, oldest first'),
        },
      },
    },
    async (request, reply) => {
      const restaurantId = await ownedRestaurantId(request);
      const csv = await app.visitStats.csv(restaurantId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="visits.csv"')
        .send(csv);
    },
  );
}
