/**
 * Server-sent events (docs/ORDERS.md, "Live updates"): the answer is a stream Fastify sends like
 * any other (so the security headers, CORS and a draining server's `Connection: close` apply);
 * the route turns compression off for it (`compress: false`: a compressor would hold the events
 * back), and `Cache-Control: no-transform` and `X-Accel-Buffering: no` ask proxies not to
 * buffer or rewrite it.
 *
 * Each event is `id: <number>`, `event: <type>`, `data: <JSON>`. The stream opens with `retry:`
 * (how long a browser waits before reconnecting), sends a comment line every `heartbeatMs` (a
 * proxy's idle timeout never sees it silent), and holds at most `maxBufferedBytes` for a client
 * that does not read: past that the client is dropped, reconnects and replays what it missed.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStreamOptions {
  retryMs?: number;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
}

export const SSE_DEFAULTS = { retryMs: 3000, heartbeatMs: 20_000, maxBufferedBytes: 256 * 1024 } as const;

/**
 * The number a reconnecting client resumes from: the `Last-Event-ID` header (a browser's
 * EventSource sends it), else `?after=` (a client that cannot set headers on a new connection).
 */
export function lastEventId(request: FastifyRequest, after?: number | undefined): number | null {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && header.trim() !== '' ? header.trim() : after;
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export interface EventStream {
  send(event: { id: number; event: string; data: unknown }): boolean;
  readonly closed: boolean;
  onClose(listener: () => void): void;
  close(): void;
}

/** Starts the answer as an event stream and gives what writes to it. */
export function openEventStream(reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
  const { retryMs, heartbeatMs, maxBufferedBytes } = { ...SSE_DEFAULTS, ...options };
  const body = new PassThrough();
  const listeners: (() => void)[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    body.end();
    for (const listener of listeners.splice(0)) listener();
  };
  /** Writes, or drops a client whose unread bytes passed the bound. */
  const write = (text: string): boolean => {
    if (closed) return false;
    const unread = body.writableLength + (reply.raw.socket?.writableLength ?? 0);
    if (unread > maxBufferedBytes) {
      close();
      reply.raw.socket?.destroy();
      return false;
    }
    body.write(text);
    return true;
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
  heartbeat.unref();
  reply.raw.on('close', close);
  body.on('error', close);
  // the connection ends with the stream: a stream ended by a stopping server must not leave it
  // open as an idle keep-alive connection (the server's close would wait for it)
  reply.raw.shouldKeepAlive = false;
  void reply
    .status(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body);
  write(`retry: ${retryMs}\n\n`);
  return {
    send: ({ id, event, data }) => write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
    close,
  };
}
