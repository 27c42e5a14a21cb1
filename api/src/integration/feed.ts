import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type FeedRestaurant, type IntegrationFeed, integrationFeed } from '@qrmenu/shared/schemas';
import { type IntegrationProvider, IntegrationUnavailableError } from './provider';

export interface FeedProviderOptions {
  /** `http://`, `https://` or `file://` URL of the JSON feed (CONTRACT.md, "Integration provider"). */
  url: string;
  /** Time allowed for an HTTP fetch, body included. Default 15 s (the client waits 60 s for a sync). */
  timeoutMs?: number;
  /** Largest body accepted. Default 20 MB. */
  maxBytes?: number;
}

export const FEED_PROVIDER_NAME = 'feed';

/** Reads the raw text of the feed, failing with `IntegrationUnavailableError`. */
async function readFeedText(url: URL, timeoutMs: number, maxBytes: number): Promise<string> {
  if (url.protocol === 'file:') {
    try {
      const text = await readFile(fileURLToPath(url), 'utf8');
      if (text.length > maxBytes) throw new IntegrationUnavailableError('integration feed is too large');
      return text;
    } catch (err) {
      if (err instanceof IntegrationUnavailableError) throw err;
      throw new IntegrationUnavailableError('integration feed file cannot be read', { cause: err });
    }
  }
  let response: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'follow' });
  } catch (err) {
    throw new IntegrationUnavailableError('integration feed is unreachable', { cause: err });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new IntegrationUnavailableError(`integration feed answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new IntegrationUnavailableError('integration feed is too large');
  }
  try {
    const text = await response.text();
    if (text.length > maxBytes) throw new IntegrationUnavailableError('integration feed is too large');
    return text;
  } catch (err) {
    if (err instanceof IntegrationUnavailableError) throw err;
    throw new IntegrationUnavailableError('integration feed could not be read', { cause: err });
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
  const text = await readFeedText(url, options.timeoutMs ?? 15_000, options.maxBytes ?? 20 * 1024 * 1024);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new IntegrationUnavailableError('integration feed is not JSON', { cause: err });
  }
  const parsed = integrationFeed.safeParse(json);
  if (!parsed.success) {
    throw new IntegrationUnavailableError('integration feed does not have the expected form', {
      cause: parsed.error,
    });
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
