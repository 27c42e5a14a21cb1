import { answers, loginBody } from '@qrmenu/shared/schemas';
import type { App } from '../app';
import { tooManyRequests, unauthorized } from '../http/errors';
import { findUserById, findUserByLogin, toProfile, verifyPassword } from '../repos/users';

export default async function authRoutes(app: App): Promise<void> {
  app.post(
    '/auth/login',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['auth'],
        operationId: 'auth.login',
        summary: 'Log in with login and password (failed attempts are rate limited per address)',
        security: [],
        body: loginBody,
        response: { 200: answers.login },
      },
    },
    async (request, reply) => {
      const limiter = app.loginLimiter;
      const address = request.ip;
      // counted as failed up front (see LoginLimiter.attempt), cleared below on success
      const wait = limiter.attempt(address);
      if (wait > 0) {
        void reply.header('Retry-After', String(wait));
        throw tooManyRequests('Too many failed logins, try again later');
      }
      const { login, password } = request.body;
      const user = await findUserByLogin(app.db, login);
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok || user.is_active !== 1) throw unauthorized('Wrong login or password');
      limiter.succeed(address);
      const accessToken = app.jwt.sign({ sub: user.id });
      return { data: { accessToken } };
    },
  );

  app.get(
    '/auth/profile',
    {
      config: { access: 'any' },
      schema: {
        tags: ['auth'],
        operationId: 'auth.profile',
        summary: 'The caller',
        response: { 200: answers.profile },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.user!._id);
      if (!user) throw unauthorized();
      return { data: toProfile(user) };
    },
  );
}
