import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run, one summary: every package that has a vitest config. e2e runs with Playwright.
 *
 * The front ends' jsdom projects run in `vmThreads` (each file still gets a fresh jsdom and
 * module graph, in a vm context rather than a process of its own: about half the CPU). The few
 * files that need a real process are listed in their package's FORKS_ONLY and run in a
 * `<package>-forks` project beside it (`--project 'shared*'` runs both). The API and mfe-orders
 * (its board reads a stream, see its config) keep `forks`; the API's files share a worker's module
 * graph, but for those in `api-isolated` (`--project 'api*'` runs both).
 *
 * Workers: vitest's own default in a run is one less than the cores, one on a 2-core machine,
 * where the main process (transforms, reporting) mostly waits: at least two here.
 */
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', '*/vitest.forks.config.ts', '*/vitest.isolated.config.ts'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
