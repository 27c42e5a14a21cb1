/**
 * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"): the manager's accounts of
 * waiters and the kitchen, the tables given to each waiter, whose board shows what, who may move
 * what (a waiter on their tables, or what they took over; the kitchen «Tayyor»), who did each move
 * in the history, the devices that stay signed in with their PINs, and every refusal changing
 * nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/visits/day';
import { ADMIN, adminUser, apiCall, expectError, loginAs, PASSWORD } from './helpers';
import { basket, callAs, ok, orderWorld, placeAs } from './orders-support';
import { openSse } from './sse-client';
import { addStaff, type StaffWorld, staffWorld } from './staff-support';
import { fileApp } from './world';

let base: string;

const ctx = fileApp({ orderLimits: { ordersPerAddress: 10_000, callsPerAddress: 10_000 } });

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

/** The rows a refused move must leave as they were. */
async function floorState(): Promise<string> {
  const tables = ['orders', 'table_calls', 'staff_actions', 'placements', 'users', 'bills'] as const;
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = await ctx.db.selectFrom(t).selectAll().orderBy('id').execute();
  return JSON.stringify(out);
}

const place = async (s: StaffWorld, table: number) =>
  (await ok(placeAs(ctx, basket(s.world, table)), 201)).data as { _id: string };
const move = (token: string, id: string, status: string, extra: Record<string, unknown> = {}) =>
  apiCall(ctx, 'PUT', `/manager/orders/${id}/status`, token, { status, ...extra });
const board = async (token: string, query = '') =>
  ((await ok(apiCall(ctx, 'GET', `/manager/orders${query}`, token))).data as { _id: string }[]).map(
    (o) => o._id,
  );

describe('staff accounts («Xodimlar»)', () => {
  it("are made by the restaurant's manager, of that restaurant only; a taken login is 409", async () => {
    const w = await orderWorld(ctx, 1);
    const made = await ok(
      apiCall(ctx, 'POST', '/manager/staff', w.manager.token, {
        login: `ofitsiant-${Date.now()}`,
        password: PASSWORD,
        name: 'Aziz',
        role: 'waiter',
      }),
      201,
    );
    expect(made.data).toMatchObject({ name: 'Aziz', role: 'waiter', restaurant_id: w.restaurantId });
    expect(made.data).toMatchObject({ is_active: true, has_pin: false, telegram_linked: false, tables: 0 });
    // a login is unique on the platform: the admin's too
    const before = await floorState();
    expectError(
      await apiCall(ctx, 'POST', '/manager/staff', w.manager.token, {
        login: ADMIN.login,
        password: PASSWORD,
        role: 'kitchen',
      }),
      409,
      'conflict',
    );
    // a role that is not a staff role
    expectError(
      await apiCall(ctx, 'POST', '/manager/staff', w.manager.token, {
        login: `boshliq-${Date.now()}`,
        password: PASSWORD,
        role: 'manager',
      }),
      400,
      'validation',
    );
    expect(await floorState()).toBe(before);
    const list = await ok(apiCall(ctx, 'GET', '/manager/staff', w.manager.token));
    expect(list.data.map((m: { name: string }) => m.name)).toEqual(['Aziz']);
  });

  it("another restaurant's manager finds none of them (404) and changes nothing; an admin names the restaurant", async () => {
    const s = await staffWorld(ctx);
    const other = await orderWorld(ctx, 1);
    const before = await floorState();
    for (const res of [
      await apiCall(ctx, 'PUT', `/manager/staff/${s.aziz.id}`, other.manager.token, { is_active: false }),
      await apiCall(ctx, 'PUT', `/manager/staff/${s.aziz.id}/password`, other.manager.token, {
        password: 'yangi-parol-1',
      }),
      await apiCall(ctx, 'POST', `/manager/staff/${s.aziz.id}/pin`, other.manager.token),
      await apiCall(ctx, 'DELETE', `/manager/staff/${s.aziz.id}/telegram`, other.manager.token),
    ])
      expectError(res, 404, 'not_found');
    expect(await floorState()).toBe(before);
    const mine = await ok(apiCall(ctx, 'GET', '/manager/staff', other.manager.token));
    expect(mine.data).toEqual([]);
    const admin = await adminUser(ctx);
    expectError(await apiCall(ctx, 'GET', '/manager/staff', admin.token), 400, 'validation');
    const listed = await ok(
      apiCall(ctx, 'GET', `/manager/staff?restaurant_id=${s.world.restaurantId}`, admin.token),
    );
    expect(listed.data.map((m: { name: string }) => m.name).sort()).toEqual(['Aziz', 'Bobur', 'Oshxona']);
  });

  it('a staff account signs in with its own login: its profile names its restaurant and role', async () => {
    const s = await staffWorld(ctx);
    const profile = await ok(apiCall(ctx, 'GET', '/auth/profile', s.aziz.token));
    expect(profile.data).toMatchObject({
      role: 'waiter',
      restaurant_id: s.world.restaurantId,
      name: 'Aziz',
      telegram_linked: false,
    });
    // it owns no menu: the catalog refuses it
    expectError(await apiCall(ctx, 'GET', '/manager/category', s.aziz.token), 403, 'forbidden');
    expectError(await apiCall(ctx, 'GET', '/manager/staff', s.aziz.token), 403, 'forbidden');
  });

  it('deactivated: its token, and its open board stream, end at once; reactivated it logs in again', async () => {
    const s = await staffWorld(ctx);
    const stream = await openSse(`${base}/api/manager/orders/events`, {
      authorization: `Bearer ${s.aziz.token}`,
    });
    expect(stream.status).toBe(200);
    await ok(apiCall(ctx, 'PUT', `/manager/staff/${s.aziz.id}`, s.world.manager.token, { is_active: false }));
    expectError(await apiCall(ctx, 'GET', '/manager/orders', s.aziz.token), 401);
    // the next event is not passed to it: its session is read first, and the stream ends
    await place(s, 0);
    await stream.ended;
    expect(stream.events.filter((e) => e.event === 'order')).toEqual([]);
    await expect(loginAs(ctx.app, s.aziz.login, PASSWORD)).rejects.toThrow(/401/);
    await ok(apiCall(ctx, 'PUT', `/manager/staff/${s.aziz.id}`, s.world.manager.token, { is_active: true }));
    await loginAs(ctx.app, s.aziz.login, PASSWORD);
  });

  it("goes with its restaurant: a deleted restaurant's staff can no longer sign in", async () => {
    const s = await staffWorld(ctx);
    const admin = await adminUser(ctx);
    await ok(
      apiCall(ctx, 'DELETE', `/manager/restaurants/delete?restaurantId=${s.world.restaurantId}`, admin.token),
    );
    const left = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('restaurant_id', '=', s.world.restaurantId)
      .execute();
    expect(left).toEqual([]);
    await expect(loginAs(ctx.app, s.kitchen.login, PASSWORD)).rejects.toThrow(/401/);
  });
});

