import { vi } from 'vitest';

export interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  body: string | FormData | null;
}

type Reply = { status?: number; body?: unknown; raw?: string } | Error;

/**
 * A fake `fetch` answering from a table of handlers `(req) => reply`. Records each request.
 * Installed with `vi.stubGlobal`; undo with `vi.unstubAllGlobals()`.
 */
export function fakeFetch(handler: (req: Recorded) => Reply | Promise<Reply>) {
  const calls: Recorded[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const contentType = req.headers.get('content-type') ?? '';
    let body: string | FormData | null = null;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      body = contentType.startsWith('multipart/form-data') ? await req.formData() : await req.text();
    }
    const rec: Recorded = { method: req.method, url: req.url, headers: req.headers, body };
    calls.push(rec);
    const reply = await handler(rec);
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
