import { answers } from '@qrmenu/shared/schemas';
import type { App } from '../types';

export default async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/health',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['health'],
        operationId: 'health.check',
        summary: 'Liveness',
        security: [],
        response: { 200: answers.health },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
}
