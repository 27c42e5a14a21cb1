/**
 * Pictures through the API, on the run's database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL) and on both storage drivers: a phone photo is served without its GPS and
 * camera, upright, in every variant; a renamed text file and a pixel bomb are refused; a picture
 * nothing refers to is deleted (replaced, removed, product, category, restaurant deleted); the
 * quota and the per-account rate limit answer clear errors.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { imageIdOf, imageKeys } from '@qrmenu/shared/image-variants';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../src/storage/s3';
import {
  apiCall,
  createCategory,
  createProduct,
  createTestApp,
  createWorld,
  expectError,
  type FilePart,
  snapshot,
  type TestCtx,
  uploadAs,
  type World,
} from './helpers';
import { PHOTO_MAKE, PHOTO_MODEL, phonePhoto, pixelBomb } from './photos';
import { localBucket } from './s3-support';

/** Whether every file of the picture behind `url` is in the storage. */
async function storedAll(ctx: TestCtx, url: string): Promise<boolean> {
  const keys = imageKeys(imageIdOf(url)!);
  const found = await Promise.all(keys.map((k) => ctx.app.storage.get(k)));
  for (const f of found) f?.body.destroy();
  return found.every((f) => f !== null);
}
async function storedNone(ctx: TestCtx, url: string): Promise<boolean> {
  const keys = imageKeys(imageIdOf(url)!);
  const found = await Promise.all(keys.map((k) => ctx.app.storage.get(k)));
  for (const f of found) f?.body.destroy();
  return found.every((f) => f === null);
}

