/** `pnpm start` in a terminal prints readable lines; a deployment keeps JSON (for its log collector). */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseLogFormat, LogFormatError, PrettyLog } from '../src/http/log-format';
import { startServerProcess } from './server-process';

describe('the log format', () => {
  it('is pretty in a terminal, JSON through a pipe, and LOG_FORMAT decides when set', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('PRETTY', false)).toBe('pretty');
    expect(() => chooseLogFormat('yaml', true)).toThrow(LogFormatError);
  });

  it('a request is one readable line; other lines keep their level and fields', () => {
    const pretty = new PrettyLog();
    const time = Date.UTC(2026, 0, 1, 10, 14, 2);
    expect(
      pretty.format(
        JSON.stringify({
          level: 30,
          time,
          reqId: 'req-1',
          req: { method: 'GET', url: '/api/health' },
          msg: 'incoming request',
        }),
      ),
    ).toBeUndefined();
    expect(
      pretty.format(
        JSON.stringify({
          level: 30,
          time,
          reqId: 'req-1',
          res: { statusCode: 200 },
          responseTime: 2.4,
          msg: 'request completed',
        }),
      ),
    ).toBe('10:14:02 GET /api/health 200 2 ms');
    expect(pretty.format(JSON.stringify({ level: 40, time, msg: 'slow', table: 'products' }))).toBe(
      '10:14:02 WARN  slow table=products',
    );
    expect(pretty.format('not json')).toBe('not json');
  });
});

describe('server.ts with LOG_FORMAT', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-logs-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function requestLog(format: string): Promise<string> {
    const { child, output } = startServerProcess(dataDir, {
      PORT: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: format,
      ADMIN_LOGIN: 'admin',
      ADMIN_PASSWORD: 'admin12345',
    });
    children.push(child);
    const end = Date.now() + 20_000;
    let url: string | undefined;
    while (!url && Date.now() < end) {
      url = /Listening on (http:\/\/\S+)/.exec(output())?.[1];
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!url) throw new Error(output());
    await fetch(`${url}/api/health`);
    while (!/health/.test(output().split('Listening on')[1] ?? '') && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    return output();
  }

  it('pretty: one plain line per request', async () => {
    const out = await requestLog('pretty');
    expect(out).toMatch(/^\d\d:\d\d:\d\d GET \/api\/health 200 \d+ ms$/m);
    expect(out).not.toMatch(/"msg":"request completed"/);
  });

  it('json: pino objects, as a deployment collects them', async () => {
    const out = await requestLog('json');
    expect(out).toMatch(/"msg":"request completed"/);
  });
});
