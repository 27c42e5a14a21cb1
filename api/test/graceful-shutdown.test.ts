/**
 * SIGTERM: readiness turns 503 at once (liveness stays 200) while SHUTDOWN_DRAIN_MS runs, then
 * the port closes, a request that was running finishes with its answer, and the process exits 0.
 * The start-up refusals are told in one line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './cluster/harness';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ADMIN = { login: 'admin', password: 'shutdown-admin-1' };

async function status(url: string): Promise<number | 'refused'> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 'refused';
  }
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describe('graceful shutdown', () => {
  it('drains: readiness 503, port closed, the running request answered, exit 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, output } = startServerProcess(dataDir, {
      PORT: String(port),
      ADMIN_PASSWORD: ADMIN.password,
      SHUTDOWN_DRAIN_MS: '800',
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await until(async () => (await status(`${base}/api/health/ready`)) === 200);

    // a login whose body is still on its way when SIGTERM comes
    const body = JSON.stringify(ADMIN);
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += String(d);
    });
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    child.kill('SIGTERM');
    await until(async () => (await status(`${base}/api/health/ready`)) === 503, 700);
    expect(await status(`${base}/api/health/live`)).toBe(200);
    // after the drain the port is closed to new connections...
    await until(async () => (await status(`${base}/api/health/live`)) === 'refused');
    expect(child.exitCode).toBeNull();
    // ...and the running request still gets its answer
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"accessToken"');
    expect(await exited).toBe(0);
    expect(output()).not.toContain('exiting anyway');
  }, 60_000);

  it('refuses a short JWT_SECRET and a CLUSTER=1 on SQLite in one line, before opening anything', async () => {
    for (const [env, text] of [
      [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET is 9 characters: give at least 32'],
      [{ CLUSTER: '1', JWT_SECRET: 'x'.repeat(40) }, 'CLUSTER=1 needs DATABASE_URL=postgres://'],
    ] as const) {
      const { child, output } = startServerProcess(dataDir, { PORT: '0', ...env });
      const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      expect(code).toBe(1);
      expect(output().trim().split('\n')).toHaveLength(1);
      expect(output()).toContain(text);
    }
  }, 60_000);
});
