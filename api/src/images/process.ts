import { availableParallelism } from 'node:os';
import {
  IMAGE_FORMATS,
  IMAGE_MIME,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  imageKey,
  LARGEST_IMAGE_WIDTH,
  newImageId,
} from '@qrmenu/shared/image-variants';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { ImageError } from './errors';
import { Limiter } from './limiter';

/**
 * 50 megapixels: every phone's full-resolution JPEG (12-48 MP) passes; a 5 MB file claiming more
 * is a decompression bomb (a PNG of 20,000 × 20,000 blank pixels is a few hundred KiB), refused
 * from its header before a pixel is decoded.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/** What an upload may be, by its decoded content (the contract's four kinds). */
const INPUT_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** A tall picture is cut to this many times its width at most, so no variant is a 960 × 40,000 strip. */
const MAX_ASPECT = 4;

const CORES = Math.max(1, availableParallelism());
// One libvips thread per operation: parallelism comes from running operations side by side,
// bounded below, so pictures never take more than the machine's cores.
sharp.concurrency(1);
// libvips' operation cache keeps decoded images for reuse: useless for one-off uploads, and memory
sharp.cache(false);

/** Pictures processed at once (each holds one decoded picture of at most 960 px wide). */
const pictures = new Limiter(Math.min(2, CORES));
/** Encodes running at once, over all pictures: no more than the cores. */
const encodes = new Limiter(CORES);

export interface ProcessedFile {
  key: string;
  body: Buffer;
  contentType: string;
}

export interface ProcessedImage {
  id: string;
  /** Every file of the picture (`imageKeys(id)`), the main JPEG first. */
  files: ProcessedFile[];
  /** Size of the largest variant, after rotation. */
  width: number;
  height: number;
}

const ENCODERS: Record<ImageFormat, (s: Sharp) => Sharp> = {
  // effort 1 and 4:2:0: a twentieth of the default's time (effort 4, 4:4:4) at about the same size
  avif: (s) => s.avif({ quality: 50, effort: 1, chromaSubsampling: '4:2:0' }),
  webp: (s) => s.webp({ quality: 72, effort: 4 }),
  // the fallback has no alpha: transparent logos go on white, as the menu's cards are
  jpg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

function notAnImage(): ImageError {
  return new ImageError('not_an_image', 'Only JPEG, PNG, WebP or GIF pictures');
}

/** Decodes and validates the input; a libvips failure is the file's fault, not the server's. */
async function readHeader(input: string | Buffer): Promise<Metadata> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
}

/**
 * Checks that `input` is a picture of the accepted kinds within the pixel limit, from its header
 * (cheap: nothing decoded), for the files of an upload that are checked but not kept.
 */
export async function checkImage(input: string | Buffer): Promise<void> {
  const header = await readHeader(input);
  checkHeader(header);
}

function checkHeader(header: Metadata): void {
  if (!header.format || !INPUT_FORMATS.has(header.format)) throw notAnImage();
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
}

const tooManyPixels = () =>
  new ImageError('too_many_pixels', `Pictures of at most ${MAX_INPUT_PIXELS / 1e6} megapixels`);

/**
 * The picture of `input` (a temporary file of the upload, or bytes) as every variant of the
 * rule in `@qrmenu/shared/image-variants`: rotated by its EXIF orientation, converted to sRGB,
 * without any metadata (no EXIF, GPS, camera, XMP, ICC). Throws ImageError for a file that is
 * not a picture of the accepted kinds or has more than MAX_INPUT_PIXELS.
 */
export function processImage(input: string | Buffer, id: string = newImageId()): Promise<ProcessedImage> {
  return pictures.run(() => processNow(input, id));
}

async function processNow(input: string | Buffer, id: string): Promise<ProcessedImage> {
  checkHeader(await readHeader(input));

  // Decode once to the largest variant (JPEG shrink-on-load makes a 12 MP photo cheap to read),
  // every smaller one is resized from that: one decode, not twelve.
  let largest: { data: Buffer; info: OutputInfo };
  try {
    largest = await encodes.run(() =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
        .rotate()
        .resize({
          width: LARGEST_IMAGE_WIDTH,
          height: LARGEST_IMAGE_WIDTH * MAX_ASPECT,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw notAnImage();
  }
  const { data, info } = largest;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const encode = (width: ImageWidth, format: ImageFormat): Promise<ProcessedFile> =>
    encodes.run(async () => {
      const resized = sharp(data, raw).resize({
        width,
        height: width * MAX_ASPECT,
        fit: 'inside',
        withoutEnlargement: true,
      });
      const body = await ENCODERS[format](resized).toBuffer();
      return { key: imageKey(id, width, format), body, contentType: IMAGE_MIME[format] };
    });

  const jobs: Promise<ProcessedFile>[] = [];
  // the main JPEG first, as imageKeys lists it
  jobs.push(encode(LARGEST_IMAGE_WIDTH, 'jpg'));
  for (const width of IMAGE_WIDTHS) {
    for (const format of IMAGE_FORMATS) {
      if (width === LARGEST_IMAGE_WIDTH && format === 'jpg') continue;
      jobs.push(encode(width, format));
    }
  }
  const files = await Promise.all(jobs);
  return { id, files, width: info.width, height: info.height };
}
