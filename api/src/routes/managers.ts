import { answers, managerCreateBody, ROLES } from '@qrmenu/shared/schemas';
import { isUniqueViolation } from '../db';
import { conflict } from '../http/errors';
import { toManager } from '../repos/users';
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
    async () => ({ data: (await app.repos.users.listManagers()).map(toManager) }),
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
      if (await app.repos.users.findByLogin(login)) throw conflict('Login already taken');
      try {
        const row = await app.repos.users.create({ login, password, role: ROLES.manager });
        return reply.status(201).send({ data: toManager(row) });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('Login already taken');
        throw err;
      }
    },
  );
}
