/**
 * The staff's live stream (`GET /api/manager/orders/events`, server-sent events) read with
 * `fetch`: an `EventSource` cannot send the bearer token. The parsing is `eventsource-parser`'s;
 * this file is the reconnecting loop around it, as a browser's `EventSource` would do: after a
 * drop it waits (the server's `retry:` if it sent one, else 1 s, doubling up to 15 s), then asks
 * again with `Last-Event-ID`, and the server sends what was missed first (docs/ORDERS.md, "Live
 * updates"). Coming back online or to the foreground (a phone waking up) reconnects at once.
 */
import { api, isApiError } from '@qrmenu/shared/api';
import { createParser } from 'eventsource-parser';

export type StreamState = 'connecting' | 'open' | 'down';

export interface StreamHandlers {
  /** One event: its type (`order`, `call`, `reset`, ...) and its data text. */
  onEvent(type: string, data: string): void;
  /** The stream is open; `resumed` when it went on from a last event id (nothing was missed). */
  onOpen(resumed: boolean): void;
  onState(state: StreamState): void;
  /** An answer that retrying cannot change (403, 404: no restaurant): the loop ends. */
  onFatal(error: unknown): void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 15_000;

/** Statuses a retry cannot change: the loop stops (a 401 has already ended the session). */
const FATAL = new Set([400, 401, 403, 404]);

/** Waits `ms`, or less when the browser comes back online or to the foreground, or the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      document.removeEventListener('visibilitychange', onVisible);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') done();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    document.addEventListener('visibilitychange', onVisible);
    signal.addEventListener('abort', done);
  });
}

/** Reads the restaurant's stream until `signal` aborts, reconnecting after every drop. */
export async function followOrderStream(
  restaurantId: string | undefined,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let lastEventId: string | null = null;
  let retryMs = FIRST_RETRY_MS;
  let failures = 0;
  const parser = createParser({
    onEvent: (event) => {
      if (event.id) lastEventId = event.id;
      handlers.onEvent(event.event ?? 'message', event.data);
    },
    onRetry: (ms) => {
      retryMs = ms;
    },
  });
  while (!signal.aborted) {
    handlers.onState('connecting');
    try {
      const res = await api.orders.events({ restaurantId, lastEventId, signal });
      failures = 0;
      handlers.onState('open');
      handlers.onOpen(lastEventId !== null);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      parser.reset();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (signal.aborted) return;
      if (isApiError(error) && FATAL.has(error.status)) {
        handlers.onFatal(error);
        return;
      }
      failures += 1;
    }
    if (signal.aborted) return;
    handlers.onState('down');
    // a server that closed the stream cleanly is asked again after its retry; failures back off
    await pause(Math.min(retryMs * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS), signal);
  }
}