describe('the floor: tables to waiters', () => {
  it('gives tables to waiters by zone, many at once; the floor lists each', async () => {
    const s = await staffWorld(ctx, 5, 2);
    const floor = await ok(apiCall(ctx, 'GET', '/manager/floor', s.world.manager.token));
    expect(
      floor.data.map((t: { name: string; zone: string | null; waiter_id: string | null }) => [
        t.name,
        t.zone,
        t.waiter_id,
      ]),
    ).toEqual([
      ['Stol 1', 'Zal', s.aziz.id],
      ['Stol 2', 'Zal', s.aziz.id],
      ['Stol 3', 'Ayvon', s.bobur.id],
      ['Stol 4', 'Ayvon', s.bobur.id],
      ['Stol 5', null, null],
    ]);
    const staff = await ok(apiCall(ctx, 'GET', '/manager/staff', s.world.manager.token));
    expect(
      Object.fromEntries(staff.data.map((m: { name: string; tables: number }) => [m.name, m.tables])),
    ).toEqual({
      Aziz: 2,
      Bobur: 2,
      Oshxona: 0,
    });
  });

  // another restaurant's table is 404, as one that does not exist (docs/API.md, "Who may call what")
  it("refuses another restaurant's table (404) or a waiter not its own (400), all or nothing", async () => {
    const s = await staffWorld(ctx);
    const other = await staffWorld(ctx);
    const before = await floorState();
    const mine = s.world.tables.map((t) => t._id);
    const bad = await apiCall(ctx, 'PUT', '/manager/floor', s.world.manager.token, {
      placement_ids: [mine[0], other.world.tables[0]!._id],
      waiter_id: s.bobur.id,
    });
    expectError(bad, 404, 'not_found');
    const foreignWaiter = await apiCall(ctx, 'PUT', '/manager/floor', s.world.manager.token, {
      placement_ids: [mine[0]],
      waiter_id: other.aziz.id,
    });
    expectError(foreignWaiter, 400, 'validation');
    // the kitchen is no waiter
    expectError(
      await apiCall(ctx, 'PUT', '/manager/floor', s.world.manager.token, {
        placement_ids: [mine[0]],
        waiter_id: s.kitchen.id,
      }),
      400,
    );
    expect(await floorState()).toBe(before);
  });
});

