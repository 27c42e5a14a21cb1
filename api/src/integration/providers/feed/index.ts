import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FeedRestaurant, type IntegrationFeed, integrationFeed } from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { type IntegrationProvider, IntegrationUnavailableError } from '../../provider';

export interface FeedProviderOptions {
  /** `http://`, `https://` or `file://` URL of the JSON feed (docs/API.md, the integration feed). */
  url: string;
  /** Time allowed for an HTTP fetch, redirects and body included. Default 15 s (the client waits 60 s for a sync). */
  timeoutMs?: number;
  /** Largest body accepted, in bytes after decompression. Default 20 MB. */
  maxBytes?: number;
}

export const FEED_PROVIDER_NAME = 'feed';
export const FEED_MAX_BYTES = 20 * 1024 * 1024;
/** Redirects followed, each within the feed's own origin. */
export const FEED_MAX_REDIRECTS = 3;

const tooLarge = (maxBytes: number) =>
  new IntegrationUnavailableError(`integration feed is larger than ${maxBytes} bytes`);

/**
 * Reads a body as UTF-8, counting its bytes as they arrive: past `maxBytes` it stops reading
 * (leaving the loop cancels the stream, so the rest is never received), whatever a
 * Content-Length said or did not say. For HTTP the bytes are the decompressed ones (fetch
 * inflates gzip/brotli), so a small compressed body cannot expand past the cap.
 */
async function readCapped(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let text = '';
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw tooLarge(maxBytes);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

async function readFeedFile(url: URL, maxBytes: number): Promise<string> {
  const stream = createReadStream(fileURLToPath(url));
  try {
    return await readCapped(stream, maxBytes);
  } catch (err) {
    stream.destroy();
    if (err instanceof IntegrationUnavailableError) throw err;
    throw new IntegrationUnavailableError('integration feed file cannot be read', { cause: err });
  }
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/**
 * GETs the feed, following at most FEED_MAX_REDIRECTS redirects and only to the feed's own
 * origin (a feed must not be able to point the server at another host, e.g. an internal one).
 */
async function fetchFeed(url: URL, timeoutMs: number, maxBytes: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let target = url;
  for (let redirects = 0; ; redirects++) {
    let response: Response;
    try {
      response = await fetch(target, { signal, headers: { accept: 'application/json' }, redirect: 'manual' });
    } catch (err) {
      throw new IntegrationUnavailableError('integration feed is unreachable', { cause: err });
    }
    const body = response.body;
    const discard = async () => {
      await body?.cancel().catch(() => undefined);
    };
    if (isRedirect(response.status)) {
      await discard();
      const location = response.headers.get('location');
      if (!location) throw new IntegrationUnavailableError('integration feed redirects without a Location');
      let next: URL;
      try {
        next = new URL(location, target);
      } catch {
        throw new IntegrationUnavailableError('integration feed redirects to an invalid address');
      }
      if (next.origin !== url.origin) {
        throw new IntegrationUnavailableError(`integration feed redirects outside ${url.origin}`);
      }
      if (redirects >= FEED_MAX_REDIRECTS) {
        throw new IntegrationUnavailableError('integration feed redirects too many times');
      }
      target = next;
      continue;
    }
    if (!response.ok) {
      await discard();
      throw new IntegrationUnavailableError(`integration feed answered HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (!response.headers.has('content-encoding') && Number.isFinite(declared) && declared > maxBytes) {
      await discard();
      throw tooLarge(maxBytes);
    }
    try {
      return body ? await readCapped(body, maxBytes) : '';
    } catch (err) {
      if (err instanceof IntegrationUnavailableError) throw err;
      throw new IntegrationUnavailableError('integration feed could not be read', { cause: err });
    }
  }
}

/** Ids must be unique where the importer matches on them, else a sync cannot be trusted. */
function assertUniqueIds(feed: IntegrationFeed): void {
  const dup = (where: string, ids: string[]) => {
    if (new Set(ids).size !== ids.length) {
      throw new IntegrationUnavailableError(`integration feed has duplicate ids in ${where}`);
    }
  };
  dup(
    'restaurants',
    feed.restaurants.map((r) => r.id),
  );
  for (const r of feed.restaurants) {
    dup(
      `categories of ${r.id}`,
      r.categories.map((c) => c.id),
    );
    const products = r.categories.flatMap((c) => c.products);
    dup(
      `products of ${r.id}`,
      products.map((p) => p.id),
    );
    for (const p of products) {
      dup(
        `options of ${p.id}`,
        p.options.map((o) => o.id),
      );
      for (const o of p.options)
        dup(
          `rows of ${o.id}`,
          o.rows.map((row) => row.id),
        );
    }
  }
}

/** The first few places a feed differs from its form (`restaurants.0.categories.1.products.2.price: ...`). */
function whereWrong(error: z.ZodError): string {
  const shown = error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  return error.issues.length > 3 ? `${shown}; and ${error.issues.length - 3} more` : shown;
}

/** Fetches and validates the whole feed. */
export async function loadFeed(options: FeedProviderOptions): Promise<IntegrationFeed> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch (err) {
    throw new IntegrationUnavailableError('INTEGRATION_FEED_URL is not a URL', { cause: err });
  }
  if (!['http:', 'https:', 'file:'].includes(url.protocol)) {
    throw new IntegrationUnavailableError('INTEGRATION_FEED_URL must be http(s):// or file://');
  }
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const text =
    url.protocol === 'file:'
      ? await readFeedFile(url, maxBytes)
      : await fetchFeed(url, options.timeoutMs ?? 15_000, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new IntegrationUnavailableError('integration feed is not JSON', { cause: err });
  }
  const parsed = integrationFeed.safeParse(json);
  if (!parsed.success) {
    // one wrong item refuses the whole feed (a sync must not take a product it cannot read for
    // one the feed removed): the answer says where, so that the feed's owner can find it
    throw new IntegrationUnavailableError(
      `integration feed does not have the expected form: ${whereWrong(parsed.error)}`,
      { cause: parsed.error },
    );
  }
  assertUniqueIds(parsed.data);
  return parsed.data;
}

/**
 * The embedded provider: a JSON document at a URL. Every call reads the feed afresh (a sync
 * must see the source as it is now). Its name ("feed"), stored as the restaurant type, is the
 * provider's, not the document's `provider` field (which is validated but informative only).
 */
export function createFeedProvider(options: FeedProviderOptions): IntegrationProvider {
  return {
    name: FEED_PROVIDER_NAME,
    async listRestaurants() {
      const feed = await loadFeed(options);
      return feed.restaurants.map((r) => ({ id: r.id, name: r.name }));
    },
    async fetchRestaurant(externalId: string): Promise<FeedRestaurant | null> {
      const feed = await loadFeed(options);
      return feed.restaurants.find((r) => r.id === externalId) ?? null;
    },
  };
}
