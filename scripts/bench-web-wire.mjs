// bench:web's view of the network from Chromium itself (DevTools protocol): what each request
// cost on the wire (`Network.loadingFinished.encodedDataLength`: headers and body as received,
// compressed or not; a response served from the HTTP cache costs 0), in the order requested.
import { gzipSync } from 'node:zlib';

/** Starts recording a page's requests; `entries` fills as they finish. */
export async function recordWire(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map();
  const entries = [];
  // the status on the wire: 304 for a revalidated file (the page itself sees the cached 200)
  const wireStatus = new Map();
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    wireStatus.set(e.requestId, e.statusCode);
    const entry = byId.get(e.requestId);
    if (entry) entry.wireStatus = e.statusCode;
  });
  cdp.on('Network.requestWillBeSent', (e) => {
    // a redirect reuses the id: the final request is the one that counts
    const entry = {
      url: e.request.url,
      type: e.type ?? 'Other',
      order: entries.length,
      wire: 0,
      done: false,
    };
    if (wireStatus.has(e.requestId)) entry.wireStatus = wireStatus.get(e.requestId);
    byId.set(e.requestId, entry);
    entries.push(entry);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const entry = byId.get(e.requestId);
    if (entry) entry.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = byId.get(e.requestId);
    if (!entry) return;
    entry.status = e.response.status;
    entry.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '';
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) entry.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = byId.get(e.requestId);
    if (!entry) return;
    entry.wire = e.encodedDataLength;
    entry.done = true;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const entry = byId.get(e.requestId);
    if (entry) entry.failed = e.errorText;
  });
  return {
    entries,
    /** how many requests had been sent so far (a cut in the timeline) */
    mark: () => entries.length,
    /** waits (up to 5 s) until every request has finished or failed, then stops recording */
    stop: async () => {
      const deadline = Date.now() + 5000;
      while (entries.some((e) => !e.done && !e.failed) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await cdp.detach().catch(() => {});
    },
  };
}

const KIND = { Script: 'js', Stylesheet: 'css', Document: 'html' };
const kindOf = (entry) =>
  KIND[entry.type] ?? (entry.type === 'Fetch' || entry.type === 'XHR' ? 'data' : 'other');

/** Bytes over the wire by kind (js, css, html, data = fetch/XHR, other) and in all. */
export function wireTotals(entries) {
  const totals = {
    js: 0,
    css: 0,
    html: 0,
    data: 0,
    other: 0,
    all: 0,
    requests: 0,
    fromCache: 0,
    revalidated: 0,
    encodings: new Set(),
  };
  for (const e of entries) {
    totals[kindOf(e)] += e.wire;
    totals.all += e.wire;
    totals.requests += 1;
    if (e.fromCache) totals.fromCache += 1;
    if (e.wireStatus === 304) totals.revalidated += 1;
    if (kindOf(e) === 'js' && !e.fromCache) totals.encodings.add(e.encoding || 'identity');
  }
  return totals;
}

/**
 * zod itself in a script: its core names each schema class by a string that survives
 * minification ("$ZodType", "$ZodObject"). Checked on this build: only the schemas chunk has
 * them; the form resolver in the UI facade mentions "$ZodError" and `_zod` but carries no zod.
 */
export const containsZod = (body) => body.includes('"$ZodType"') && body.includes('"$ZodObject"');

/** Collects the page's scripts and style sheets as they arrive: bodies, raw and gzip -9 sizes. */
export function collectScripts(page) {
  const files = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      files.push({
        url: res.url(),
        type: type === 'script' ? 'js' : 'css',
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        body,
      });
    } catch {
      // redirects and failed loads have no body
    }
  });
  return files;
}