describe("each one's board", () => {
  it("an order at a waiter's table is on their board and not the other waiter's; a table of nobody is on both", async () => {
    const s = await staffWorld(ctx);
    const atAziz = await place(s, 0);
    const atBobur = await place(s, 2);
    const atNobody = await place(s, 4);
    expect(await board(s.aziz.token)).toEqual([atNobody._id, atAziz._id]);
    expect(await board(s.bobur.token)).toEqual([atNobody._id, atBobur._id]);
    // every table, to take one over
    expect(await board(s.bobur.token, '?tables=all')).toEqual([atNobody._id, atBobur._id, atAziz._id]);
    // the manager's board has them all, each with its table's waiter
    const all = (await ok(apiCall(ctx, 'GET', '/manager/orders', s.world.manager.token))).data;
    expect(all.map((o: { table_waiter_id: string | null }) => o.table_waiter_id)).toEqual([
      null,
      s.bobur.id,
      s.aziz.id,
    ]);
    // the kitchen's: the orders past «Yangi»
    expect(await board(s.kitchen.token)).toEqual([]);
    await ok(move(s.aziz.token, atAziz._id, 'accepted'));
    expect(await board(s.kitchen.token)).toEqual([atAziz._id]);
  });

  it('a staff account reads today only: another day is 403', async () => {
    const s = await staffWorld(ctx);
    const yesterday = dayOf(Date.now() - 86_400_000);
    const res = await apiCall(ctx, 'GET', `/manager/orders?day=${yesterday}`, s.aziz.token);
    expectError(res, 403, 'forbidden');
    expect(res.json().error.details).toEqual([{ path: 'day', message: 'today_only' }]);
    await ok(apiCall(ctx, 'GET', `/manager/orders?day=${dayOf()}`, s.aziz.token));
    // the history and the CSV are the manager's
    expectError(await apiCall(ctx, 'GET', '/manager/orders/days', s.aziz.token), 403);
    expectError(await apiCall(ctx, 'GET', '/manager/orders/csv', s.kitchen.token), 403);
  });

  it("a waiter's stream carries their tables' orders, not the other waiter's", async () => {
    const s = await staffWorld(ctx);
    const open = (token: string) =>
      openSse(`${base}/api/manager/orders/events`, { authorization: `Bearer ${token}` });
    const [aziz, bobur] = await Promise.all([open(s.aziz.token), open(s.bobur.token)]);
    await aziz.next((e) => e.event === 'ready');
    await bobur.next((e) => e.event === 'ready');
    const atAziz = await place(s, 0);
    const atBobur = await place(s, 2);
    await aziz.next((e) => e.event === 'order' && (e.data as { _id: string })._id === atAziz._id);
    await bobur.next((e) => e.event === 'order' && (e.data as { _id: string })._id === atBobur._id);
    const seen = (st: typeof aziz) =>
      st.events.filter((e) => e.event === 'order').map((e) => (e.data as { _id: string })._id);
    expect(seen(aziz)).toEqual([atAziz._id]);
    expect(seen(bobur)).toEqual([atBobur._id]);
    aziz.close();
    bobur.close();
  });
});

