/**
 * What happens to stored pictures over time, on the database of the run (SQLite, or PostgreSQL
 * with TEST_DATABASE_URL): a picture nothing refers to is deleted with its files, others stay;
 * a deleted restaurant's pictures all go; uploads from before processing are reprocessed.
 */
import { imageIdOf, imageKeys, imageVariants } from '@qrmenu/shared/image-variants';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sweepAllPictures, sweepPictures } from '../src/images/lifecycle';
import { processImage } from '../src/images/process';
import { reprocessAll } from '../src/images/reprocess';
import { storeImage } from '../src/images/store';
import { picturesRepository } from '../src/repos/pictures';
import { parseImages } from '../src/repos/products';
import { createCategory, createProduct, createRestaurant } from './helpers';
import { memoryStorage } from './memory-storage';
import { phonePhoto } from './photos';
import { fileApp } from './world';

const ctx = fileApp();

const smallPicture = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A processed picture stored in `storage` and recorded as the restaurant's. */
async function ownedPicture(
  storage: ReturnType<typeof memoryStorage>,
  restaurantId: string,
  colour = '#c03020',
) {
  const stored = await storeImage(storage, await processImage(await smallPicture(colour)));
  await picturesRepository(ctx.db).add(
    restaurantId,
    [{ id: stored.id, bytes: stored.bytes }],
    new Date().toISOString(),
  );
  return stored;
}

describe('sweepPictures', () => {
  it('deletes the files and rows of pictures nothing refers to, and keeps the rest', async () => {
    const storage = memoryStorage();
    const r = await createRestaurant(ctx);
    const cover = await ownedPicture(storage, r.id);
    const kept = await ownedPicture(storage, r.id);
    const dropped = await ownedPicture(storage, r.id);
    await ctx.db.updateTable('restaurants').set({ image: cover.url }).where('id', '=', r.id).execute();
    const cat = await createCategory(ctx, r.id);
    await createProduct(ctx, r.id, cat.id, {
      images: [{ file: kept.url }, { file: 'https://example.uz/a.jpg' }],
    });
    expect(await picturesRepository(ctx.db).usedBytes(r.id)).toBe(cover.bytes + kept.bytes + dropped.bytes);
    expect(await picturesRepository(ctx.db).referencedIds(r.id)).toEqual(new Set([cover.id, kept.id]));

    expect(await sweepPictures(ctx.app.repos, storage, r.id)).toBe(1);
    for (const key of imageKeys(dropped.id)) expect(storage.files.has(key)).toBe(false);
    for (const key of [...imageKeys(cover.id), ...imageKeys(kept.id)])
      expect(storage.files.has(key)).toBe(true);
    expect(await picturesRepository(ctx.db).usedBytes(r.id)).toBe(cover.bytes + kept.bytes);
    expect(await sweepPictures(ctx.app.repos, storage, r.id)).toBe(0);
  });

  it("never deletes another restaurant's picture, even one referred to from here", async () => {
    const storage = memoryStorage();
    const mine = await createRestaurant(ctx);
    const theirs = await createRestaurant(ctx);
    const their = await ownedPicture(storage, theirs.id);
    await ctx.db
      .updateTable('restaurants')
      .set({ logotype: their.url })
      .where('id', '=', theirs.id)
      .execute();
    await ctx.db.updateTable('restaurants').set({ image: their.url }).where('id', '=', mine.id).execute();
    await ctx.db.updateTable('restaurants').set({ image: null }).where('id', '=', mine.id).execute();
    expect(await sweepPictures(ctx.app.repos, storage, mine.id)).toBe(0);
    expect(storage.files.has(`${their.id}.jpg`)).toBe(true);
  });

  it('deletes every picture of a deleted restaurant (sweepAllPictures finds it)', async () => {
    const storage = memoryStorage();
    const r = await createRestaurant(ctx);
    const cover = await ownedPicture(storage, r.id);
    await ctx.db.updateTable('restaurants').set({ image: cover.url }).where('id', '=', r.id).execute();
    await ctx.db.deleteFrom('restaurants').where('id', '=', r.id).execute();
    expect(await sweepAllPictures(ctx.app.repos, storage)).toBeGreaterThanOrEqual(1);
    expect(storage.files.has(`${cover.id}.jpg`)).toBe(false);
    expect(await picturesRepository(ctx.db).usedBytes(r.id)).toBe(0);
  });
});

