import { defineConfig } from 'vitest/config';

/** One run, one summary: every package's unit and integration tests. e2e runs with Playwright. */
export default defineConfig({
  test: {
    projects: ['api', 'shared', 'shell', 'mfe-*'],
  },
});