describe('who may move what', () => {
  it("a waiter on another waiter's table is refused (403 table) and nothing changes, until they take it over (recorded)", async () => {
    const s = await staffWorld(ctx);
    const order = await place(s, 0);
    const before = await floorState();
    const refused = await move(s.bobur.token, order._id, 'accepted');
    expectError(refused, 403, 'forbidden');
    expect(refused.json().error.details).toEqual([{ path: 'table', message: 'not_yours' }]);
    expect(await floorState()).toBe(before);
    const taken = await ok(apiCall(ctx, 'POST', `/manager/orders/${order._id}/take`, s.bobur.token));
    expect(taken.data.taken_by).toBe(s.bobur.id);
    expect(await board(s.bobur.token)).toContain(order._id);
    const accepted = await ok(move(s.bobur.token, order._id, 'accepted'));
    expect(accepted.data.actions.map((a: { action: string; by: string }) => [a.action, a.by])).toEqual([
      ['taken', 'Bobur'],
      ['accepted', 'Bobur'],
    ]);
  });

  it('the kitchen marks ready only; a waiter never marks ready; the history says who did each', async () => {
    const s = await staffWorld(ctx);
    const order = await place(s, 0);
    const before = await floorState();
    for (const [token, status] of [
      [s.kitchen.token, 'accepted'],
      [s.kitchen.token, 'rejected'],
    ] as const) {
      const res = await move(token, order._id, status, status === 'rejected' ? { reason: 'Tugadi' } : {});
      expectError(res, 403);
      expect(res.json().error.details).toEqual([{ path: 'role', message: 'not_allowed' }]);
    }
    expect(await floorState()).toBe(before);
    await ok(move(s.aziz.token, order._id, 'accepted'));
    expectError(await move(s.aziz.token, order._id, 'ready'), 403);
    await ok(move(s.kitchen.token, order._id, 'ready'));
    expectError(await move(s.kitchen.token, order._id, 'served'), 403);
    await ok(move(s.aziz.token, order._id, 'served'));
    const [day] = (await ok(apiCall(ctx, 'GET', '/manager/orders', s.world.manager.token))).data;
    expect(
      day.actions.map((a: { action: string; by: string; by_id: string; via: string }) => [
        a.action,
        a.by,
        a.by_id,
        a.via,
      ]),
    ).toEqual([
      ['accepted', 'Aziz', s.aziz.id, 'board'],
      ['ready', 'Oshxona', s.kitchen.id, 'board'],
      ['served', 'Aziz', s.aziz.id, 'board'],
    ]);
  });

  it("calls: a waiter does their table's, takes over another's with one tap; the kitchen has none", async () => {
    const s = await staffWorld(ctx);
    const call = (await ok(callAs(ctx, { placement_id: s.world.tables[0]!._id, kind: 'bill' }), 201)).data;
    expect((await ok(apiCall(ctx, 'GET', '/manager/calls', s.bobur.token))).data).toEqual([]);
    expect(
      (await ok(apiCall(ctx, 'GET', '/manager/calls', s.aziz.token))).data.map((c: { _id: string }) => c._id),
    ).toEqual([call._id]);
    expectError(await apiCall(ctx, 'GET', '/manager/calls', s.kitchen.token), 403);
    const before = await floorState();
    expectError(await apiCall(ctx, 'PUT', `/manager/calls/${call._id}/done`, s.bobur.token), 403);
    expectError(await apiCall(ctx, 'PUT', `/manager/calls/${call._id}/done`, s.kitchen.token), 403);
    expect(await floorState()).toBe(before);
    await ok(apiCall(ctx, 'POST', `/manager/calls/${call._id}/take`, s.bobur.token));
    const done = await ok(apiCall(ctx, 'PUT', `/manager/calls/${call._id}/done`, s.bobur.token));
    expect(done.data.status).toBe('done');
    expect(done.data.actions.map((a: { action: string; by: string }) => [a.action, a.by])).toEqual([
      ['taken', 'Bobur'],
      ['call_done', 'Bobur'],
    ]);
  });

  it("closing a table's bill: its waiter may, another waiter may not until they took it over; recorded on its orders", async () => {
    const s = await staffWorld(ctx);
    const order = await place(s, 0);
    await ok(move(s.aziz.token, order._id, 'accepted'));
    await ok(move(s.kitchen.token, order._id, 'ready'));
    await ok(move(s.aziz.token, order._id, 'served'));
    const table = s.world.tables[0]!._id;
    const before = await floorState();
    expectError(await apiCall(ctx, 'PUT', `/manager/tables/${table}/close`, s.bobur.token), 403);
    expectError(await apiCall(ctx, 'PUT', `/manager/tables/${table}/close`, s.kitchen.token), 403);
    expect(await floorState()).toBe(before);
    await ok(apiCall(ctx, 'PUT', `/manager/tables/${table}/close`, s.aziz.token));
    const [day] = (await ok(apiCall(ctx, 'GET', '/manager/orders', s.world.manager.token))).data;
    expect(day.actions.at(-1)).toMatchObject({ action: 'bill_closed', by: 'Aziz', by_id: s.aziz.id });
  });
});

