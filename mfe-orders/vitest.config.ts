import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mfe-orders',
    environment: 'jsdom',
    // a process per file (vitest's forks), not the vmThreads of the other front ends: the board's
    // tests read a live stream from a ReadableStream body, which a vm context's fetch and
    // TextDecoder do not take for their own
    setupFiles: ['@qrmenu/shared/testing/dom-setup'],
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
