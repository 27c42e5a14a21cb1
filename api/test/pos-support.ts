/**
 * The world of the API suites on guests' orders and payments into a POS (docs/ORDERS.md, "Into the
 * POS"; docs/PAYMENTS.md, "Into the POS"): an app talking to the fake iiko or the fake Poster
 * (fakes/iiko.ts, fakes/poster.ts), the fake's location imported as a manager's restaurant, its
 * payment credentials, its tables taking orders; and the senders' turns until nothing more goes
 * through now. Written once here; each suite keeps its own cases.
 */
import type { BuildAppOptions } from '../src/app';
import type { PosOrderLine, PosOrderModifier } from '../src/integration/pos/outgoing-orders';
import { clearIikoTokens } from '../src/integration/providers/iiko';
import { type FakeIiko, IIKO_API_LOGIN, startFakeIiko } from './fakes/iiko';
import { type FakePoster, POSTER_APP_SECRET, POSTER_TOKEN, startFakePoster } from './fakes/poster';
import {
  adminUser,
  apiCall,
  createTestApp,
  createUser,
  TEST_SECRET_KEY,
  type TestCtx,
  type TestUser,
} from './helpers';
import { ok } from './orders-support';
import type { CLICK, PAYME } from './payments-support';
import { fileWorld } from './world';

/**
 * A line of an order to the POS as a test writes it: `amount` portions of `name` (the POS's
 * `productId`) at `price` so'm each, no size row, with these modifiers.
 */
export const posLine = (
  productId: string,
  name: string,
  price: number,
  amount = 1,
  modifiers: PosOrderModifier[] = [],
): PosOrderLine => ({ productId, sizeId: null, modifiers, amount, price, name });

/** The phone a Poster restaurant's card carries in these worlds, as a manager types it. */
export const POSTER_RESTAURANT_PHONE = '+998 71 200 00 00';

export type PosUnderTest = { provider: 'iiko'; fake: FakeIiko } | { provider: 'poster'; fake: FakePoster };

export interface PosWorldOptions {
  /** The app's own options (the POS's HTTP, the senders' timing, the limits). */
  app?: Partial<BuildAppOptions>;
  /** The restaurant's tables, made and taking orders. */
  tables?: string[];
  /** How orders go to the POS (left as the import sets it without it). */
  posSend?: 'off' | 'accepted' | 'at_once';
  /** The restaurant's payment credentials. */
  payments?: { payme?: typeof PAYME; click?: typeof CLICK };
  /** An app made already: one more restaurant in it (`app` is then not read). */
  ctx?: TestCtx;
}

export interface PosWorld {
  ctx: TestCtx;
  admin: TestUser;
  manager: TestUser;
  restaurantId: string;
  slug: string;
  /** The tables' ids by name. */
  tables: Record<string, string>;
}

/**
 * An app's options on the fake POS: its address, the key that seals the POS's secrets, no schedule
 * (a suite turns the senders and syncs itself) unless `app` asks for one; `app` adds the rest.
 */
export function posAppOptions(
  pos: PosUnderTest,
  app: Partial<BuildAppOptions> = {},
): Partial<BuildAppOptions> {
  return {
    integrationSecretKey: TEST_SECRET_KEY,
    ...(pos.provider === 'iiko' ? { iikoApiUrl: pos.fake.url } : { posterApiUrl: pos.fake.url }),
    posSchedule: false,
    ...app,
  };
}

/** The fake iiko, with the provider's tokens of an earlier fake forgotten (it keeps them by login). */
export async function startIiko(options: Parameters<typeof startFakeIiko>[0] = {}): Promise<FakeIiko> {
  clearIikoTokens();
  return startFakeIiko(options);
}

type FakeOf<P extends PosUnderTest['provider']> = Extract<PosUnderTest, { provider: P }>['fake'];

/** The staff of a POS suite that imports by itself: an administrator and a manager to import for. */
export interface PosStaff {
  admin: TestUser;
  manager: TestUser;
}

export const posStaff = async (ctx: TestCtx): Promise<PosStaff> => ({
  admin: await adminUser(ctx),
  manager: await createUser(ctx, 'manager'),
});

/**
 * A test file's app (world.ts) on the fake POS that `start` starts first (the app's settings take
 * its address), with `app` for the app's other options, and its `staff`; `fake` is the fake.
 */
export function filePosApp<P extends PosUnderTest['provider']>(
  provider: P,
  start: () => Promise<FakeOf<P>>,
  app: Partial<BuildAppOptions> = {},
) {
  const { ctx, world, started } = fileWorld<PosStaff, FakeOf<P>>(
    (fake) => posAppOptions({ provider, fake } as PosUnderTest, app),
    posStaff,
    start,
  );
  return { ctx, staff: world, fake: started };
}

/** A test file's `posWorld` on the fake POS that `start` starts first, and the `fake`. */
export function filePosWorld<P extends PosUnderTest['provider']>(
  provider: P,
  start: () => Promise<FakeOf<P>>,
  options: Omit<PosWorldOptions, 'ctx'> = {},
) {
  const { ctx, world, started } = fileWorld<PosWorld, FakeOf<P>>(
    (fake) => posAppOptions({ provider, fake } as PosUnderTest, options.app),
    (ctx, fake) => posWorld({ provider, fake } as PosUnderTest, { ...options, ctx }),
    start,
  );
  return { ctx, world, fake: started };
}

/**
 * The world of the suites on guests' orders going into the POS: the fake iiko with its table
 * dishes, or the fake Poster, a call failing fast (two tries, 1 ms apart), orders sent at once
 * and the senders turned by the test without waits, guests ordering as often as a test needs
 * from its one address; `options` name the tables and the payments, `options.app` what differs.
 */
