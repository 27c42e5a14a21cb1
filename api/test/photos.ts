/**
 * Phone photos made at test time (no binary in the repository): 4032 × 3024 JPEGs of about
 * 2.3 MB that compress like a photo (smooth colour fields, detail, sensor noise), with what a
 * phone writes: camera make and model, a GPS position, an orientation and a Display P3 ICC
 * profile. Node strips the types, so the bench (scripts/bench-photos.mjs) imports this file too.
 */
import { writeFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const PHOTO_WIDTH = 4032;
export const PHOTO_HEIGHT = 3024;

/** Where it was taken: a position anyone could read back from an unprocessed upload. */
export const PHOTO_GPS = { lat: '41/1 18/1 0/1', lon: '69/1 16/1 0/1' } as const;
export const PHOTO_MAKE = 'Apple';
export const PHOTO_MODEL = 'iPhone 13 Pro';

export interface PhotoOptions {
  /** EXIF orientation (1-8); 6 = the sensor's landscape shown as portrait (rotate 90° CW). */
  orientation?: number;
  /** Varies the picture (the colour field); two seeds give two different photos. */
  seed?: number;
  width?: number;
  height?: number;
}

/**
 * A small deterministic pseudo-random generator (mulberry32): photos are the same on every run.
 * The tests' one (fakes/server.ts hands it on as `rng`): it lives here because plain Node (the
 * bench) imports this file, which can import nothing of the repository's.
 */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function field(w: number, h: number, next: () => number, spread: number): Buffer {
  const b = Buffer.alloc(w * h * 3);
  for (let i = 0; i < b.length; i++) b[i] = Math.max(0, Math.min(255, 128 + (next() - 0.5) * 2 * spread));
  return b;
}

/** Fine grain (sensor noise) over a picture of this size. */
const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .raw()
    .toBuffer();

/** The shared grain of a full-size photo, made once: it is the slow part. */
let grain: Promise<Buffer> | undefined;
function grainOf(width: number, height: number): Promise<Buffer> {
  if (width !== PHOTO_WIDTH || height !== PHOTO_HEIGHT) return noise(width, height);
  grain ??= noise(width, height);
  return grain;
}

/** The JPEG bytes of a phone photo. */
export async function phonePhoto(options: PhotoOptions = {}): Promise<Buffer> {
  const width = options.width ?? PHOTO_WIDTH;
  const height = options.height ?? PHOTO_HEIGHT;
  const next = random(options.seed ?? 1);
  const raw = (w: number, h: number) => ({ raw: { width: w, height: h, channels: 3 as const } });
  // large colour areas (plates, table, background) and mid-sized detail, both smooth when enlarged
  const areas = await sharp(field(64, 48, next, 110), raw(64, 48))
    .resize(width, height, { kernel: 'cubic' })
    .blur(8)
    .raw()
    .toBuffer();
  const detail = await sharp(field(168, 126, next, 70), raw(168, 126))
    .resize(width, height)
    .raw()
    .toBuffer();
  const fine = await grainOf(width, height);
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.max(0, Math.min(255, areas[i]! + (detail[i]! - 128) * 0.5 + (fine[i]! - 128) * 0.45));
  }
  return (
    sharp(out, raw(width, height))
      // orientation first: withMetadata would otherwise put its sRGB profile over the P3 one
      .withMetadata({ orientation: options.orientation ?? 1 })
      .withIccProfile('p3')
      .withExif({
        IFD0: {
          Make: PHOTO_MAKE,
          Model: PHOTO_MODEL,
          Software: '17.1',
        },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: PHOTO_GPS.lat,
          GPSLongitudeRef: 'E',
          GPSLongitude: PHOTO_GPS.lon,
        },
      })
      .jpeg({ quality: 90 })
      .toBuffer()
  );
}

export async function writePhonePhoto(path: string, options: PhotoOptions = {}): Promise<void> {
  await writeFile(path, await phonePhoto(options));
}

/**
 * A decompression bomb: a PNG whose header says 20,000 × 20,000 pixels (400 MP, 1.2 GB decoded)
 * in a few dozen bytes; its data is a single deflated row, as a bomb's first bytes would be.
 */
export function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + 20_000 * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
