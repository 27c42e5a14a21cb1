import { defineConfig } from 'vitest/config';

/** One run, one summary: every package that has a vitest config. e2e runs with Playwright. */
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts'],
  },
});
