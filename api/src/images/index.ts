export { ImageError, type ImageErrorCode } from './errors';
export { MAX_INPUT_PIXELS, type ProcessedFile, type ProcessedImage, processImage } from './process';
export { deleteImages, keysOfUrl, type StoredImage, storeImage } from './store';
export { streamToFile, withUploadDir } from './temp-file';
