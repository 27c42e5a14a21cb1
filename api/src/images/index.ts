export { ImageError, type ImageErrorCode } from './errors';
export { sweepAllPictures, sweepPictures } from './lifecycle';
export { DEFAULT_PICTURE_LIMITS, type PictureLimits, resolvePictureLimits } from './limits';
export {
  checkImage,
  MAX_INPUT_PIXELS,
  type ProcessedFile,
  type ProcessedImage,
  processImage,
} from './process';
export { deleteImages, keysOfUrl, type StoredImage, storeImage } from './store';
export { streamToFile, withUploadDir } from './temp-file';
