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
import { createTestApp, type TestCtx } from './helpers';

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

/** The file's app with `options`, and the world `build` makes on it. */
export function fileWorld<W extends object>(
  options: Partial<BuildAppOptions>,
  build: (ctx: TestCtx) => Promise<W>,
): { ctx: TestCtx; world: W } {
  const ctx = madeLater<TestCtx>('app');
  const world = madeLater<W>('world');
  let made: TestCtx | undefined;
  beforeAll(async () => {
    made = await createTestApp(options);
    ctx.set(made);
    world.set(await build(made));
  });
  afterAll(async () => made?.close());
  return { ctx: ctx.proxy, world: world.proxy };
}
