/**
 * The balancer's configuration, as docs/OPERATIONS.md ("Several servers") recommends it and as the
 * cluster tests and benches run it: both keep a live stream open (`timeout tunnel`) and pass each
 * of its events on as it comes (`option http-no-delay`; by default HAProxy tells the kernel more
 * data follows and a small event waits up to 200 ms for it). With HAProxy installed, both
 * configurations are also checked by HAProxy itself (`haproxy -c`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHaproxy, haproxyConfig } from './harness';

const OPERATIONS = readFileSync(join(import.meta.dirname, '../../../docs/OPERATIONS.md'), 'utf8');
/** The HAProxy block of the docs: the fenced block that starts with `defaults`. */
const documented = /```\n(defaults\n[\s\S]*?)```/.exec(OPERATIONS)?.[1] ?? '';
const harness = haproxyConfig(8080, [
  { name: 'api1', port: 8081 },
  { name: 'api2', port: 8082 },
]);

/** The `defaults` section's directives, one a line, comments left out. */
const defaultsOf = (config: string) =>
  (/^defaults\n((?:[ \t].*\n?)*)/m.exec(config)?.[1] ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

describe('the balancer for live streams', () => {
  it.each([
    ['docs/OPERATIONS.md', documented],
    ['the cluster harness', harness],
  ])('%s passes each event on at once and keeps a stream open', (_where, config) => {
    expect(config).not.toBe('');
    const defaults = defaultsOf(config);
    expect(defaults).toContain('option http-no-delay');
    expect(defaults).toContain('timeout tunnel 1h');
  });

  const haproxy = findHaproxy();
  it.skipIf(!haproxy)('HAProxy takes both configurations', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrmenu-haproxy-config-'));
    try {
      for (const [name, config] of [
        ['documented.cfg', `${documented}\nfrontend web\n  bind 127.0.0.1:8080\n  default_backend api\n`],
        ['harness.cfg', harness],
      ] as const) {
        const file = join(dir, name);
        writeFileSync(file, config);
        expect(() =>
          execFileSync(haproxy as string, ['-c', '-q', '-f', file], { stdio: 'pipe' }),
        ).not.toThrow();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
