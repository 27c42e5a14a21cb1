/** Without Chromium the e2e suite says once what is missing, not 84 launch errors. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingChromium } from '../chromium';

const E2E = fileURLToPath(new URL('..', import.meta.url));

describe('Chromium missing', () => {
  it('is told with the way to install it, naming PW_CHROMIUM', () => {
    const message = missingChromium({ PW_CHROMIUM: '/nonexistent/chromium' });
    expect(message).toContain('/nonexistent/chromium');
    expect(message).toContain('PW_CHROMIUM');
    expect(missingChromium({ PW_CHROMIUM: process.execPath })).toBeNull();
  });

  it('playwright stops before the first test with that one message', () => {
    const run = spawnSync(
      process.execPath,
      [join(E2E, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=line'],
      {
        cwd: E2E,
        env: { ...process.env, PW_CHROMIUM: '/nonexistent/chromium' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    const out = `${run.stdout}${run.stderr}`;
    expect(run.status).not.toBe(0);
    expect(out.match(/needs Chromium, not found at \/nonexistent\/chromium/g)).toHaveLength(1);
    expect(out).not.toMatch(/Executable doesn't exist|browserType\.launch/);
    expect(out).not.toMatch(/\d+ failed/);
  });
});
