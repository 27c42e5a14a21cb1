import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/admin' } },
    setupFiles: ['./src/testing/dom-setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
