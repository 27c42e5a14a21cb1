import { answers, stopListBody } from '@qrmenu/shared/schemas';
import { ownerCheck } from '../http/access';
import { routeKit } from '../http/route';
import type { App } from '../types';

export default async function stopListRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'stop-list', access: 'own' });
  route.post(
    '/manager/stop-list',
    {
      staff: ['kitchen'],
      operationId: 'stopList.apply',
      summary: 'Moves products to the stop-list (stop) or back (resume) in one transaction',
      description:
        'stop: each listed product becomes inactive; then every category of the restaurant that has products and whose products are all inactive becomes inactive. ' +
        'resume: each listed product becomes active, and the categories of those products become active (others are left as they are). ' +
        'All products must belong to one restaurant the caller owns, or nothing changes (404). ' +
        "Answers only the products and categories whose state changed. The kitchen runs its restaurant's stop-list too.",
      body: stopListBody,
      response: { 200: answers.stopList },
    },
    (request) =>
      app.catalog.stopList.apply(request.body.product_ids, request.body.action, ownerCheck(request)),
  );
}
