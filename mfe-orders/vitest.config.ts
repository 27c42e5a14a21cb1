import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: the board's tests read a live stream from a
 * ReadableStream body, which a vm context's fetch and TextDecoder do not take for their own. They
 * run in the root config's `web-forks` project; the others in `vmThreads`, as the other front
 * ends' (a process per file cost about 4 s here, for files that run in under 1 s).
 */
export const FORKS_ONLY = ['test/board.test.tsx', 'test/telegram-state.test.tsx'];

export default defineConfig({
  test: {
    name: 'mfe-orders',
    environment: 'jsdom',
    pool: 'vmThreads',
    setupFiles: ['@qrmenu/shared/testing/dom-setup'],
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...FORKS_ONLY],
    testTimeout: 20_000,
  },
});
