/**
 * Reading the integration feed: a hard size cap that holds without Content-Length (bytes
 * counted as they stream, after decompression) and redirects only within the feed's origin.
 * Real HTTP servers on 127.0.0.1.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_MAX_BYTES, IntegrationUnavailableError, loadFeed } from '../src/integration';
import { adminUser, createTestApp, createUser, expectError, snapshot } from './helpers';

const FEED = {
  provider: 'feed',
  restaurants: [{ id: 'ext-1', name: 'Kafe', categories: [{ id: 'c-1', title: 'Choy', products: [] }] }],
};

interface TestServer {
  url: string;
  hits: string[];
  /** bytes the server managed to write before the client went away */
  written: () => number;
  close(): Promise<void>;
}

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, count: (n: number) => void) => void,
) {
  let written = 0;
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res, (n) => {
      written += n;
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    written: () => written,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  } satisfies TestServer;
}

/** Writes 64 KiB chunks forever (chunked, no Content-Length) until the client hangs up. */
function endless(res: ServerResponse, count: (n: number) => void): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"provider":"feed","restaurants":[');
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) count(chunk.length);
    if (!res.destroyed) res.once('drain', pump);
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

let endlessServer: TestServer;
beforeAll(async () => {
  endlessServer = await serve((_req, res, count) => endless(res, count));
});
afterAll(async () => {
  await endlessServer?.close();
});

const rejectsUnavailable = async (promise: Promise<unknown>, message: RegExp) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrationUnavailableError);
  expect((err as Error).message).toMatch(message);
};

describe('size cap', () => {
  it('holds without Content-Length: a body streamed forever is cut at the cap', async () => {
    await rejectsUnavailable(
      loadFeed({ url: `${endlessServer.url}/feed.json`, maxBytes: 1024 * 1024 }),
      /larger than 1048576 bytes/,
    );
    // the reader stopped: the server could not push much past the cap (socket buffers aside)
    await new Promise((r) => setTimeout(r, 50));
    expect(endlessServer.written()).toBeLessThan(16 * 1024 * 1024);
  });

  it('counts decompressed bytes: a small gzip body that inflates past the cap is refused', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const feedGz = gzipSync(JSON.stringify(FEED));
    const server = await serve((req, res) => {
      const body = req.url === '/bomb' ? bomb : feedGz;
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(body);
    });
    try {
      await rejectsUnavailable(loadFeed({ url: `${server.url}/bomb`, maxBytes: 1024 * 1024 }), /larger than/);
      // a gzip feed within the cap is read as JSON
      const feed = await loadFeed({ url: `${server.url}/feed`, maxBytes: 1024 * 1024 });
      expect(feed.restaurants.map((r) => r.id)).toEqual(['ext-1']);
    } finally {
      await server.close();
    }
  });

  it('a declared Content-Length over the cap is refused before reading', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(4 * 1024 * 1024) });
      res.write('{');
      // the rest never comes: the client must not wait for it
    });
    try {
      await rejectsUnavailable(
        loadFeed({ url: `${server.url}/feed.json`, maxBytes: 1024 * 1024, timeoutMs: 10_000 }),
        /larger than/,
      );
    } finally {
      await server.close();
    }
  });

  it('a file:// feed over the cap is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrmenu-feed-cap-'));
    try {
      const file = join(dir, 'feed.json');
      writeFileSync(file, JSON.stringify({ ...FEED, padding: 'x'.repeat(2 * 1024 * 1024) }));
      await rejectsUnavailable(
        loadFeed({ url: pathToFileURL(file).href, maxBytes: 1024 * 1024 }),
        /larger than/,
      );
      writeFileSync(file, JSON.stringify(FEED));
      expect(
        (await loadFeed({ url: pathToFileURL(file).href, maxBytes: 1024 * 1024 })).restaurants,
      ).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the default cap is 20 MB', () => {
    expect(FEED_MAX_BYTES).toBe(20 * 1024 * 1024);
  });
});

describe('redirects', () => {
  let elsewhere: TestServer;
  let origin: TestServer;
  beforeAll(async () => {
    elsewhere = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(FEED));
    });
    origin = await serve((req, res) => {
      const to = (location: string, status = 302) => res.writeHead(status, { location }).end();
      if (req.url === '/moved') to('/feed.json', 301);
      else if (req.url === '/relative') to('feed.json', 307);
      else if (req.url === '/absolute-same') to(`${origin.url}/feed.json`, 308);
      else if (req.url === '/away') to(`${elsewhere.url}/feed.json`);
      else if (req.url === '/scheme') to('file:///etc/passwd');
      else if (req.url?.startsWith('/loop')) to(`/loop${(req.url.length % 7) + 1}`);
      else if (req.url === '/nowhere') res.writeHead(302).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(FEED));
    });
  });
  afterAll(async () => {
    await origin?.close();
    await elsewhere?.close();
  });

  it("are followed within the feed's origin", async () => {
    for (const path of ['/moved', '/relative', '/absolute-same']) {
      const feed = await loadFeed({ url: `${origin.url}${path}` });
      expect(feed.restaurants[0]?.id, path).toBe('ext-1');
    }
  });

  it('to another origin, another scheme, without Location or in a loop: refused, the target never asked', async () => {
    await rejectsUnavailable(loadFeed({ url: `${origin.url}/away` }), /redirects outside/);
    await rejectsUnavailable(loadFeed({ url: `${origin.url}/scheme` }), /redirects outside/);
    await rejectsUnavailable(loadFeed({ url: `${origin.url}/nowhere` }), /without a Location/);
    expect(elsewhere.hits).toEqual([]);
    const before = origin.hits.length;
    await rejectsUnavailable(loadFeed({ url: `${origin.url}/loop` }), /too many times/);
    expect(origin.hits.length - before).toBe(4); // the first request and 3 redirects
  });

  it('through the API: a cross-origin redirect and an endless feed answer 502 and change nothing', async () => {
    for (const url of [`${origin.url}/away`, `${endlessServer.url}/feed.json`]) {
      const ctx = await createTestApp({ integrationFeedUrl: url });
      try {
        const admin = await adminUser(ctx);
        const manager = await createUser(ctx, 'manager');
        const before = await snapshot(ctx.db);
        const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
          ctx.app.inject({
            method,
            url: `/api${path}`,
            headers: { authorization: `Bearer ${admin.token}` },
            ...(payload ? { payload } : {}),
          });
        expectError(await call('GET', '/admin/integration/restaurants'), 502, 'bad_gateway');
        expectError(
          await call('POST', '/admin/integration/restaurants/create', {
            id: 'ext-1',
            manager_id: manager.id,
          }),
          502,
          'bad_gateway',
        );
        expect(await snapshot(ctx.db)).toBe(before);
      } finally {
        await ctx.close();
      }
    }
    expect(elsewhere.hits).toEqual([]);
  }, 60_000);
});
