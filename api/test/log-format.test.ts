/** `pnpm start` in a terminal prints readable lines; a deployment keeps JSON (for its log collector). */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseLogFormat, LogFormatError, MAX_OPEN_REQUESTS, PrettyLog } from '../src/http/log-format';
import { createTestApp } from './helpers';
import { startServerProcess } from './server-process';

/** A line of the server's JSON log at `time`: an info line unless `o` says its level. */
const logLine = (time: number, o: Record<string, unknown>) => JSON.stringify({ level: 30, time, ...o });

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
    const at = (o: Record<string, unknown>) => logLine(Date.UTC(2026, 0, 1, 10, 14, 2), o);
    expect(
      pretty.format(
        at({ reqId: 'req-1', req: { method: 'GET', url: '/api/health' }, msg: 'incoming request' }),
      ),
    ).toBeUndefined();
    expect(
      pretty.format(
        at({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 2.4, msg: 'request completed' }),
      ),
    ).toBe('10:14:02 GET /api/health 200 2 ms');
    expect(pretty.format(at({ level: 40, msg: 'slow', table: 'products' }))).toBe(
      '10:14:02 WARN  slow table=products',
    );
    expect(pretty.format('not json')).toBe('not json');
  });
});

describe('the pretty format holds only requests under way', () => {
  const line = (o: Record<string, unknown>) => logLine(Date.UTC(2026, 0, 1, 9, 0, 0), o);
  const incoming = (reqId: string, url = '/api/x') =>
    line({ reqId, req: { method: 'GET', url }, msg: 'incoming request' });

  it('forgets an aborted request at its abort line, and a failed answer at its error line', () => {
    const pretty = new PrettyLog();
    pretty.format(incoming('r1', '/api/public/orders/o1/events'));
    expect(pretty.format(line({ reqId: 'r1', msg: 'request aborted' }))).toBe(
      '09:00:00 GET /api/public/orders/o1/events aborted',
    );
    pretty.format(incoming('r2'));
    expect(
      pretty.format(line({ level: 50, reqId: 'r2', res: { statusCode: 200 }, msg: 'request errored' })),
    ).toBe('09:00:00 GET /api/x 200');
    expect(pretty.pending).toBe(0);
  });

  it('holds at most MAX_OPEN_REQUESTS: a request that never ends does not stay for ever', () => {
    const pretty = new PrettyLog();
    for (let i = 0; i < MAX_OPEN_REQUESTS + 500; i++) pretty.format(incoming(`r${i}`));
    expect(pretty.pending).toBe(MAX_OPEN_REQUESTS);
    // the newest are kept, the oldest forgotten (its end line then names it by its id)
    const last = MAX_OPEN_REQUESTS + 499;
    expect(
      pretty.format(line({ reqId: `r${last}`, res: { statusCode: 200 }, msg: 'request completed' })),
    ).toBe('09:00:00 GET /api/x 200');
    expect(pretty.format(line({ reqId: 'r0', res: { statusCode: 200 }, msg: 'request completed' }))).toBe(
      '09:00:00 r0 200',
    );
  });

  it('the app writes the abort line when a client leaves before its answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const ctx = await createTestApp({
      logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    });
    try {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      // a request the server still reads: its client goes away before the body is whole
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      await new Promise<void>((r) => socket.on('connect', () => r()));
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"lo',
      );
      await new Promise((r) => setTimeout(r, 200));
      socket.destroy();
      await expect
        .poll(() => lines.filter((l) => l.msg === 'request aborted').length, { timeout: 3000 })
        .toBe(1);
      const pretty = new PrettyLog();
      for (const l of lines) pretty.format(JSON.stringify(l));
      expect(pretty.pending).toBe(0);
    } finally {
      await ctx.close();
    }
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
