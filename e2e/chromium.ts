/**
 * The browser the e2e suite drives: PW_CHROMIUM; else Debian's `chromium-headless-shell` (the
 * headless-only build Playwright itself runs headless tests on: no browser UI behind the page,
 * a third less time per page here than the full browser), else Debian's full Chromium. Checked
 * once before any test (global setup, `pnpm test`), so that a machine without it reads one message
 * saying what is missing and how to install it, not the same launch error once per test.
 * Plain TypeScript (types only, erased): `scripts/test.mjs` imports it under Node's type stripping.
 */
import { accessSync, constants } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The flags every Chromium the suite and the web benches (scripts/bench-web*.mjs) start gets:
 * no sandbox (a container), no GPU, nothing of the browser's own on the network while measuring.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const FULL_CHROMIUM = '/usr/bin/chromium';

const runnable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PW_CHROMIUM) return env.PW_CHROMIUM;
  if (runnable(HEADLESS_SHELL)) return HEADLESS_SHELL;
  // with neither installed, the path the install message names
  return runnable(FULL_CHROMIUM) ? FULL_CHROMIUM : HEADLESS_SHELL;
}

/** Null when the browser is there and runnable, else the message to print once. */
export function missingChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumPath(env);
  if (runnable(path)) return null;
  const how = env.PW_CHROMIUM
    ? `PW_CHROMIUM="${env.PW_CHROMIUM}" is not an executable file: point it at a Chromium or Chrome binary.`
    : `Install it (Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell) or set PW_CHROMIUM to a Chromium or Chrome binary.`;
  return `The e2e suite needs Chromium, not found at ${path}. ${how} The e2e tests were not run.`;
}
