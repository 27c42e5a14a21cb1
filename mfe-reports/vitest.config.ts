import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mfe-reports',
    environment: 'jsdom',
    // a fresh jsdom and module graph per file in a vm context of a thread: about half the CPU of
    // a process per file (see the root vitest.config.ts)
    pool: 'vmThreads',
    setupFiles: ['@qrmenu/shared/testing/dom-setup'],
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
