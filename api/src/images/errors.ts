/** Why a file was refused as a picture; the upload route maps each code to its answer. */
export type ImageErrorCode =
  /** not decodable as JPEG, PNG, WebP or GIF (a renamed text file, a truncated or broken image) */
  | 'not_an_image'
  /** more pixels than MAX_INPUT_PIXELS: a decompression bomb, or a panorama far beyond any screen */
  | 'too_many_pixels';

export class ImageError extends Error {
  constructor(
    readonly code: ImageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}
