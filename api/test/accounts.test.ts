/**
 * Sessions the server ends: logout (that token only), an own password change (the current one
 * required; the other sessions end, the answer's token goes on), the admin's reset and
 * deactivation of a manager (the manager's sessions end at once; reactivation does not revive
 * them), and the accounts list with deactivated managers.
 */

import { answers } from '@qrmenu/shared/schemas';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  adminUser,
  apiCall,
  bearer,
  createUser,
  expectError,
  expectShape,
  loginAs,
  PASSWORD,
} from './helpers';
import { fileWorld } from './world';

const { ctx, world: admin } = fileWorld({}, adminUser);

/** A sign-in with `login` and `password`, its answer. */
const signIn = (login: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
const profile = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });

describe('logout', () => {
  it('ends that session on the server; the same user’s other session goes on', async () => {
    const m = await createUser(ctx, 'manager');
    const a = await loginAs(ctx.app, m.login, PASSWORD);
    const b = await loginAs(ctx.app, m.login, PASSWORD);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await profile(a), 401, 'unauthorized');
    expect((await profile(b)).statusCode).toBe(200);
    // logging out twice: the token is already refused
    expectError(await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) }), 401);
  });
});

describe('own password change', () => {
  it('needs the current password; ends the other sessions; the new token and password work', async () => {
    const m = await createUser(ctx, 'manager');
    const other = await loginAs(ctx.app, m.login, PASSWORD);
    const current = await loginAs(ctx.app, m.login, PASSWORD);
    const change = (body: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/auth/password', headers: bearer(current), payload: body });

    const wrong = await change({ current_password: 'not-it-at-all', password: 'yangi-parol-1' });
    expectError(wrong, 400, 'validation');
    expect(wrong.json().error.details).toEqual([{ path: 'current_password', message: 'Wrong password' }]);
    const short = await change({ current_password: PASSWORD, password: 'short' });
    expectError(short, 400, 'validation');
    expect(short.json().error.details[0].path).toBe('password');
    expect((await profile(other)).statusCode).toBe(200);

    const ok = await change({ current_password: PASSWORD, password: 'yangi-parol-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    const { accessToken } = expectShape(answers.login, ok.json()).data;
    expect((await profile(accessToken)).statusCode).toBe(200);
    expectError(await profile(other), 401);
    expectError(await profile(current), 401);
    expectError(await signIn(m.login, PASSWORD), 401);
    expect(await loginAs(ctx.app, m.login, 'yangi-parol-1')).toBeTruthy();
  });
});

describe("the admin's control of managers", () => {
  it('a reset ends the manager’s sessions at once; the new password logs in', async () => {
    const m = await createUser(ctx, 'manager');
    const token = await loginAs(ctx.app, m.login, PASSWORD);
    const res = await apiCall(ctx, 'PUT', `/admin/managers/${m.id}/password`, admin.token, {
      password: 'admin-bergan-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectShape(answers.managerAccount, res.json()).data).toEqual({
      _id: m.id,
      login: m.login,
      is_active: true,
    });
    expectError(await profile(token), 401);
    expect(await loginAs(ctx.app, m.login, 'admin-bergan-1')).toBeTruthy();
  });

  it('deactivation ends the sessions and the logins; reactivation lets the manager log in again, old tokens stay ended', async () => {
    const m = await createUser(ctx, 'manager');
    const token = await loginAs(ctx.app, m.login, PASSWORD);
    const setActive = (isActive: boolean) =>
      apiCall(ctx, 'PUT', `/admin/managers/${m.id}/active`, admin.token, { is_active: isActive });
    const off = await setActive(false);
    expect(off.json().data).toEqual({ _id: m.id, login: m.login, is_active: false });
    expectError(await profile(token), 401);
    expectError(await signIn(m.login, PASSWORD), 401);
    const accounts = await ctx.app.inject({
      url: '/api/admin/managers/accounts',
      headers: bearer(admin.token),
    });
    const list = expectShape(answers.managerAccounts, accounts.json()).data;
    expect(list.find((a) => a._id === m.id)).toEqual({ _id: m.id, login: m.login, is_active: false });
    // the active list (the restaurant form's select) leaves it out
    const active = await ctx.app.inject({ url: '/api/admin/managers', headers: bearer(admin.token) });
    expect(active.json().data.some((a: { _id: string }) => a._id === m.id)).toBe(false);

    expect((await setActive(true)).json().data.is_active).toBe(true);
    expectError(await profile(token), 401);
    expect(await loginAs(ctx.app, m.login, PASSWORD)).toBeTruthy();
  });

  it('answers 404 for an unknown id and for a non-manager (the admin cannot deactivate itself here)', async () => {
    for (const id of ['nope', admin.id]) {
      expectError(
        await apiCall(ctx, 'PUT', `/admin/managers/${id}/active`, admin.token, { is_active: false }),
        404,
        'not_found',
      );
    }
    expect(await loginAs(ctx.app, ADMIN.login, ADMIN.password)).toBeTruthy();
  });

  it('a reset needs a password of at least 8 characters', async () => {
    const m = await createUser(ctx, 'manager');
    const res = await apiCall(ctx, 'PUT', `/admin/managers/${m.id}/password`, admin.token, {
      password: '1234567',
    });
    expectError(res, 400, 'validation');
  });
});
