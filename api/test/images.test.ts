/**
 * The picture pipeline on phone photos made at test time: what a guest can download carries no
 * EXIF, GPS, camera or colour profile; the orientation is applied; every variant of the naming
 * rule exists in its format and width; a renamed text file and a pixel bomb are refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  imageKey,
  imageKeys,
  LARGEST_IMAGE_WIDTH,
} from '@qrmenu/shared/image-variants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageError } from '../src/images/errors';
import { type ProcessedImage, processImage } from '../src/images/process';
import { PHOTO_HEIGHT, PHOTO_WIDTH, phonePhoto, pixelBomb } from './photos';

const dir = mkdtempSync(join(tmpdir(), 'qrmenu-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasExiftool = (() => {
  try {
    execFileSync('exiftool', ['-ver'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** exiftool's tags of a file, in every group, without the ones about the file itself. */
function exifTags(path: string): Record<string, unknown> {
  const [tags] = JSON.parse(execFileSync('exiftool', ['-j', '-a', '-G1', path], { encoding: 'utf8' })) as [
    Record<string, unknown>,
  ];
  return Object.fromEntries(
    Object.entries(tags).filter(([k]) => !/^(SourceFile|System:|File:|ExifTool:|Composite:)/.test(k)),
  );
}

describe('a phone photo (4032 × 3024, EXIF orientation 6, GPS, make/model, Display P3)', () => {
  let photoPath: string;
  let result: ProcessedImage;

  beforeAll(async () => {
    photoPath = join(dir, 'phone.jpg');
    writeFileSync(photoPath, await phonePhoto({ orientation: 6, seed: 7 }));
    // the fixture really carries what a phone writes, or the checks below prove nothing
    const meta = await sharp(photoPath).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif).toBeDefined();
    expect(meta.icc).toBeDefined();
    if (hasExiftool) {
      const tags = exifTags(photoPath);
      expect(JSON.stringify(tags)).toMatch(/GPSLatitude/);
      expect(JSON.stringify(tags)).toMatch(/iPhone 13 Pro/);
    }
    result = await processImage(photoPath);
  }, 60_000);

  it('makes every file of the naming rule, the main JPEG first', () => {
    expect(result.id).toMatch(/^[0-9a-f]{32}$/);
    expect(result.files.map((f) => f.key)).toEqual(imageKeys(result.id));
    expect(result.files).toHaveLength(IMAGE_WIDTHS.length * IMAGE_FORMATS.length);
  });

  it('is rotated upright: portrait, the largest variant 960 wide', () => {
    expect(result.width).toBe(LARGEST_IMAGE_WIDTH);
    expect(result.height).toBe(Math.round((LARGEST_IMAGE_WIDTH * PHOTO_WIDTH) / PHOTO_HEIGHT));
  });

  it('has each variant in its format and width, with the same aspect', async () => {
    const format = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;
    const mime = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
    for (const width of IMAGE_WIDTHS) {
      for (const f of IMAGE_FORMATS) {
        const file = result.files.find((x) => x.key === imageKey(result.id, width, f));
        expect(file, `${width} ${f}`).toBeDefined();
        expect(file!.contentType).toBe(mime[f]);
        const meta = await sharp(file!.body).metadata();
        expect(meta.format, `${width} ${f}`).toBe(format[f]);
        expect(meta.width, `${width} ${f}`).toBe(width);
        expect(meta.height! / meta.width!).toBeCloseTo(PHOTO_WIDTH / PHOTO_HEIGHT, 1);
      }
    }
  });

  it('is small enough for its use: a 240 px thumbnail in AVIF under 16 KiB, the main JPEG under 250 KiB', () => {
    const size = (key: string) => result.files.find((f) => f.key === key)!.body.length;
    expect(size(imageKey(result.id, 240, 'avif'))).toBeLessThan(16 * 1024);
    expect(size(imageKey(result.id, 960, 'jpg'))).toBeLessThan(250 * 1024);
  });

  it('keeps no metadata in any file (sharp reads no EXIF, ICC, XMP or orientation)', async () => {
    for (const file of result.files) {
      const meta = await sharp(file.body).metadata();
      expect(meta.exif, file.key).toBeUndefined();
      expect(meta.icc, file.key).toBeUndefined();
      expect(meta.xmp, file.key).toBeUndefined();
      expect(meta.iptc, file.key).toBeUndefined();
      expect(meta.orientation ?? 1, file.key).toBe(1);
      expect(file.body.includes('iPhone'), file.key).toBe(false);
      expect(file.body.includes('Apple'), file.key).toBe(false);
    }
  });

  it.runIf(hasExiftool)('keeps nothing exiftool can read: no EXIF, GPS, make, model, XMP or ICC', () => {
    for (const file of result.files) {
      const path = join(dir, file.key);
      writeFileSync(path, file.body);
      const tags = exifTags(path);
      const names = Object.keys(tags).join(' ');
      expect(names, file.key).not.toMatch(/EXIF|IFD0|GPS|XMP|ICC|IPTC|Make|Model|Orientation|Software/i);
    }
  });

  it('turns the P3 colours into sRGB (not just drops the profile)', async () => {
    // sRGB #c03020 stored as P3 numbers (177, 61, 43): converted back it is (192, 49, 33) again;
    // a pipeline that only dropped the profile would show the P3 numbers, a duller red
    const p3 = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c03020' } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const stored = await sharp(p3, { ignoreIcc: true }).raw().toBuffer();
    expect(Math.abs(stored[0]! - 0xc0)).toBeGreaterThan(10);
    const out = await processImage(p3);
    for (const f of IMAGE_FORMATS) {
      const file = out.files.find((x) => x.key === imageKey(out.id, 160, f))!;
      const px = await sharp(file.body).raw().toBuffer();
      expect(Math.abs(px[0]! - 0xc0), f).toBeLessThanOrEqual(4);
      expect(Math.abs(px[1]! - 0x30), f).toBeLessThanOrEqual(4);
      expect(Math.abs(px[2]! - 0x20), f).toBeLessThanOrEqual(4);
    }
  });
});

