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

/**
 * Turns pino's JSON lines into readable ones: a request is one line when it completes (method,
 * address, status, time); anything else is `time LEVEL message key=value…`, an error with its stack.
 */
export class PrettyLog {
  /** Method and address of requests under way, by request id (the completion line lacks them). */
  private readonly open = new Map<string, string>();

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
      return undefined;
    }
    if (o.msg === 'request completed' && o.reqId) {
      const what = this.open.get(o.reqId) ?? o.reqId;
      this.open.delete(o.reqId);
      const ms = typeof o.responseTime === 'number' ? ` ${Math.round(o.responseTime)} ms` : '';
      return `${time} ${what} ${o.res?.statusCode ?? '?'}${ms}`;
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
