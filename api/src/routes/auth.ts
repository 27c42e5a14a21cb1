import { answers, loginBody, STAFF_LIMITS } from '@qrmenu/shared/schemas';
import { tooManyRequests, unauthorized } from '../http/errors';
import { routeKit } from '../http/route';
import { issueDeviceToken, issueToken, newTokenId } from '../http/sessions';
import type { App } from '../types';

export default async function authRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'auth', access: 'pub' });
  app.post(
    '/auth/login',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['auth'],
        operationId: 'auth.login',
        summary: 'Log in with login and password (failed attempts are rate limited)',
        description:
          'With `device: true` a staff account (a waiter, the kitchen) signs in as a device of its restaurant that stays signed in (a kitchen tablet): a token of ' +
          `${STAFF_LIMITS.deviceDays} days, listed on its manager's «Xodimlar» and ended there; on it every order and call action names its person by PIN (the \`x-staff-pin\` header). Any other account asking for it: 400 on \`device\`. ` +
          "Failed logins are counted per client address (IPv6 by its /64; any login) and per login (any address). An address at the limit (default 10 in 15 min) gets 429 `rate_limited` with `Retry-After` (seconds) until its window ends, even with the right password. A login past the limit waits a delay that doubles with each further failure (1 s, 2 s, 4 s ... at most 5 min), counted from its last failure and forgotten after a window without failures; the per-login delay does not apply from an address that login succeeded from in the last 30 days. A success clears only its own login's count (never the address's). On PostgreSQL the counts are shared by every server on the database. The client address is the socket's, or X-Forwarded-For resolved through the trusted proxies of TRUST_PROXY.",
        security: [],
        body: loginBody,
        response: { 200: answers.login },
      },
    },
    async (request, reply) => {
      const attempts = app.loginAttempts;
      const address = request.ip;
      const { login, password } = request.body;
      // counted as failed up front (see LoginLimiter.attempt), taken back below on success
      const wait = await attempts.attempt(address, login);
      if (wait > 0) {
        void reply.header('Retry-After', String(wait));
        throw tooManyRequests('Too many failed logins, try again later');
      }
      const user = await app.accounts.authenticate(login, password);
      if (!user) throw unauthorized('Wrong login or password');
      if (request.body.device) {
        // a device of the restaurant: its row first (a non-staff account is refused, nothing made)
        const jti = newTokenId();
        await app.staff.startDevice(user, jti, String(request.headers['user-agent'] ?? ''));
        await attempts.succeed(address, login);
        return {
          data: { accessToken: issueDeviceToken(app, user.id, user.epoch, jti, STAFF_LIMITS.deviceDays) },
        };
      }
      await attempts.succeed(address, login);
      // in the epoch read with the user: a reset meanwhile has ended it already
      const accessToken = await issueToken(app, user.id, user.epoch);
      return { data: { accessToken } };
    },
  );

  route.get(
    '/auth/profile',
    {
      access: 'any',
      operationId: 'auth.profile',
      summary: 'The caller',
      response: { 200: answers.profile },
    },
    async (request) => {
      const profile = await app.accounts.profile(request.user!._id);
      if (!profile) throw unauthorized();
      return request.user!.deviceId ? { ...profile, device: true } : profile;
    },
  );
}
