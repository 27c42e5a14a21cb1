import { defineConfig } from '@playwright/test';
import { chromiumPath } from './chromium';
import { freePortSync } from './servers';

// The port is chosen once, in the runner; workers inherit it through the environment.
process.env.E2E_PORT ??= String(freePortSync());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  // Separate folders let two runs on one machine keep their traces apart.
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // an Uzbek browser (Accept-Language: uz-UZ): the guests' page follows the browser's language
    // (issue 19), and the specs read its Uzbek; languages.spec.ts sets Russian itself
    locale: 'uz-UZ',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
});
