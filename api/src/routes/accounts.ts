/**
 * Accounts: logout that ends the session on the server, a user's own password change, and the
 * admin's reset, deactivation and reactivation of managers. A password change, a reset or a
 * deactivation ends every session of that user at once, on every server (http/sessions.ts).
 */
import {
  answers,
  id,
  managerActiveBody,
  managerPasswordBody,
  passwordChangeBody,
} from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { verifiedToken } from '../http/access';
import { badRequest, tooManyRequests, unauthorized } from '../http/errors';
import { routeKit } from '../http/route';
import { endSession, issueToken } from '../http/sessions';
import type { App } from '../types';

const managerParams = z.object({ id });

export default async function accountRoutes(app: App): Promise<void> {
  const authRoute = routeKit(app, { tag: 'auth', access: 'any' });
  const managerRoute = routeKit(app, { tag: 'managers', access: 'adm' });
  app.post(
    '/auth/logout',
    {
      config: { access: 'any' },
      schema: {
        tags: ['auth'],
        operationId: 'auth.logout',
        summary: 'Log out: this token is refused from now on, by every server',
        description:
          "Ends this session only (the user's other devices stay logged in). A token made before token ids existed ends all of the user's sessions.",
        response: { 204: z.null().describe('Logged out') },
      },
    },
    async (request, reply) => {
      const payload = verifiedToken(request);
      if (payload === null || payload === 'invalid') throw unauthorized();
      await endSession(app, payload);
      // a device signed out: it leaves its manager's list of devices
      if (payload.dv === 1 && payload.jti) await app.staff.forgetDevice(payload.jti);
      return reply.status(204).send(null);
    },
  );

  authRoute.put(
    '/auth/password',
    {
      operationId: 'auth.changePassword',
      summary: 'Change your own password (the current one required); answers a new token',
      description: `Every other session of the caller ends at once (on every server); the answer's token keeps this one going. A wrong current password answers 400 with details on \`current_password\` and counts as a failed login (the same limits, 429 with Retry-After).`,
      body: passwordChangeBody,
      response: { 200: answers.login },
    },
    async (request, reply) => {
      const user = await app.accounts.find(request.user!._id);
      if (!user) throw unauthorized();
      const attempts = app.loginAttempts;
      // guessing through this form with a stolen token is held like guessing at the login
      const wait = await attempts.attempt(request.ip, user.login);
      if (wait > 0) {
        void reply.header('Retry-After', String(wait));
        throw tooManyRequests('Too many failed attempts, try again later');
      }
      const { current_password, password } = request.body;
      if (!(await app.accounts.changePassword(user, current_password, password))) {
        throw badRequest('Wrong current password', [{ path: 'current_password', message: 'Wrong password' }]);
      }
      await attempts.succeed(request.ip, user.login);
      return { accessToken: await issueToken(app, user.id) };
    },
  );

  managerRoute.get(
    '/admin/managers/accounts',
    {
      operationId: 'managers.accounts',
      summary: 'Every manager account, deactivated ones too',
      response: { 200: answers.managerAccounts },
    },
    () => app.accounts.managerAccounts(),
  );

  managerRoute.put(
    '/admin/managers/:id/password',
    {
      operationId: 'managers.resetPassword',
      summary: "Set a manager's password; the manager's sessions end at once",
      params: managerParams,
      body: managerPasswordBody,
      response: { 200: answers.managerAccount },
    },
    (request) => app.accounts.resetPassword(request.params.id, request.body.password),
  );

  managerRoute.put(
    '/admin/managers/:id/active',
    {
      operationId: 'managers.setActive',
      summary: 'Deactivate (no login, sessions end at once) or reactivate a manager',
      description:
        'A deactivated manager keeps its restaurant; after a reactivation the manager logs in again (the old sessions stay ended).',
      params: managerParams,
      body: managerActiveBody,
      response: { 200: answers.managerAccount },
    },
    (request) => app.accounts.setActive(request.params.id, request.body.is_active),
  );
}
