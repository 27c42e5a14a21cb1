/**
 * The browser the e2e suite drives: Debian's Chromium, or PW_CHROMIUM. Checked once before any
 * test (global setup, `pnpm test`), so that a machine without it reads one message saying what
 * is missing and how to install it, not the same launch error once per test.
 * Plain TypeScript (types only, erased): `scripts/test.mjs` imports it under Node's type stripping.
 */
import { accessSync, constants } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.PW_CHROMIUM || DEFAULT_CHROMIUM;
}

/** Null when the browser is there and runnable, else the message to print once. */
export function missingChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumPath(env);
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    const how = env.PW_CHROMIUM
      ? `PW_CHROMIUM="${env.PW_CHROMIUM}" is not an executable file: point it at a Chromium or Chrome binary.`
      : `Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set PW_CHROMIUM to a Chromium or Chrome binary.`;
    return `The e2e suite needs Chromium, not found at ${path}. ${how} The e2e tests were not run.`;
  }
}
