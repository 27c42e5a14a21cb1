import { answers, managerCreateBody } from '@qrmenu/shared/schemas';
import { routeKit } from '../http/route';
import type { App } from '../types';

export default async function managerRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'managers', access: 'adm' });
  route.get(
    '/admin/managers',
    {
      operationId: 'managers.list',
      summary: 'Active managers',
      response: { 200: answers.managers },
    },
    () => app.accounts.listManagers(),
  );

  route.post(
    '/admin/managers',
    {
      operationId: 'managers.create',
      summary: 'Create a manager (extension); 409 for a duplicate login',
      body: managerCreateBody,
      response: { 201: answers.manager },
    },
    async (request) => {
      const { login, password } = request.body;
      return app.accounts.createManager(login, password);
    },
  );
}
