import { ApiError } from '../api/errors';
import { UPLOAD_MAX_BYTES } from '../image-variants';
import { t } from '../texts';

/**
 * Whether a picked file is a picture by its first bytes (JPEG, PNG, WebP or GIF: what the server
 * accepts), not by its name or the type the browser guessed from the name: a text file renamed
 * `osh.jpg` is refused when picked, not after the save.
 */
export async function isPictureFile(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a) return true;
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return true;
  return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

/** The picked files split into the acceptable ones and an Uzbek reason for each refused one. */
export async function checkPickedFiles(
  files: readonly File[],
): Promise<{ accepted: File[]; refused: string[] }> {
  const accepted: File[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (file.size > UPLOAD_MAX_BYTES) refused.push(t.imageTooLarge(file.name));
    else if (!(await isPictureFile(file))) refused.push(t.notAnImage(file.name));
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** Why the server refused an upload, in Uzbek (the generic upload error for anything else). */
export function uploadErrorText(error: unknown, file?: File): string {
  if (!(error instanceof ApiError)) return t.uploadError;
  switch (error.code) {
    case 'too_many_pixels':
      return t.imageTooManyPixels;
    case 'quota_exceeded':
      return t.imageQuotaExceeded;
    case 'rate_limited':
      return t.uploadRateLimited;
    case 'unsupported_media_type':
      return file ? t.notAnImage(file.name) : t.uploadError;
    case 'payload_too_large':
      return file ? t.imageTooLarge(file.name) : t.uploadError;
    default:
      return t.uploadError;
  }
}