describe('a device that stays signed in (a kitchen tablet)', () => {
  const deviceLogin = (login: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'Oshxona planshet (Android)' },
      payload: { login, password: PASSWORD, device: true },
    });

  it('each action names its person by PIN, recorded under them; the manager sees the device and ends it', async () => {
    const s = await staffWorld(ctx);
    const pin = (await ok(apiCall(ctx, 'POST', `/manager/staff/${s.kitchen.id}/pin`, s.world.manager.token)))
      .data.pin;
    expect(pin).toMatch(/^\d{4}$/);
    const token = (await ok(deviceLogin(s.kitchen.login))).data.accessToken as string;
    expect((await ok(apiCall(ctx, 'GET', '/auth/profile', token))).data.device).toBe(true);
    const devices = await ok(apiCall(ctx, 'GET', '/manager/staff-devices', s.world.manager.token));
    expect(devices.data).toHaveLength(1);
    expect(devices.data[0]).toMatchObject({
      user_id: s.kitchen.id,
      label: 'Oshxona planshet (Android)',
      role: 'kitchen',
    });

    const order = await place(s, 0);
    await ok(move(s.aziz.token, order._id, 'accepted'));
    const before = await floorState();
    const noPin = await move(token, order._id, 'ready');
    expectError(noPin, 400, 'validation');
    expect(noPin.json().error.details).toEqual([{ path: 'pin', message: 'Required' }]);
    expect(await floorState()).toBe(before);
    const ready = await ctx.app.inject({
      method: 'PUT',
      url: `/api/manager/orders/${order._id}/status`,
      headers: { authorization: `Bearer ${token}`, 'x-staff-pin': pin },
      payload: { status: 'ready' },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().data.actions.at(-1)).toMatchObject({ action: 'ready', by: 'Oshxona', via: 'device' });

    // ended by the manager: the device's token is refused at once, its stream too
    await ok(apiCall(ctx, 'DELETE', `/manager/staff-devices/${devices.data[0]._id}`, s.world.manager.token));
    expectError(await apiCall(ctx, 'GET', '/manager/orders', token), 401);
    expect((await ok(apiCall(ctx, 'GET', '/manager/staff-devices', s.world.manager.token))).data).toEqual([]);
  });

  it('locks after five wrong PINs (429 with Retry-After), the right one included, nothing changed', async () => {
    const s = await staffWorld(ctx);
    const pin = (await ok(apiCall(ctx, 'POST', `/manager/staff/${s.kitchen.id}/pin`, s.world.manager.token)))
      .data.pin;
    const token = (await ok(deviceLogin(s.kitchen.login))).data.accessToken as string;
    const order = await place(s, 0);
    await ok(move(s.aziz.token, order._id, 'accepted'));
    const wrong = pin === '0000' ? '1111' : '0000';
    const tryPin = (p: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/manager/orders/${order._id}/status`,
        headers: { authorization: `Bearer ${token}`, 'x-staff-pin': p },
        payload: { status: 'ready' },
      });
    const before = await floorState();
    for (let i = 0; i < 4; i++) {
      const res = await tryPin(wrong);
      expectError(res, 403);
      expect(res.json().error.details).toEqual([{ path: 'pin', message: 'wrong' }]);
    }
    const locked = await tryPin(wrong);
    expectError(locked, 429, 'rate_limited');
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    const stillLocked = await tryPin(pin);
    expectError(stillLocked, 429);
    expect(stillLocked.json().error.details).toEqual([{ path: 'pin', message: 'locked' }]);
    expect(await floorState()).toBe(before);
    // the lock over (its time passed), the right PIN acts
    await ctx.db
      .updateTable('staff_devices')
      .set({ pin_locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await tryPin(pin)).statusCode).toBe(200);
  });

  it("a manager's account is no device: refused, nothing made", async () => {
    const w = await orderWorld(ctx, 1);
    const res = await deviceLogin(w.manager.login);
    expectError(res, 400, 'validation');
    expect(res.json().error.details).toEqual([{ path: 'device', message: 'staff_only' }]);
    expect(
      await ctx.db.selectFrom('staff_devices').selectAll().where('user_id', '=', w.manager.id).execute(),
    ).toEqual([]);
  });

  it('a PIN is unique in its restaurant; another restaurant may have the same one', async () => {
    const s = await staffWorld(ctx);
    const pins = new Set<string>();
    for (const who of [s.aziz, s.bobur, s.kitchen, await addStaff(ctx, s.world, 'waiter', 'Dilshod')]) {
      pins.add(
        (await ok(apiCall(ctx, 'POST', `/manager/staff/${who.id}/pin`, s.world.manager.token))).data.pin,
      );
    }
    expect(pins.size).toBe(4);
    const staff = await ok(apiCall(ctx, 'GET', '/manager/staff', s.world.manager.token));
    expect(staff.data.every((m: { has_pin: boolean }) => m.has_pin)).toBe(true);
  });
});
