import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: the board's tests read a live stream from a
 * ReadableStream body, which a vm context's fetch and TextDecoder do not take for their own. They
 * run in the root config's `web-forks` project; the others in `vmThreads`, as the other front
 * ends' (a process per file cost about 4 s here, for files that run in under 1 s).
 */
export const FORKS_ONLY = ['test/board.test.tsx', 'test/telegram-state.test.tsx'];

export const test = {
  environment: 'jsdom' as const,
  setupFiles: ['@qrmenu/shared/testing/dom-setup'],
  include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    ...test,
    name: 'mfe-orders',
    pool: 'vmThreads',
    exclude: [...configDefaults.exclude, ...FORKS_ONLY],
  },
});
