import { configDefaults, defineProject } from 'vitest/config';

/**
 * Files that need a process of their own: they stub `window.location`, which a vm context's jsdom
 * window keeps unforgeable. The workspace's run (the root vitest.config.ts) runs them in its
 * `web-forks` project.
 */
export const FORKS_ONLY = ['test/client.test.ts'];

export const test = {
  environment: 'jsdom' as const,
  environmentOptions: { jsdom: { url: 'http://localhost:3000/admin' } },
  setupFiles: ['./src/testing/dom-setup.ts'],
  include: ['test/**/*.test.{ts,tsx}'],
  testTimeout: 20_000,
};

export default defineProject({
  test: {
    ...test,
    name: 'shared',
    // a fresh jsdom and module graph per file in a vm context of a thread: about half the CPU of
    // a process per file (see the root vitest.config.ts)
    pool: 'vmThreads',
    exclude: [...configDefaults.exclude, ...FORKS_ONLY],
  },
});
