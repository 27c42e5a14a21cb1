/**
 * A test file's world, written once: the file's app (`createTestApp`), made before its first test
 * and closed after its last, and what a builder makes on it (the orders', payments', POS or
 * Telegram world of the *-support files). A file names them once at its top:
 *
 *   const { ctx, world } = fileWorld({ integrationSecretKey: TEST_SECRET_KEY }, paymentWorld);
 *
 * and its tests read `ctx` and `world` as if they were the objects themselves: each is a stand-in
 * that hands every property on to the object once the file's `beforeAll` has made it (vitest runs
 * a file's `beforeAll` hooks in the order they were declared, so a file's own hooks, declared
 * after, find them made). Reading one before then throws, naming it.
 */
import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from '../src/app';
import { adminUser, createRestaurant, createTestApp, createUser, type TestCtx } from './helpers';

/** An object made later, in a hook: `proxy` stands for it from now on. */
function madeLater<T extends object>(name: string): { set(value: T): void; proxy: T } {
  let made: T | undefined;
  const proxy = new Proxy({} as T, {
    get(_, key) {
      if (made === undefined)
        throw new Error(`the file's ${name} is made in beforeAll: read it in a test or a hook`);
      return Reflect.get(made, key, made);
    },
    has: (_, key) => made !== undefined && Reflect.has(made, key),
    ownKeys: () => (made === undefined ? [] : Reflect.ownKeys(made)),
    getOwnPropertyDescriptor: (_, key) =>
      made === undefined ? undefined : Reflect.getOwnPropertyDescriptor(made, key),
  });
  return { set: (value) => (made = value), proxy };
}

/** The file's app with `options` (settings are options, never process.env: docs/DEVELOPMENT.md). */
export function fileApp(options: Partial<BuildAppOptions> = {}): TestCtx {
  return fileWorld(options, async () => ({})).ctx;
}

/** Something a file starts, closed after its app. */
interface Closes {
  close(): Promise<void>;
}

/**
 * What a file starts before its app, because the app's settings take its address (a fake POS,
 * Bot API or picture host) or a folder (the guests' script built): `start` makes it, `options`
 * and `build` read it. After the app it is closed: itself if it closes, else each of its fields
 * that does. A slow one (a build) names the time its `beforeAll` may take in `timeout`.
 */
export type Before<S extends object> = (() => Promise<S>) & { timeout?: number };

async function closeStarted(started: object | undefined): Promise<void> {
  if (started === undefined) return;
  const closes = (value: unknown): value is Closes =>
    typeof (value as Partial<Closes> | null)?.close === 'function';
  if (closes(started)) return started.close();
  for (const part of Object.values(started)) if (closes(part)) await part.close();
}

/** The file's app with `options`, and the world `build` makes on it. */
export function fileWorld<W extends object>(
  options: Partial<BuildAppOptions>,
  build: (ctx: TestCtx) => Promise<W>,
): { ctx: TestCtx; world: W };
/**
 * The same with what `before` starts first (`started`): `options`, a function of it, hands its
 * addresses to the app, and `build` reads it too.
 */
export function fileWorld<W extends object, S extends object>(
  options: (started: S) => Partial<BuildAppOptions>,
  build: (ctx: TestCtx, started: S) => Promise<W>,
  before: Before<S>,
): { ctx: TestCtx; world: W; started: S };
export function fileWorld<W extends object, S extends object>(
  options: Partial<BuildAppOptions> | ((started: S) => Partial<BuildAppOptions>),
  build: (ctx: TestCtx, started?: S) => Promise<W>,
  before?: Before<S>,
): { ctx: TestCtx; world: W; started: S } {
  const ctx = madeLater<TestCtx>('app');
  const world = madeLater<W>('world');
  const started = madeLater<S>('started');
  let app: TestCtx | undefined;
  let first: S | undefined;
  beforeAll(async () => {
    if (before) {
      first = await before();
      started.set(first);
    }
    app = await createTestApp(typeof options === 'function' ? options(first as S) : options);
    ctx.set(app);
    // a builder's own second parameter (the payments' `credentials`) is left alone without `before`
    world.set(await (before ? build(app, first) : build(app)));
  }, before?.timeout);
  afterAll(async () => {
    await app?.close();
    await closeStarted(first);
  });
  return { ctx: ctx.proxy, world: world.proxy, started: started.proxy };
}

/** What `before` starts, for a file that needs no app: made before its first test, closed after its last. */
export function fileStarted<S extends object>(before: Before<S>): S {
  const started = madeLater<S>('started');
  let first: S | undefined;
  beforeAll(async () => {
    first = await before();
    started.set(first);
  }, before.timeout);
  afterAll(() => closeStarted(first));
  return started.proxy;
}

/**
 * The file's app (`ctx`, made by fileApp or fileWorld above) listening on a port of its own, for
 * what `inject` cannot read (the event streams): `base` is its address once listening; the streams
 * handed to `keep` are closed, and the kept-alive connections dropped (they would hold the close
 * until their timeout), before the app closes (vitest runs a file's afterAll hooks last declared
 * first).
 */
export function fileListening(ctx: TestCtx): {
  readonly base: string;
  keep<S extends { close(): void }>(stream: S): S;
} {
  let base: string | undefined;
  const kept: { close(): void }[] = [];
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const stream of kept) stream.close();
    ctx.app.server.closeAllConnections();
  });
  return {
    get base() {
      if (base === undefined)
        throw new Error("the file's app listens in beforeAll: read its address in a test");
      return base;
    },
    keep(stream) {
      kept.push(stream);
      return stream;
    },
  };
}

/**
 * The admin's token and two managers, each with a restaurant of their own (m1 owns r1, m2 owns
 * r2): the world of the suites on what one manager may not do to another's.
 */
export async function twoManagersApart(ctx: TestCtx) {
  const admin = (await adminUser(ctx)).token;
  const a = await createUser(ctx, 'manager');
  const b = await createUser(ctx, 'manager');
  const r1 = await createRestaurant(ctx, { manager_id: a.id });
  const r2 = await createRestaurant(ctx, { manager_id: b.id });
  return { admin, m1: a.token, m2: b.token, r1, r2 };
}
