/**
 * The staff's test world: an orders world (its manager, menu and tables) with two waiters and a
 * kitchen account made by its manager through the «Xodimlar» calls, signed in with their own
 * logins, the first tables given to the first waiter and the next ones to the second.
 */
import { apiCall, loginAs, PASSWORD, type TestCtx } from './helpers';
import { type OrderWorld, ok, orderWorld } from './orders-support';

export interface StaffAccount {
  id: string;
  login: string;
  name: string;
  token: string;
}

export interface StaffWorld {
  world: OrderWorld;
  /** Aziz: the first `split` tables. */
  aziz: StaffAccount;
  /** Bobur: the tables after them, up to the last but one (the last is everyone's). */
  bobur: StaffAccount;
  /** The kitchen's account. */
  kitchen: StaffAccount;
}

let seq = 0;

/** A staff account made by the world's manager, then signed in with its own login. */
export async function addStaff(
  ctx: TestCtx,
  world: OrderWorld,
  role: 'waiter' | 'kitchen',
  name: string,
): Promise<StaffAccount> {
  const login = `${name.toLowerCase()}-${Date.now().toString(36)}-${seq++}`;
  const made = await ok(
    apiCall(ctx, 'POST', '/manager/staff', world.manager.token, { login, password: PASSWORD, name, role }),
    201,
  );
  return { id: made.data._id, login, name, token: await loginAs(ctx.app, login, PASSWORD) };
}

/**
 * `tables` placements: Aziz gets the first `split`, Bobur the rest but the last, which is given to
 * nobody (everyone's).
 */
export async function staffWorld(ctx: TestCtx, tables = 5, split = 2): Promise<StaffWorld> {
  const world = await orderWorld(ctx, tables);
  const aziz = await addStaff(ctx, world, 'waiter', 'Aziz');
  const bobur = await addStaff(ctx, world, 'waiter', 'Bobur');
  const kitchen = await addStaff(ctx, world, 'kitchen', 'Oshxona');
  const ids = world.tables.map((t) => t._id);
  await ok(
    apiCall(ctx, 'PUT', '/manager/floor', world.manager.token, {
      placement_ids: ids.slice(0, split),
      waiter_id: aziz.id,
      zone: 'Zal',
    }),
  );
  await ok(
    apiCall(ctx, 'PUT', '/manager/floor', world.manager.token, {
      placement_ids: ids.slice(split, -1),
      waiter_id: bobur.id,
      zone: 'Ayvon',
    }),
  );
  return { world, aziz, bobur, kitchen };
}
