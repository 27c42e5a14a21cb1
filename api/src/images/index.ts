export { ImageError } from './errors';
export { checkImage, processImage } from './process';
export { deleteImages, type StoredImage, storeImage } from './store';
export { streamToFile, withUploadDir } from './temp-file';
