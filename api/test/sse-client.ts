/**
 * A server-sent events reader over fetch streaming (as the staff's board reads its stream: the
 * bearer token in a header): the events as they arrive, waiting for one, closing. Used by the
 * orders' tests, the cluster test and `pnpm bench:orders`.
 */
export interface SseEvent {
  id: number | null;
  event: string;
  data: unknown;
  /** When it was parsed (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  retry: number | null;
  /** Resolves with the first event (from `from` on) that `match` accepts. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number, from?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
  /** Called with each event as it is parsed. */
  onEvent?: (e: SseEvent) => void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: 0,
    retry: null,
    ended: Promise.resolve(),
    next(match, timeoutMs = 10_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = stream.events.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no such event within ${timeoutMs} ms; got ${JSON.stringify(stream.events.map((e) => [e.id, e.event]))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
  if (!res.ok || !res.body) {
    stream.ended = res.text().then(() => undefined);
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const parse = (block: string) => {
    let id: number | null = null;
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        stream.comments++;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = Number(value);
      else if (field === 'event') event = value;
      else if (field === 'data') {
        data.push(value);
        any = true;
      } else if (field === 'retry') stream.retry = Number(value);
    }
    if (!any) return;
    const e: SseEvent = { id, event, data: JSON.parse(data.join('\n')), at: performance.now() };
    stream.events.push(e);
    stream.onEvent?.(e);
    for (const w of [...waiters]) w();
  };
  stream.ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          parse(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted or cut: ended
    }
  })();
  return stream;
}
