/** `pnpm start` in a terminal prints readable lines; a deployment keeps JSON (for its log collector). */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
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

  /** A guest's order key, as a guest's page sends it in the query: never in the log. */
  const SECRET = 'guest-key-Zq8XvT41';

  async function requestLog(format: string, level = 'info'): Promise<string> {
    const { child, output } = startServerProcess(dataDir, {
      PORT: '0',
      LOG_LEVEL: level,
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
    await fetch(`${url}/api/public/orders/some-order/events?key=${SECRET}&after=3`);
    // a request Node cannot parse: its error carries the raw bytes, query and all
    const { port } = new URL(url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /m/x/orders/y?key=${SECRET} HTTP/1.1\r\nHost: x\r\nBad header\r\n\r\n`);
      });
      socket.on('data', () => socket.end());
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    while (!/some-order/.test(output().split('Listening on')[1] ?? '') && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    return output();
  }

  it('pretty: one plain line per request, its path without the query', async () => {
    const out = await requestLog('pretty');
    expect(out).toMatch(/^\d\d:\d\d:\d\d GET \/api\/health 200 \d+ ms$/m);
    expect(out).toMatch(/^\d\d:\d\d:\d\d GET \/api\/public\/orders\/some-order\/events 404 \d+ ms$/m);
    expect(out).not.toMatch(/"msg":"request completed"/);
    expect(out).not.toContain(SECRET);
  });

  it('json: pino objects, as a deployment collects them; no query, even at debug', async () => {
    const out = await requestLog('json', 'debug');
    expect(out).toMatch(/"msg":"request completed"/);
    expect(out).toContain('"url":"/api/public/orders/some-order/events"');
    expect(out).toMatch(/"msg":"client error"/);
    expect(out).not.toContain(SECRET);
    // nor the unparsed request's bytes (Node's parse error carries them as a Buffer)
    expect(out).not.toContain('rawPacket');
  });
});
