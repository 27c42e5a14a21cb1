import { existsSync, readdirSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import authConfig from './mfe-auth/vitest.config';
import catalogConfig from './mfe-catalog/vitest.config';
import ordersConfig, { FORKS_ONLY as ORDERS_FORKS } from './mfe-orders/vitest.config';
import reportsConfig from './mfe-reports/vitest.config';
import restaurantsConfig from './mfe-restaurants/vitest.config';
import stoplistConfig from './mfe-stoplist/vitest.config';
import sharedConfig, { test as jsdomTest, FORKS_ONLY as SHARED_FORKS } from './shared/vitest.config';
import shellConfig, { FORKS_ONLY as SHELL_FORKS } from './shell/vitest.config';

/**
 * One run, one summary: every package's tests. e2e runs with Playwright.
 *
 * The front ends' jsdom tests run here as one project, `web` (each file still gets a fresh jsdom
 * and module graph, in a vm context of a thread: `vmThreads`), with the settings of each
 * package's own config (its files, the jsdom set-up). One project, not one a package: the same
 * files took 126-139 s of CPU here as one project against 143-157 s as eight (about 11 % less;
 * the packages share most of their modules: the kit, React, Chakra). A package's tests alone:
 * `pnpm exec vitest run mfe-catalog/` from here (or `pnpm exec vitest run` in its folder, its own
 * config, without the files below). The few files that need a real process are in their
 * package's FORKS_ONLY and run in `web-forks` (mfe-orders' board reads a live stream, see its
 * config). The API keeps `forks`; its files share a worker's module graph, but for those in
 * `api-isolated` (`--project 'api*'` runs both).
 *
 * Workers: vitest's default (one less than the cores): on 2 cores the whole run takes one file at
 * a time (its JSON report never shows two at once), so its length is the CPU its files use. A
 * `maxWorkers` here would not reach the projects (vitest 5 resolves it per project). Three a
 * project was tried: `pnpm test` took 1,166 s against 1,016 s, with a test timed out, because
 * beside the e2e lane (two browsers and two servers) every core is already busy.
 */
const FRONT_ENDS = {
  shared: { config: sharedConfig, forks: SHARED_FORKS },
  shell: { config: shellConfig, forks: SHELL_FORKS },
  'mfe-auth': { config: authConfig, forks: [] },
  'mfe-catalog': { config: catalogConfig, forks: [] },
  'mfe-orders': { config: ordersConfig, forks: ORDERS_FORKS },
  'mfe-reports': { config: reportsConfig, forks: [] },
  'mfe-restaurants': { config: restaurantsConfig, forks: [] },
  'mfe-stoplist': { config: stoplistConfig, forks: [] },
} satisfies Record<string, { config: { test?: { include?: string[] } }; forks: string[] }>;
/** The packages whose config is a project of its own. */
const NODE_PROJECTS = ['api/vitest.config.ts', 'api/vitest.isolated.config.ts', 'e2e/vitest.config.ts'];

// a new package with tests is in one of the two lists, or its tests would not run
const root = new URL('.', import.meta.url).pathname;
const listed = new Set([...Object.keys(FRONT_ENDS), ...NODE_PROJECTS.map((p) => p.split('/')[0])]);
const unlisted = readdirSync(root).filter(
  (dir) => existsSync(`${root}${dir}/vitest.config.ts`) && !listed.has(dir),
);
if (unlisted.length)
  throw new Error(`vitest.config.ts: add ${unlisted.join(', ')} to FRONT_ENDS or NODE_PROJECTS`);

const within = (dir: string, globs: readonly string[]) => globs.map((glob) => `${dir}/${glob}`);
const packages = Object.entries(FRONT_ENDS);
const forks = packages.flatMap(([dir, p]) => within(dir, p.forks));
// shared's jsdom settings (its set-up, which every front end's config names, and its page's
// address, /admin, which the others' tests pass under too), its set-up found from here
const web = { ...jsdomTest, setupFiles: within('shared', jsdomTest.setupFiles) };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...web,
          name: 'web',
          pool: 'vmThreads',
          include: packages.flatMap(([dir, p]) => within(dir, p.config.test?.include ?? [])),
          exclude: [...configDefaults.exclude, ...forks],
        },
      },
      { test: { ...web, name: 'web-forks', pool: 'forks', include: forks } },
      ...NODE_PROJECTS,
    ],
  },
});
