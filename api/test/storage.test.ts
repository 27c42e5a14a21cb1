/** The storage seam: the local driver, and `/uploads/:key` served through `app.storage`. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { localStorage } from '../src/storage/local';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const read = async (body: Readable) => Buffer.concat(await body.toArray());

describe('localStorage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qrmenu-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const storage = localStorage(dir);

  it('puts (a buffer or a stream, replacing), gets and deletes by key', async () => {
    await storage.put('ab12.png', PNG, 'image/png');
    await storage.put('ab12.png', Readable.from([Buffer.from('new')]), 'image/png');
    const file = await storage.get('ab12.png');
    expect(file).toMatchObject({ size: 3, contentType: 'image/png' });
    expect(file?.etag).toBeTruthy();
    expect((await read(file!.body)).toString()).toBe('new');
    expect(readdirSync(dir)).toEqual(['ab12.png']); // nothing half-written left behind
    await storage.delete('ab12.png');
    await storage.delete('ab12.png'); // a missing key is not an error
    expect(await storage.get('ab12.png')).toBeNull();
  });

  it('refuses keys that are not flat names', async () => {
    for (const key of ['../x.png', 'a/b.png', '..', '']) {
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, PNG, 'image/png')).rejects.toThrow();
    }
  });

  it('makes /uploads/<key> URLs and knows only its own', () => {
    expect(storage.url('ab12.png')).toBe('/uploads/ab12.png');
    expect(storage.keyOf('/uploads/ab12.png')).toBe('ab12.png');
    expect(storage.keyOf('https://example.com/uploads/ab12.png')).toBeNull();
    expect(storage.keyOf('/uploads/../secret')).toBeNull();
  });
});

describe('GET /uploads/:key', () => {
  let app: App;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-uploads-'));
    app = await buildApp({ dataDir, jwtSecret: 'x'.repeat(40) });
    await app.storage.put('c0ffee.png', PNG, 'image/png');
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the stored bytes, cached for good, and 304 for a current copy', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/c0ffee.png' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(res.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: '/uploads/c0ffee.png',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const since = String(res.headers['last-modified']);
    const byDate = await app.inject({
      method: 'GET',
      url: '/uploads/c0ffee.png',
      headers: { 'if-modified-since': since },
    });
    expect(byDate.statusCode).toBe(304);
    const changed = await app.inject({
      method: 'GET',
      url: '/uploads/c0ffee.png',
      headers: { 'if-none-match': 'W/"other"' },
    });
    expect(changed.statusCode).toBe(200);
  });
});
