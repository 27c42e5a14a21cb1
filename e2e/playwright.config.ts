import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { workerBaseUrl } from './servers';

export default defineConfig({
  testDir: './tests',
  // Separate folders let two runs on one machine keep their traces apart.
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  // Each worker has its own server (global-setup.ts), and a spec file runs in one worker, its
  // tests in order. Two by default: on 2 cores a worker mostly waits (on the browser, the server,
  // the network going idle), so two at once finish in little more than half the time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    // read in each worker (this file is loaded there again, after the global setup)
    baseURL: workerBaseUrl(),
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // an Uzbek browser (Accept-Language: uz-UZ): the guests' page follows the browser's language
    // (docs/PRODUCT.md), and the specs read its Uzbek; languages.spec.ts sets Russian itself
    locale: 'uz-UZ',
    // The system's "reduce motion" setting, which the back office honours (its animations and
    // transitions end at once, `animationend` still firing): the same pages and steps with about
    // a tenth less of the browser's CPU, most of it compositing the frames of animations nobody
    // watches. restaurants.spec.ts keeps the full motion.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (every action with the page's DOM, the network, the console)
    // and a screenshot of the end; the trace's filmstrip of screenshots is left out: recording it
    // for every test cost a sixth of the suite's CPU. `pnpm test` runs the suite with
    // `--trace=off`: recording every test's trace to keep the failures' took a third more CPU, so
    // a failure there keeps its screenshot, and its spec run alone keeps the trace. Not under CI
    // (CI=true, set by .ci/run) either: on a loaded machine Playwright's trace files race with the
    // `request` fixture's close (ENOENT on `.playwright-artifacts-N/traces/…trace`), failing
    // tests that passed.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
});
