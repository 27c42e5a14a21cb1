import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: the rspack build configuration loads rspack and the
 * federation plugin, which need Node's own globals (ReadableStream), absent from a vm context.
 * The workspace's run (the root vitest.config.ts) runs them in its `web-forks` project.
 */
export const FORKS_ONLY = ['test/rspack-config.test.ts'];

export default defineConfig({
  test: {
    name: 'shell',
    environment: 'jsdom',
    // a fresh jsdom and module graph per file in a vm context of a thread: about half the CPU of
    // a process per file (see the root vitest.config.ts)
    pool: 'vmThreads',
    setupFiles: ['@qrmenu/shared/testing/dom-setup'],
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...FORKS_ONLY],
    testTimeout: 20_000,
  },
});
