/** The real entry point: environment, bootstrap admin printed once, listening, graceful SIGTERM. */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function start(port: number, env: Record<string, string> = {}) {
  return startServerProcess(dataDir, { PORT: String(port), ...env });
}

async function waitFor(url: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('server.ts', () => {
  it('writes a generated admin password to an owner-only file (not the log), serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = start(port);
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    const file = join(dataDir, 'data', 'admin-password');
    expect(output()).toContain(`Admin created: login "admin", its generated password is in ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(output()).not.toContain(password);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { accessToken: string } };
    const profile = await fetch(`http://127.0.0.1:${port}/api/auth/profile`, {
      headers: { authorization: `Bearer ${data.accessToken}` },
    });
    expect(((await profile.json()) as { data: { role: string } }).data.role).toBe('admin');
    const code = exited(child);
    child.kill('SIGTERM');
    expect(await code).toBe(0);

    // second start on the same DATA_DIR: no new admin, same JWT secret (the token still works)
    const again = start(port);
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    expect(again.output()).not.toMatch(/Admin created/);
    const profile2 = await fetch(`http://127.0.0.1:${port}/api/auth/profile`, {
      headers: { authorization: `Bearer ${data.accessToken}` },
    });
    expect(profile2.status).toBe(200);
    const code2 = exited(again.child);
    again.child.kill('SIGINT');
    expect(await code2).toBe(0);
  }, 60_000);
});

describe('server.ts settings', () => {
  it('refuses an unusable REQUEST_TIMEOUT_MS at start-up, in one line', async () => {
    for (const value of ['abc', '10', '1.5']) {
      const { child, output } = start(0, { REQUEST_TIMEOUT_MS: value });
      expect(await exited(child)).toBe(1);
      expect(output()).toContain(`REQUEST_TIMEOUT_MS="${value}"`);
      expect(output()).not.toContain('    at ');
    }
  }, 60_000);
});
