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
 * Workers: one more than the cores (three on a 2-core machine). vitest's own default is one less
 * than the cores, but a worker here often waits (a server's answer, a timer, the database), so
 * the run alone used about one core with two workers; with three, `pnpm test` on this machine
 * went from 580-606 s to 482 s.
 */
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', '*/vitest.forks.config.ts', '*/vitest.isolated.config.ts'],
    maxWorkers: Math.max(3, availableParallelism() + 1),
  },
});