export function filePosOrdersWorld<P extends PosUnderTest['provider']>(
  provider: P,
  options: Omit<PosWorldOptions, 'ctx' | 'posSend'>,
) {
  const start = (
    provider === 'iiko'
      ? () => startIiko({ products: 20, tableDishes: true })
      : () => startFakePoster({ products: 40 })
  ) as () => Promise<FakeOf<P>>;
  return filePosWorld(provider, start, {
    ...options,
    app: {
      posHttp: { timeoutMs: 5_000, backoffMs: 1, attempts: 2 },
      posOrders: { schedule: false, backoffMs: 0, followMs: 0, sendingMs: 0 },
      orderLimits: { ordersPerTable: 100, ordersPerAddress: 100 },
      ...options.app,
    },
    posSend: 'at_once',
  });
}

/** An app on the fake POS, its location imported for a new manager, set up as `options` say. */
export async function posWorld(pos: PosUnderTest, options: PosWorldOptions = {}): Promise<PosWorld> {
  const ctx = options.ctx ?? (await createTestApp(posAppOptions(pos, options.app)));
  const admin = await adminUser(ctx);
  const manager = await createUser(ctx, 'manager');
  const imported = await ok(
    apiCall(ctx, 'POST', '/admin/integration/pos/import', admin.token, {
      provider: pos.provider,
      ...(pos.provider === 'iiko'
        ? { credentials: { apiLogin: IIKO_API_LOGIN }, location_id: pos.fake.data.organizations[0]?.id }
        : { credentials: { token: POSTER_TOKEN, appSecret: POSTER_APP_SECRET }, location_id: '1' }),
      manager_id: manager.id,
    }),
    201,
  );
  const restaurantId: string = imported.data.restaurant._id;
  // Poster takes an online order only with a valid phone, the restaurant's own from its card
  // (an import from Poster leaves it empty): the manager fills it in as a restaurant would
  if (pos.provider === 'poster')
    await ok(
      apiCall(
        ctx,
        'PUT',
        `/manager/restaurants/update?slug=${imported.data.restaurant.slug}`,
        manager.token,
        { phone_number: POSTER_RESTAURANT_PHONE },
      ),
    );
  if (options.payments)
    await ok(
      apiCall(ctx, 'PUT', `/admin/restaurants/${restaurantId}/payments`, admin.token, options.payments),
    );
  const tables: Record<string, string> = {};
  if (options.tables?.length) {
    const made = await ok(
      apiCall(ctx, 'POST', '/manager/placements', manager.token, {
        restaurant_id: restaurantId,
        names: options.tables,
      }),
      201,
    );
    for (const p of made.data as { _id: string; name: string }[]) tables[p.name] = p._id;
    await ok(
      apiCall(ctx, 'PUT', '/manager/ordering', manager.token, {
        takes_orders: true,
        placements: Object.values(tables).map((_id) => ({ _id, takes_orders: true })),
        ...(options.posSend ? { pos_send: options.posSend } : {}),
      }),
    );
  }
  return { ctx, admin, manager, restaurantId, slug: imported.data.restaurant.slug, tables };
}

/** What the admin connects: a POS, its credentials and the location (iiko organization, Poster spot). */
export interface PosConnection {
  provider: PosUnderTest['provider'];
  credentials: object;
  location_id: string;
}

/**
 * The admin's preview of a POS location and then its import as `managerId`'s restaurant (a fresh
 * manager's, made first, without it): both answers, as they come.
 */
export async function previewThenImport(
  ctx: TestCtx,
  adminToken: string,
  connection: PosConnection,
  managerId?: string,
) {
  const manager = managerId ?? (await createUser(ctx, 'manager')).id;
  const preview = await apiCall(ctx, 'POST', '/admin/integration/pos/preview', adminToken, connection);
  const imported = await apiCall(ctx, 'POST', '/admin/integration/pos/import', adminToken, {
    ...connection,
    manager_id: manager,
  });
  return { preview, imported };
}

/** The restaurant's product that the POS knows by `externalId`, as stored (undefined: none). */
export const posProduct = (ctx: TestCtx, restaurantId: string, externalId: string) =>
  ctx.db
    .selectFrom('products')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('external_id', '=', externalId)
    .executeTakeFirst();

/** The stored options of the product `productId` (as the import wrote them), each with its stored rows. */
export async function storedOptions(ctx: TestCtx, productId: string | undefined) {
  const options = await ctx.db
    .selectFrom('product_options')
    .selectAll()
    .where('product_id', '=', productId as string)
    .execute();
  return Promise.all(
    options.map(async (option) => ({
      ...option,
      rows: await ctx.db
        .selectFrom('option_rows')
        .selectAll()
        .where('product_option_id', '=', option.id)
        .execute(),
    })),
  );
}

/**
 * The senders' turns (orders, then payments, on the pos-orders lease) until nothing more goes
 * through now: no order or payment on its way by itself (a failure waiting for the staff is not),
 * or `stop()` says the rest can only wait (the POS is down: the head keeps failing, the rest wait
 * behind it).
 */
export async function drainPos(ctx: TestCtx, stop: () => boolean = () => false, turns = 200): Promise<void> {
  for (let i = 0; i < turns; i++) {
    await ctx.app.posOrders.drain();
    const orders = await ctx.db
      .selectFrom('order_pos')
      .select('state')
      .where('state', 'in', ['waiting', 'sending', 'pending', 'failed'])
      .where('next_at', 'is not', null)
      .execute();
    const payments = await ctx.db
      .selectFrom('payment_pos')
      .select('state')
      .where('state', 'in', ['waiting', 'pending', 'failed'])
      .where('next_at', 'is not', null)
      .execute();
    if (orders.length + payments.length === 0 || stop()) return;
  }
}
