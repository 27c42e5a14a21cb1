import { answers } from '@qrmenu/shared/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  bearer,
  createUser,
  expectError,
  expectShape,
  loginAs,
  snapshot,
  type TestUser,
} from './helpers';
import { fileWorld } from './world';

let manager: TestUser;
let waiter: TestUser;
const { ctx, world: admin } = fileWorld({}, adminUser);

beforeAll(async () => {
  manager = await createUser(ctx, 'manager', 'aziz');
  waiter = await createUser(ctx, 'waiter', 'ofitsiant');
  await createUser(ctx, 'manager', 'uxlagan', false);
});

const call = (method: 'GET' | 'POST', token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: '/api/admin/managers',
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('GET /api/admin/managers', () => {
  it('lists active managers only, as {_id, login}', async () => {
    const res = await call('GET', admin.token);
    expect(res.statusCode).toBe(200);
    const body = expectShape(answers.managers, res.json());
    expect(body.data).toStrictEqual([{ _id: manager.id, login: 'aziz' }]);
  });

  it('is for admins only', async () => {
    expectError(await call('GET'), 401, 'unauthorized');
    expectError(await call('GET', manager.token), 403, 'forbidden');
    expectError(await call('GET', waiter.token), 403, 'forbidden');
  });
});

describe('POST /api/admin/managers', () => {
  it('creates a manager who can log in', async () => {
    const res = await call('POST', admin.token, { login: '  yangi ', password: 'parol123' });
    expect(res.statusCode).toBe(201);
    const body = expectShape(answers.manager, res.json());
    expect(body.data.login).toBe('yangi');
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.data._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'manager', is_active: 1 });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const token = await loginAs(ctx.app, 'yangi', 'parol123');
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect(profile.json().data).toMatchObject({ _id: body.data._id, role: 'manager' });
  });

  it('409 for a duplicate login (any role), nothing stored', async () => {
    const before = await snapshot(ctx.db);
    expectError(await call('POST', admin.token, { login: 'aziz', password: 'parol123' }), 409, 'conflict');
    expectError(await call('POST', admin.token, { login: 'admin', password: 'parol123' }), 409, 'conflict');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('400 for missing, blank, short, wrong-typed, huge and unknown fields; nothing stored', async () => {
    const before = await snapshot(ctx.db);
    for (const payload of [
      {},
      { login: 'x' },
      { password: 'parol123' },
      { login: '  ', password: 'parol123' },
      { login: 'ok', password: '123' },
      { login: 7, password: 'parol123' },
      { login: 'x'.repeat(1000), password: 'parol123' },
      { login: 'ok', password: 'parol123', role: 'admin' },
      { login: 'ok', password: 'parol123', is_active: false },
    ]) {
      expectError(await call('POST', admin.token, payload), 400, 'validation');
    }
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('is for admins only, before validation', async () => {
    const before = await snapshot(ctx.db);
    expectError(await call('POST', undefined, { login: 'a1', password: 'parol123' }), 401);
    expectError(await call('POST', manager.token, { login: 'a2', password: 'parol123' }), 403);
    expectError(await call('POST', waiter.token, {}), 403);
    expect(await snapshot(ctx.db)).toBe(before);
  });
});
