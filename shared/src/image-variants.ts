/**
 * The one rule from a picture's URL (what the API answers: `image`, `logotype`, `images[].file`)
 * to its processed variants. Used by the API (what to store, what to delete), the guests' page
 * (`<picture>` with `srcset`) and the back office (small thumbnails). No zod, no DOM: any
 * runtime can import it.
 *
 * A processed picture has a 32-hex-digit id and these files, side by side (same folder, bucket
 * or CDN base):
 * - `<id>.jpg`: the JPEG at the largest width; this is the URL the API answers;
 * - `<id>-<w>.<avif|webp|jpg>` for every width w of IMAGE_WIDTHS (at the largest width the JPEG
 *   is `<id>.jpg` itself, no `-<w>` copy).
 * A variant is never wider than the original (a 400 px photo's `-480` and main files are
 * 400 px wide), so every file of the rule exists for every processed picture.
 *
 * Any other URL (an upload from before processing, with a 24-digit id and its own extension, or
 * an external link) has no variants: it is shown as it is. `reprocess-images` turns the former
 * into processed pictures.
 */

/** An upload's limits (LIMITS in the schemas takes them from here: the UI checks picks without zod). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 10;

/**
 * Widths in pixels, each the smallest that covers a use (CSS px x DPR):
 * - 160: the back office's 56 px thumbnails and the menu's 64 px logo at DPR 2, its 88 px
 *   thumbnails at DPR 1;
 * - 240: the menu's 88 px thumbnails at DPR 2 (176 px; a 4:3 photo covering the square is then
 *   180 px high, so it stays sharp), the 80 px logo of the back office at DPR 3;
 * - 480: the thumbnails at DPR 3, the cover on a phone at DPR 1, the back office's detail on a
 *   phone;
 * - 960: the cover (the full width of a phone, 375-414 px) at DPR 2-2.6, on a desktop (720 px) at
 *   DPR 1.3, the back office's detail on a desktop.
 * 1280 was tried: a phone at DPR 2 then took it for the cover (750 px) and the first screen of a
 * photographed menu passed 200 KiB.
 */
export const IMAGE_WIDTHS = [160, 240, 480, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const LARGEST_IMAGE_WIDTH: ImageWidth = 960;

/** Best first: the order of a `<picture>`'s sources (AVIF, then WebP, then the JPEG `<img>`). */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_MIME: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

const ID = /^[0-9a-f]{32}$/;
/** `<prefix><id>.jpg`, the prefix being anything up to the last `/` (a path, an origin, a CDN). */
const PROCESSED_URL = /^(.*?)([0-9a-f]{32})\.jpg$/;

/** A new picture id: 32 lower-case hex digits from a CSPRNG (Web Crypto: Node and browsers). */
export function newImageId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const isImageId = (id: string): boolean => ID.test(id);

/** The storage key of a picture's file: `<id>.jpg` for the main JPEG, else `<id>-<w>.<format>`. */
export function imageKey(id: string, width: ImageWidth, format: ImageFormat): string {
  if (format === 'jpg' && width === LARGEST_IMAGE_WIDTH) return `${id}.jpg`;
  return `${id}-${width}.${format}`;
}

/** Every key of a processed picture: the main JPEG first. */
export function imageKeys(id: string): string[] {
  const keys = [imageKey(id, LARGEST_IMAGE_WIDTH, 'jpg')];
  for (const w of IMAGE_WIDTHS) {
    for (const f of IMAGE_FORMATS) {
      const k = imageKey(id, w, f);
      if (k !== keys[0]) keys.push(k);
    }
  }
  return keys;
}

/** The id of a processed picture's main key or URL, or null for anything else. */
export function imageIdOf(urlOrKey: string): string | null {
  const m = PROCESSED_URL.exec(urlOrKey);
  if (!m) return null;
  const prefix = m[1] ?? '';
  // the id must be a whole file name: `x<id>.jpg` is not ours
  if (prefix !== '' && !prefix.endsWith('/')) return null;
  return m[2] ?? null;
}

export interface ImageVariants {
  id: string;
  /** The URL of one variant (the picture's own URL for the largest JPEG). */
  url(width: ImageWidth, format: ImageFormat): string;
  /** `srcset` for one format: every width with its `w` descriptor. */
  srcset(format: ImageFormat): string;
}

/** The variants of a picture's URL, or null when it has none (shown as it is). */
export function imageVariants(url: string): ImageVariants | null {
  const id = imageIdOf(url);
  if (!id) return null;
  const prefix = url.slice(0, url.length - `${id}.jpg`.length);
  const at = (width: ImageWidth, format: ImageFormat) => `${prefix}${imageKey(id, width, format)}`;
  return {
    id,
    url: at,
    srcset: (format) => IMAGE_WIDTHS.map((w) => `${at(w, format)} ${w}w`).join(', '),
  };
}

/**
 * The URL of the smallest variant at least `cssPixels × dpr` wide (e.g. a thumbnail), or the URL
 * itself when it has no variants.
 */
export function imageUrlFor(url: string, cssPixels: number, format: ImageFormat = 'webp', dpr = 2): string {
  const v = imageVariants(url);
  if (!v) return url;
  const need = cssPixels * dpr;
  const width = IMAGE_WIDTHS.find((w) => w >= need) ?? LARGEST_IMAGE_WIDTH;
  return v.url(width, format);
}
