import { defineProject } from 'vitest/config';

/** The e2e package's own checks that need no browser (the suite itself runs with Playwright). */
export default defineProject({
  test: {
    name: 'e2e-unit',
    environment: 'node',
    include: ['unit/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