describe('reprocessAll (uploads from before processing)', () => {
  it('makes them processed pictures: variants, no metadata, references swapped, old files gone', async () => {
    const storage = memoryStorage();
    const r = await createRestaurant(ctx);
    const photo = await phonePhoto({ seed: 11, width: 1600, height: 1200, orientation: 6 });
    // what the server stored before this change: the bytes as uploaded, 24-hex names
    const oldPhoto = '0123456789abcdef01234567.jpg';
    const oldLogo = 'fedcba9876543210fedcba98.png';
    const broken = 'aaaaaaaaaaaaaaaaaaaaaaaa.jpg';
    await storage.put(oldPhoto, photo, 'image/jpeg');
    await storage.put(oldLogo, await smallPicture('#0a6847'), 'image/png');
    await storage.put(broken, Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), 'image/jpeg');
    await ctx.db
      .updateTable('restaurants')
      .set({ image: `/uploads/${oldPhoto}`, logotype: `/uploads/${oldLogo}` })
      .where('id', '=', r.id)
      .execute();
    const cat = await createCategory(ctx, r.id);
    const product = await createProduct(ctx, r.id, cat.id, {
      images: [
        { file: `/uploads/${oldPhoto}` },
        { file: `/uploads/${broken}` },
        { file: 'https://example.uz/x.jpg' },
      ],
    });

    const progress: Array<[number, number]> = [];
    const report = await reprocessAll(ctx.app.repos, storage, (done, total) => progress.push([done, total]));
    // the photo is referred to twice in the restaurant (cover, product): one picture for both
    expect(report).toMatchObject({ total: 3, converted: 2, deletedOld: 2 });
    expect(report.failed).toEqual([{ url: `/uploads/${broken}`, reason: 'not_an_image' }]);
    expect(progress.at(0)).toEqual([0, 3]);
    expect(progress.at(-1)).toEqual([3, 3]);

    const row = await ctx.db
      .selectFrom('restaurants')
      .select(['image', 'logotype'])
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    const images = parseImages(
      (
        await ctx.db
          .selectFrom('products')
          .select('images')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow()
      ).images,
    ).map((i) => i.file);
    expect(imageIdOf(row.image!)).not.toBeNull();
    expect(imageIdOf(row.logotype!)).not.toBeNull();
    expect(images[0]).toBe(row.image);
    expect(images.slice(1)).toEqual([`/uploads/${broken}`, 'https://example.uz/x.jpg']); // left as they were
    expect(storage.files.has(oldPhoto)).toBe(false);
    expect(storage.files.has(oldLogo)).toBe(false);
    expect(storage.files.has(broken)).toBe(true);

    // every variant is there, upright, without the phone's metadata
    for (const url of [row.image!, row.logotype!, images[0]!]) {
      for (const key of imageKeys(imageIdOf(url)!)) expect(storage.files.has(key), key).toBe(true);
    }
    const main = await sharp(storage.files.get(storage.keyOf(row.image!)!)!.body).metadata();
    expect([main.width, main.height, main.exif, main.icc]).toEqual([960, 1280, undefined, undefined]); // upright, 960 wide
    expect(imageVariants(row.image!)).not.toBeNull();
    expect(await picturesRepository(ctx.db).usedBytes(r.id)).toBeGreaterThan(0);

    // a second run has nothing left to do but the broken file
    const again = await reprocessAll(ctx.app.repos, storage);
    expect(again).toMatchObject({ total: 1, converted: 0, deletedOld: 0, swept: 0 });
  });
});
