/**
 * Server-sent events (docs/ORDERS.md, "Live updates"): the answer is written on the connection
 * (the reply hijacked, with the headers Fastify would have sent: CORS, the security headers; the
 * connection is closed with the stream); the route turns compression off anyway
 * (`compress: false`: a compressor would hold the events back), and `Cache-Control: no-transform` and `X-Accel-Buffering: no` ask proxies not to
 * buffer or rewrite it.
 *
 * Each event is `id: <number>`, `event: <type>`, `data: <JSON>`. The stream opens with `retry:`
 * (how long a browser waits before reconnecting), sends a comment line every `heartbeatMs` (a
 * proxy's idle timeout never sees it silent), and holds at most `maxBufferedBytes` for a client
 * that does not read: past that the client is dropped, reconnects and replays what it missed.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVERY_ANSWER_HEADERS } from './security-headers';

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

/**
 * An event's JSON, made once for all the streams it goes to: the hub passes the same object to
 * each (live.ts renders an event once). So an object sent is not changed afterwards.
 */
const json = new WeakMap<object, string>();

function jsonOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = json.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    json.set(data, text);
  }
  return text;
}

/** A period's beats are written in this many ticks, each to a share of the streams. */
const HEARTBEAT_SLOTS = 20;

interface Heartbeats {
  timer: NodeJS.Timeout;
  /** The streams by slot; a tick beats one slot, the next tick the next. */
  slots: Set<() => void>[];
  next: number;
}

/**
 * The heartbeats: one timer for all the streams of this server, not one per stream (a stream's
 * memory is the connection's own, docs/ORDERS.md, "Live updates"). The timer ticks
 * `HEARTBEAT_SLOTS` times a period and each tick beats one slot's streams; a new stream joins
 * the slot with the fewest, so each still hears a beat every period (the first within one) while
 * a tick writes to a twentieth of them. One beat for all at once held the event loop while it
 * wrote to every connection: with 1,500 streams on a server the orders placed at that moment
 * waited 100-240 ms, every 20 s (docs/BENCHMARKS.md, "Ten times the evening").
 */
const beats = new Map<number, Heartbeats>();

export function onHeartbeat(ms: number, beat: () => void): () => void {
  let group = beats.get(ms);
  if (!group) {
    const made: Heartbeats = {
      slots: Array.from({ length: HEARTBEAT_SLOTS }, () => new Set<() => void>()),
      next: 0,
      timer: setInterval(
        () => {
          const slot = made.slots[made.next] as Set<() => void>;
          made.next = (made.next + 1) % HEARTBEAT_SLOTS;
          for (const b of slot) b();
        },
        Math.max(1, Math.floor(ms / HEARTBEAT_SLOTS)),
      ),
    };
    made.timer.unref();
    group = made;
    beats.set(ms, made);
  }
  const slot = group.slots.reduce((fewest, s) => (s.size < fewest.size ? s : fewest));
  slot.add(beat);
  const mine = group;
  return () => {
    slot.delete(beat);
    if (mine.slots.every((s) => s.size === 0) && beats.get(ms) === mine) {
      clearInterval(mine.timer);
      beats.delete(ms);
    }
  };
}

/**
 * Starts the answer as an event stream and gives what writes to it. The answer is written on the
 * connection itself (the reply hijacked): no stream object between the events and the socket,
 * so an idle stream costs its connection and little more. The headers Fastify would have sent
 * go with it: those the hooks set before the route (CORS) and the security headers of an
 * answer that is not a document (http/security-headers.ts); the app's onSend hooks do not run.
 */
export function openEventStream(reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
  const { retryMs, heartbeatMs, maxBufferedBytes } = { ...SSE_DEFAULTS, ...options };
  const res = reply.raw;
  const listeners: (() => void)[] = [];
  let closed = false;
  let stopBeating = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    stopBeating();
    res.end();
    for (const listener of listeners.splice(0)) listener();
  };
  /** Writes, or drops a client whose unread bytes passed the bound. */
  const write = (text: string): boolean => {
    if (closed) return false;
    const unread = res.writableLength + (res.socket?.writableLength ?? 0);
    if (unread > maxBufferedBytes) {
      close();
      res.socket?.destroy();
      return false;
    }
    res.write(text);
    return true;
  };
  reply.hijack();
  res.on('close', close);
  res.on('error', close);
  // the connection ends with the stream: a stream ended by a stopping server must not leave it
  // open as an idle keep-alive connection (the server's close would wait for it)
  res.shouldKeepAlive = false;
  // (Fastify types a header it holds as possibly undefined; those set are values)
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    ...EVERY_ANSWER_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  write(`retry: ${retryMs}\n\n`);
  stopBeating = onHeartbeat(heartbeatMs, () => write(': ping\n\n'));
  return {
    send: ({ id, event, data }) => write(`id: ${id}\nevent: ${event}\ndata: ${jsonOf(data)}\n\n`),
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
