/**
 * The one fake of the HTTP API in unit tests: `fetch` stubbed with answers per
 * `'METHOD /path'` (the path after the API base, no query string), so the real ky client, query
 * hooks and pages run. Every request is recorded with its parsed body.
 */
import { type Mock, vi } from 'vitest';

export interface StubCall {
  method: string;
  /** The whole URL (`http://localhost:3000/api/admin/restaurants?x=1`). */
  url: string;
  /** The path after the API base: `/admin/restaurants`. */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, FormData (multipart), text, or undefined (GET, DELETE, empty). */
  body: unknown;
}

/**
 * An answer (status defaults to 200; extra `headers` such as `Retry-After`), raw text instead of
 * JSON, or an Error to throw (network down).
 */
export type StubReply =
  | {
      status?: number;
      body?: unknown;
      raw?: string;
      /** A body that arrives over time (a server-sent events stream: `eventStream()`). */
      stream?: ReadableStream<Uint8Array>;
      headers?: Record<string, string>;
    }
  | Error;
export type StubRoute = StubReply | ((call: StubCall) => StubReply | Promise<StubReply>);
/** `'GET /admin/restaurants'`, or `'*'` for every request no other key matches. */
export type StubRoutes = Record<string, StubRoute>;

export interface ApiStub {
  /** Every request, in order. */
  readonly calls: StubCall[];
  /** The stubbed `fetch` (a vitest mock). */
  readonly fetch: Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
  /** The requests other than GET: what the screen changed. */
  writes(): StubCall[];
  /** The requests of one route (`'GET /auth/profile'`). */
  callsTo(route: string): StubCall[];
  /** Adds or replaces answers. */
  answer(routes: StubRoutes): void;
  /** Holds the answers of `route` (pending, as on a slow network) until `release()` is called. */
  hold(route: string): { release: () => void };
}

const NOT_FOUND: StubReply = {
  status: 404,
  body: { error: { code: 'not_found', message: 'no stubbed route' } },
};

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('application/json') ? JSON.parse(text) : text;
}

/** Stubs `fetch` with `routes`; unknown routes answer 404 with the contract's error body. */
export function stubApi(routes: StubRoutes = {}): ApiStub {
  const table: StubRoutes = { ...routes };
  const held = new Map<string, Promise<void>>();
  const calls: StubCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const call: StubCall = {
      method: request.method,
      url: request.url,
      path,
      search: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    };
    calls.push(call);
    const key = `${request.method} ${path}`;
    await held.get(key);
    const route = table[key] ?? table['*'];
    const reply = (typeof route === 'function' ? await route(call) : route) ?? NOT_FOUND;
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    if (reply.stream) {
      // a real stream: the reader sees each chunk when it is sent, and an abort ends it
      request.signal?.addEventListener('abort', () => reply.stream?.cancel().catch(() => {}));
      return new Response(reply.stream, {
        status,
        headers: { 'content-type': 'text/event-stream', ...reply.headers },
      });
    }
    const text = reply.raw ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    fetch,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    answer: (more) => Object.assign(table, more),
    hold(route) {
      let release = () => {};
      held.set(
        route,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return { release: () => release() };
    },
  };
}

/** A server-sent events stream under a test's control: the stub answers with `reply`. */
export interface EventStream {
  reply: StubReply;
  /** Sends one event (`data` as JSON unless a string), with its `id` when given. */
  send(event: string, data: unknown, id?: string | number): void;
  /** Sends `retry:`: how long the reader waits before it reconnects. */
  retry(ms: number): void;
  /** Ends the stream as a server closing the connection would. */
  close(): void;
  /** Breaks the connection (a network error in the reader). */
  fail(): void;
}

/** A fresh stream to answer one request with (`stubApi({'GET /x/events': () => s.reply})`). */
export function eventStream(): EventStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
    },
  });
  return {
    reply: { stream },
    send(event, data, id) {
      if (!open) return;
      const payload = typeof data === 'string' ? data : JSON.stringify(data);
      controller.enqueue(
        encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${payload}\n\n`),
      );
    },
    retry(ms) {
      if (open) controller.enqueue(encoder.encode(`retry: ${ms}\n\n`));
    },
    close() {
      if (open) controller.close();
      open = false;
    },
    fail() {
      if (open) controller.error(new TypeError('network error'));
      open = false;
    },
  };
}
