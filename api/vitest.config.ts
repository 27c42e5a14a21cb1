import { configDefaults, defineProject } from 'vitest/config';

/**
 * Files that need a module graph of their own: they replace a module with `vi.mock`, which in a
 * shared graph may not take (the module was loaded by an earlier file) or may leak into the next
 * file. They run in the `api-isolated` project (vitest.isolated.config.ts).
 */
export const ISOLATED = ['test/races.test.ts'];

export const test = {
  environment: 'node' as const,
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineProject({
  test: {
    ...test,
    name: 'api',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ISOLATED],
    // A worker runs its files one after another in one module graph: the app's modules are loaded
    // once per worker, not once per file (about 40 % of the suite's CPU). Each file builds its own
    // app and database, and passes settings as the app's options, never through process.env.
    isolate: false,
    // the server bundled once for the tests that start it as a process (server-process.ts)
    globalSetup: ['test/server-bundle.ts'],
  },
});
