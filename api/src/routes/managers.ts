import { answers, managerCreateBody } from '@qrmenu/shared/schemas';
import type { App } from '../types';

export default async function managerRoutes(app: App): Promise<void> {
  app.get(
    '/admin/managers',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['managers'],
        operationId: 'managers.list',
        summary: 'Active managers',
        response: { 200: answers.managers },
      },
    },
    async () => ({ data: await app.accounts.listManagers() }),
  );

  app.post(
    '/admin/managers',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['managers'],
        operationId: 'managers.create',
        summary: 'Create a manager (extension); 409 for a duplicate login',
        body: managerCreateBody,
        response: { 201: answers.manager },
      },
    },
    async (request, reply) => {
      const { login, password } = request.body;
      return reply.status(201).send({ data: await app.accounts.createManager(login, password) });
    },
  );
}
