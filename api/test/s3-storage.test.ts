/**
 * The S3 driver against s3rver (an S3-compatible server in Node) on 127.0.0.1: what it stores
 * reads back byte for byte with its type, missing keys are null, deletes are idempotent, URLs
 * go through the server or a public base. Its configuration from the S3_* variables:
 * settings.test.ts.
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Config, s3Storage } from '../src/storage/s3';
import { localBucket } from './s3-support';

const bucket = localBucket('menu-pictures', S3rver);
let config: S3Config;

beforeAll(async () => {
  config = await bucket.start();
});
afterAll(() => bucket.close());

describe('s3Storage', () => {
  it('stores a buffer and reads it back with its type, size and ETag', async () => {
    const storage = s3Storage(config);
    const bytes = Buffer.from('RIFF....WEBPVP8 fake but binary \u0000\u00ff');
    await storage.put('0123456789abcdef0123456789abcdef-320.webp', bytes, 'image/webp');
    const file = await storage.get('0123456789abcdef0123456789abcdef-320.webp');
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('image/webp');
    expect(file!.size).toBe(bytes.length);
    expect(file!.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(file!.lastModified).toBeInstanceOf(Date);
    expect((await buffer(file!.body)).equals(bytes)).toBe(true);
  });

  it('stores a stream and replaces a file of the same key', async () => {
    const storage = s3Storage(config);
    await storage.put('a.jpg', Buffer.from('first'), 'image/jpeg');
    await storage.put('a.jpg', Readable.from([Buffer.from('sec'), Buffer.from('ond')]), 'image/jpeg');
    const file = await storage.get('a.jpg');
    expect((await buffer(file!.body)).toString()).toBe('second');
  });

  it('answers null for a missing key and deletes without error, twice', async () => {
    const storage = s3Storage(config);
    expect(await storage.get('missing.jpg')).toBeNull();
    await storage.put('gone.avif', Buffer.from('x'), 'image/avif');
    await storage.delete('gone.avif');
    await storage.delete('gone.avif');
    expect(await storage.get('gone.avif')).toBeNull();
  });

  it('refuses keys that are not flat names', async () => {
    const storage = s3Storage(config);
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid/);
    await expect(storage.get('a/b.jpg')).rejects.toThrow(/invalid/);
    expect(() => storage.url('x/../../y')).toThrow(/invalid/);
  });

  it('makes /uploads/<key> URLs when served through the server, and reads their keys back', () => {
    const storage = s3Storage(config);
    expect(storage.url('k.jpg')).toBe('/uploads/k.jpg');
    expect(storage.keyOf('/uploads/k.jpg')).toBe('k.jpg');
    expect(storage.keyOf('https://example.com/k.jpg')).toBeNull();
    expect(storage.keyOf('/uploads/../k.jpg')).toBeNull();
  });

  it('makes <public base>/<key> URLs for a CDN, and still knows the server URLs of older rows', () => {
    const storage = s3Storage({ ...config, publicUrl: 'https://cdn.example.uz/menu' });
    expect(storage.url('k.jpg')).toBe('https://cdn.example.uz/menu/k.jpg');
    expect(storage.keyOf('https://cdn.example.uz/menu/k.jpg')).toBe('k.jpg');
    expect(storage.keyOf('/uploads/k.jpg')).toBe('k.jpg');
    expect(storage.keyOf('https://cdn.example.uz/other/k.jpg')).toBeNull();
  });
});
