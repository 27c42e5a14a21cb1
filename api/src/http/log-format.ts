/**
 * How the server's log lines look. A person running `pnpm start` in a terminal reads
 * `10:14:02 GET /api/health 200 2 ms`; a deployment (logs collected from a pipe) keeps pino's
 * JSON, one object a line.
 *
 * LOG_FORMAT: `pretty` or `json`; unset: pretty when standard output is a terminal, else JSON.
 */
import type { Writable } from 'node:stream';

export type LogFormat = 'pretty' | 'json';

export class LogFormatError extends Error {}

export function chooseLogFormat(value: string | undefined, stdoutIsTty: boolean): LogFormat {
  const v = value?.trim().toLowerCase();
  if (!v) return stdoutIsTty ? 'pretty' : 'json';
  if (v === 'pretty' || v === 'json') return v;
  throw new LogFormatError(`LOG_FORMAT="${value}": give pretty or json (default: pretty in a terminal)`);
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface PinoLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

const PINO_KEYS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

function clock(ms: number | undefined): string {
  return new Date(ms ?? Date.now()).toISOString().slice(11, 19);
}

/** Requests under way the pretty format remembers at most (past it the oldest are forgotten). */
export const MAX_OPEN_REQUESTS = 10_000;

/** The lines that end a request, with what the readable line says after its status. */
const ENDS: Record<string, 'done' | 'aborted'> = {
  'request completed': 'done',
  // Fastify's completion line when the answer failed (a stream that broke after its headers)
  'request errored': 'done',
  // app.ts logs it when the client went away first: Fastify then writes no completion line
  'request aborted': 'aborted',
};

/**
 * Turns pino's JSON lines into readable ones: a request is one line when it completes (method,
 * path, status, time) or is aborted (method, path, `aborted`); anything else is
 * `time LEVEL message key=value…`, an error with its stack. The method and path of each request
 * under way are held until its end line; a request that never gets one (a crash mid-request) is
 * forgotten once MAX_OPEN_REQUESTS newer ones wait, so the map cannot grow without bound.
 */
export class PrettyLog {
  /** Method and path of requests under way, by request id (the end line lacks them), oldest first. */
  private readonly open = new Map<string, string>();

  /** How many requests it holds (tests: bounded). */
  get pending(): number {
    return this.open.size;
  }

  format(line: string): string | undefined {
    let o: PinoLine;
    try {
      o = JSON.parse(line);
    } catch {
      return line;
    }
    const time = clock(o.time);
    const level = LEVELS[o.level ?? 30] ?? String(o.level);
    if (o.msg === 'incoming request' && o.reqId) {
      this.open.set(o.reqId, `${o.req?.method ?? '?'} ${o.req?.url ?? '?'}`);
      for (const oldest of this.open.keys()) {
        if (this.open.size <= MAX_OPEN_REQUESTS) break;
        this.open.delete(oldest);
      }
      return undefined;
    }
    const end = o.msg !== undefined && o.reqId ? ENDS[o.msg] : undefined;
    if (end && o.reqId) {
      const what = this.open.get(o.reqId) ?? o.reqId;
      this.open.delete(o.reqId);
      if (end === 'aborted') return `${time} ${what} aborted`;
      const ms = typeof o.responseTime === 'number' ? ` ${Math.round(o.responseTime)} ms` : '';
      const head = `${time} ${what} ${o.res?.statusCode ?? '?'}${ms}`;
      return o.err?.stack ? `${head}\n${o.err.stack}` : head;
    }
    const extra = Object.entries(o)
      .filter(([k]) => !PINO_KEYS.has(k))
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    const head = `${time} ${level.padEnd(5)} ${o.msg ?? ''}${extra ? ` ${extra}` : ''}`;
    return o.err?.stack ? `${head}\n${o.err.stack}` : head;
  }
}

/** A destination for pino (Fastify's `logger.stream`) writing readable lines to `out`. */
export function prettyLogStream(out: Writable): { write(chunk: string): void } {
  const pretty = new PrettyLog();
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        const text = pretty.format(line);
        if (text !== undefined) out.write(`${text}\n`);
      }
    },
  };
}
