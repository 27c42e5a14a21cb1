import { defineConfig } from 'vitest/config';

/**
 * One run, one summary: every package that has a vitest config. e2e runs with Playwright.
 *
 * The front ends' jsdom projects run in `vmThreads` (each file still gets a fresh jsdom and
 * module graph, in a vm context rather than a process of its own: about half the CPU). The few
 * files that need a real process are listed in their package's FORKS_ONLY and run in a
 * `<package>-forks` project beside it (`--project 'shared*'` runs both; mfe-orders' board reads a
 * live stream, see its config). The API keeps `forks`; its files share a worker's module graph,
 * but for those in `api-isolated` (`--project 'api*'` runs both).
 *
 * Workers: each project's own, vitest's default (one less than the cores: one file at a time on
 * 2 cores). A `maxWorkers` here would not reach the projects (vitest 5 resolves it per project).
 * Three a project was tried: `pnpm test` took 1,166 s against 1,016 s, with a test timed out,
 * because beside the e2e lane (two browsers and two servers) every core is already busy.
 */
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', '*/vitest.forks.config.ts', '*/vitest.isolated.config.ts'],
  },
});
