/** Keys and URLs shared by every storage driver. */

/** The image types uploads store, by the extension their key ends with. */
const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
} as const;

export type ImageKind = keyof typeof IMAGE_TYPES;

/**
 * A key uploads make (nothing else is ever stored or served): a processed picture's files
 * (`<32 hex>.jpg`, `<32 hex>-<width>.<avif|webp|jpg>`: @qrmenu/shared/image-variants), or an
 * upload from before processing (`<24 hex>.<jpg|png|webp|gif>`, until reprocess-images).
 */
export const UPLOAD_KEY = /^[0-9a-f]+(-\d{2,4})?\.(jpg|png|webp|gif|avif)$/;

/** A flat name: no folder, no `..`, no control characters (any driver refuses others). */
export const isFlatKey = (key: string): boolean =>
  key.length > 0 && key.length <= 200 && /^[A-Za-z0-9._-]+$/.test(key) && !key.includes('..');

/** The content type of a key by its extension. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return IMAGE_TYPES[ext as ImageKind] ?? 'application/octet-stream';
}

/** `url(key)` and `keyOf(url)` for URLs made of a base and a key. */
export function keyUrls(base: string): { url(key: string): string; keyOf(url: string): string | null } {
  const prefix = `${base.replace(/\/+$/, '')}/`;
  return {
    url: (key) => `${prefix}${key}`,
    keyOf: (url) => {
      if (!url.startsWith(prefix)) return null;
      const key = url.slice(prefix.length);
      return isFlatKey(key) ? key : null;
    },
  };
}