describe('what is refused', () => {
  const refusal = async (input: string | Buffer): Promise<string> => {
    try {
      await processImage(input);
    } catch (err) {
      expect(err).toBeInstanceOf(ImageError);
      return (err as ImageError).code;
    }
    throw new Error('not refused');
  };

  it('a text file renamed .jpg, even one that starts like a JPEG', async () => {
    const text = join(dir, 'menu.jpg');
    writeFileSync(text, 'Osh 25000 so‘m\nLag‘mon 22000 so‘m\n');
    expect(await refusal(text)).toBe('not_an_image');
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not a picture at all')]);
    expect(await refusal(fake)).toBe('not_an_image');
  });

  it('a JPEG cut in the middle (a broken upload)', async () => {
    const photo = await phonePhoto({ seed: 2, width: 800, height: 600 });
    expect(await refusal(photo.subarray(0, Math.floor(photo.length / 2)))).toBe('not_an_image');
  });

  it('an SVG or a TIFF: pictures, but not the kinds the contract accepts', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await refusal(svg)).toBe('not_an_image');
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect(await refusal(tiff)).toBe('not_an_image');
  });

  it('a pixel bomb (a PNG that says 20,000 × 20,000) from its header, before decoding', async () => {
    const started = performance.now();
    expect(await refusal(pixelBomb())).toBe('too_many_pixels');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('small and odd pictures', () => {
  it('never enlarges: a 200 px logo keeps 200 px in every variant, all files present', async () => {
    const logo = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await processImage(logo);
    expect(out.files.map((f) => f.key)).toEqual(imageKeys(out.id));
    for (const f of out.files) {
      const meta = await sharp(f.body).metadata();
      expect(meta.width).toBeLessThanOrEqual(200);
    }
    // transparency: kept in WebP, white in the JPEG fallback
    const webp = await sharp(out.files.find((f) => f.key === imageKey(out.id, 160, 'webp'))!.body).metadata();
    expect(webp.hasAlpha).toBe(true);
    const jpg = out.files.find((f) => f.key === `${out.id}.jpg`)!;
    const { data } = await sharp(jpg.body).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]].every((v) => v! > 240)).toBe(true);
  });

  it('takes a GIF (its first frame)', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a6847' } })
      .gif()
      .toBuffer();
    const out = await processImage(gif);
    expect(out.width).toBe(40);
    expect(out.height).toBe(30);
  });
});
