import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mfe-orders',
    environment: 'jsdom',
    setupFiles: ['@qrmenu/shared/testing/dom-setup'],
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