const small = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The behaviour both drivers must show. */
function pictureSuite(name: string, options: () => Promise<{ s3?: S3Config }>) {
  describe(`pictures on ${name}`, () => {
    let ctx: TestCtx;
    let w: World;
    beforeAll(async () => {
      ctx = await createTestApp(await options());
      w = await createWorld(ctx);
    });
    afterAll(async () => ctx?.close());
    const upload = (token: string, fields: Record<string, string>, files: FilePart[]) =>
      uploadAs(ctx, token, fields, files);
    const productImages = async (id: string) =>
      (
        JSON.parse(
          (
            await ctx.db
              .selectFrom('products')
              .select('images')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).images,
        ) as { file: string }[]
      ).map((i) => i.file);

    it('a phone photo is served upright, in every variant, without GPS, camera or profile', async () => {
      const photo = await phonePhoto({ seed: 21, width: 2016, height: 1512, orientation: 6 });
      const res = await upload(w.manager1.token, { product_id: w.own.product.id }, [
        { data: photo, filename: 'IMG_0001.JPG', type: 'image/jpeg' },
      ]);
      expect(res.statusCode).toBe(200);
      const url = (res.json() as { data: { file: string }[] }).data.at(-1)!.file;
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
      for (const key of imageKeys(imageIdOf(url)!)) {
        const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` });
        expect(served.statusCode, key).toBe(200);
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.exif, meta.icc, meta.xmp], key).toEqual([undefined, undefined, undefined]);
        expect(served.rawPayload.includes(PHOTO_MAKE), key).toBe(false);
        expect(served.rawPayload.includes(PHOTO_MODEL), key).toBe(false);
        expect(meta.height! > meta.width!, `${key} is portrait`).toBe(true);
      }
    });

    it('refuses a text file renamed .jpg (415) and a pixel bomb (413 too_many_pixels), storing nothing', async () => {
      const before = await snapshot(ctx.db);
      const text = Buffer.from('Osh 25000\nManti 18000\n');
      expectError(
        await upload(w.manager1.token, { product_id: w.own.product.id }, [
          { data: text, filename: 'osh.jpg', type: 'image/jpeg' },
        ]),
        415,
        'unsupported_media_type',
      );
      expectError(
        await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'image' }, [
          { data: pixelBomb(), filename: 'bomb.png', type: 'image/png' },
        ]),
        413,
        'too_many_pixels',
      );
      // a good picture with a bomb after it: the good one is not kept either
      expectError(
        await upload(w.manager1.token, { product_id: w.own.product.id }, [
          { data: await small('#fff') },
          { data: pixelBomb() },
        ]),
        413,
        'too_many_pixels',
      );
      expect(await snapshot(ctx.db)).toBe(before);
    });

    it('deletes what nothing refers to: a replaced logo, pictures removed by PUT, a deleted product and category', async () => {
      const logo1 = (
        await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'logotype' }, [
          { data: await small('#a00') },
        ])
      ).json().url as string;
      const logo2 = (
        await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'logotype' }, [
          { data: await small('#0a0') },
        ])
      ).json().url as string;
      expect(await storedNone(ctx, logo1)).toBe(true);
      expect(await storedAll(ctx, logo2)).toBe(true);

      // a product's pictures: add two, keep one by PUT, then empty the list
      const cat = await createCategory(ctx, w.own.restaurant.id);
      const product = await createProduct(ctx, w.own.restaurant.id, cat.id);
      const added = (
        await upload(w.manager1.token, { product_id: product.id }, [
          { data: await small('#00a') },
          { data: await small('#aa0') },
        ])
      )
        .json()
        .data.map((i: { file: string }) => i.file) as string[];
      const put = (images: { file: string }[]) =>
        apiCall(ctx, 'PUT', `/manager/products/${product.id}`, w.manager1.token, { images });
      expect((await put([{ file: added[1]! }])).statusCode).toBe(200);
      expect(await productImages(product.id)).toEqual([added[1]]);
      expect(await storedNone(ctx, added[0]!)).toBe(true);
      expect(await storedAll(ctx, added[1]!)).toBe(true);
      expect((await put([])).statusCode).toBe(200);
      expect(await storedNone(ctx, added[1]!)).toBe(true);

      // deleting the product, then a category with a photographed product
      const kept = (
        await upload(w.manager1.token, { product_id: product.id }, [{ data: await small('#0aa') }])
      ).json().data[0].file as string;
      expect(
        (await apiCall(ctx, 'DELETE', `/manager/products/${product.id}`, w.manager1.token)).statusCode,
      ).toBe(200);
      expect(await storedNone(ctx, kept)).toBe(true);
      const inCategory = await createProduct(ctx, w.own.restaurant.id, cat.id);
      const last = (
        await upload(w.manager1.token, { product_id: inCategory.id }, [{ data: await small('#a0a') }])
      ).json().data[0].file as string;
      expect(
        (await apiCall(ctx, 'DELETE', `/manager/category/delete/${cat.id}`, w.manager1.token)).statusCode,
      ).toBe(200);
      expect(await storedNone(ctx, last)).toBe(true);
      // the restaurant's own logo was never touched
      expect(await storedAll(ctx, logo2)).toBe(true);
    });

    it("deletes every picture of a deleted restaurant, and no other restaurant's", async () => {
      const other = (
        await upload(w.manager2.token, { product_id: w.other.product.id }, [{ data: await small('#123') }])
      ).json().data[0].file as string;
      const doomed = await createWorld(ctx);
      const cover = (
        await upload(doomed.manager1.token, { restaurant_id: doomed.own.restaurant.id, type: 'image' }, [
          { data: await small('#456') },
        ])
      ).json().url as string;
      const dish = (
        await upload(doomed.manager1.token, { product_id: doomed.own.product.id }, [
          { data: await small('#789') },
        ])
      ).json().data[0].file as string;
      const admin = doomed.admin.token;
      const res = await apiCall(
        ctx,
        'DELETE',
        `/manager/restaurants/delete?restaurantId=${doomed.own.restaurant.id}`,
        admin,
      );
      expect(res.statusCode).toBe(200);
      expect(await storedNone(ctx, cover)).toBe(true);
      expect(await storedNone(ctx, dish)).toBe(true);
      expect(await storedAll(ctx, other)).toBe(true);
    });
  });
}

pictureSuite('the local folder', async () => ({}));

const bucket = localBucket('menu', S3rver);
afterAll(() => bucket.close());
pictureSuite('an S3 bucket (s3rver)', async () => ({ s3: await bucket.start() }));

describe('the S3 driver in the app', () => {
  it('keeps files in the bucket, not in the uploads folder, and serves them through /uploads/ with 304s', async () => {
    const ctx = await createTestApp({ s3: await bucket.start() });
    try {
      const w = await createWorld(ctx);
      const res = await uploadAs(
        ctx,
        w.manager1.token,
        { restaurant_id: w.own.restaurant.id, type: 'image' },
        [{ data: await small('#0a6847') }],
      );
      const url = res.json().url as string;
      expect(
        existsSync(join(ctx.dataDir, 'uploads')) ? readdirSync(join(ctx.dataDir, 'uploads')) : [],
      ).toEqual([]);
      const file = await ctx.app.storage.get(url.replace('/uploads/', ''));
      expect((await buffer(file!.body)).length).toBe(file!.size);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toContain('immutable');
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await ctx.close();
    }
  });
});

describe('the S3 driver with a public base URL (a CDN)', () => {
  it('answers CDN URLs, the menu page loads the variants from there, and its CSP allows that origin', async () => {
    const ctx = await createTestApp({
      s3: { ...(await bucket.start()), publicUrl: 'https://cdn.example.uz/menu' },
    });
    try {
      const w = await createWorld(ctx);
      const res = await uploadAs(ctx, w.manager1.token, { product_id: w.own.product.id }, [
        { data: await small('#0a6847') },
      ]);
      const url = (res.json() as { data: { file: string }[] }).data.at(-1)!.file;
      expect(url).toMatch(/^https:\/\/cdn\.example\.uz\/menu\/[0-9a-f]{32}\.jpg$/);
      // the file is in the bucket under its key, and deleting the product deletes it there
      expect(await storedAll(ctx, url)).toBe(true);
      const page = await ctx.app.inject({ method: 'GET', url: `/m/${w.own.restaurant.slug}` });
      expect(page.body).toContain(`${url.replace('.jpg', '-240.avif')} 240w`);
      expect(String(page.headers['content-security-policy'])).toMatch(
        /img-src [^;]*https:\/\/cdn\.example\.uz/,
      );
      await apiCall(ctx, 'DELETE', `/manager/products/${w.own.product.id}`, w.manager1.token);
      expect(await storedNone(ctx, url)).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});

describe('limits', () => {
  it('a restaurant over its storage quota gets 413 quota_exceeded, nothing kept; each restaurant has its own', async () => {
    const ctx = await createTestApp({ pictureLimits: { quotaBytes: 24 * 1024 } });
    try {
      const w = await createWorld(ctx);
      const photo = await phonePhoto({ seed: 5, width: 800, height: 600 });
      const first = await uploadAs(ctx, w.manager1.token, { product_id: w.own.product.id }, [
        { data: photo },
      ]);
      // one 800 px photo in all its variants takes more than 24 KiB: refused, nothing kept
      expectError(first, 413, 'quota_exceeded');
      expect(readdirSync(join(ctx.dataDir, 'uploads'))).toEqual([]);
      const tiny = await uploadAs(ctx, w.manager1.token, { product_id: w.own.product.id }, [
        { data: await small('#fff') },
      ]);
      expect(tiny.statusCode).toBe(200);
      // another restaurant has its own quota
      const theirs = await uploadAs(ctx, w.manager2.token, { product_id: w.other.product.id }, [
        { data: await small('#000') },
      ]);
      expect(theirs.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('an account sending more uploads than the limit gets 429 rate_limited with Retry-After; others go on', async () => {
    const ctx = await createTestApp({ pictureLimits: { uploadsPerWindow: 2 } });
    try {
      const w = await createWorld(ctx);
      const send = (token: string, productId: string) =>
        small('#abc').then((data) => uploadAs(ctx, token, { product_id: productId }, [{ data }]));
      expect((await send(w.manager1.token, w.own.product.id)).statusCode).toBe(200);
      expect((await send(w.manager1.token, w.own.product.id)).statusCode).toBe(200);
      const third = await send(w.manager1.token, w.own.product.id);
      expectError(third, 429, 'rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(w.manager2.token, w.other.product.id)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
