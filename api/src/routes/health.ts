import { answers, errorBody } from '@qrmenu/shared/schemas';
import { pendingMigrations } from '../db/migrations';
import { lifecycleOf } from '../http/lifecycle';
import type { App } from '../types';

export default async function healthRoutes(app: App): Promise<void> {
  // two liveness routes, one answer: `/health` kept as it always answered, `/health/live` named as
  // the readiness route is
  const liveness = [
    {
      url: '/health',
      operationId: 'health.check',
      summary: 'Liveness',
      description: 'Kept as it always answered; a load balancer should use /health/ready.',
    },
    {
      url: '/health/live',
      operationId: 'health.live',
      summary: 'Liveness: the process is up and answering',
      description:
        'Touches nothing else (not the database): a failing database makes a server unready, not dead, so a supervisor does not restart every server when the database blinks.',
    },
  ];
  for (const { url, ...doc } of liveness) {
    app.get(
      url,
      {
        config: { access: 'pub' },
        schema: { tags: ['health'], ...doc, security: [], response: { 200: answers.health } },
      },
      async () => ({ status: 'ok' as const }),
    );
  }

  app.get(
    '/health/ready',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['health'],
        operationId: 'health.ready',
        summary: 'Readiness: may this server take requests?',
        description:
          "200 when the database answers and every migration this build knows is applied; 503 `unavailable` while the server shuts down (after SIGTERM, so a load balancer stops sending it requests while the running ones finish), when the database does not answer within 2 s, or when migrations are missing. The load balancer's health check.",
        security: [],
        response: { 200: answers.health, 503: errorBody },
      },
    },
    async (_request, reply) => {
      const unready = (message: string) =>
        reply.code(503).send({ error: { code: 'unavailable' as const, message } });
      if (lifecycleOf(app).draining) return unready('Shutting down');
      try {
        // the migrations' bookkeeping: the database answers, and nothing this build needs is missing
        const missing = await withTimeout(pendingMigrations(app.db), 2000);
        if (missing.length > 0) return unready(`Migrations not applied: ${missing.join(', ')}`);
      } catch {
        return unready('Database not reachable');
      }
      return { status: 'ok' as const };
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
