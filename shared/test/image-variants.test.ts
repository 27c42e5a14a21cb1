import { describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  imageIdOf,
  imageKey,
  imageKeys,
  imageUrlFor,
  imageVariants,
  isImageId,
  newImageId,
} from '../src/image-variants';

const id = '0123456789abcdef0123456789abcdef';

describe('the picture naming rule', () => {
  it('makes 32-hex ids, different each time', () => {
    const a = newImageId();
    expect(isImageId(a)).toBe(true);
    expect(newImageId()).not.toBe(a);
  });

  it('names the main JPEG <id>.jpg and every other variant <id>-<w>.<format>', () => {
    expect(imageKey(id, 960, 'jpg')).toBe(`${id}.jpg`);
    expect(imageKey(id, 960, 'avif')).toBe(`${id}-960.avif`);
    expect(imageKey(id, 160, 'jpg')).toBe(`${id}-160.jpg`);
    const keys = imageKeys(id);
    expect(keys[0]).toBe(`${id}.jpg`);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
  });

  it('finds the variants of a server URL, a CDN URL and a bare key', () => {
    expect(imageVariants(`/uploads/${id}.jpg`)!.url(240, 'avif')).toBe(`/uploads/${id}-240.avif`);
    expect(imageVariants(`https://cdn.example.uz/m/${id}.jpg`)!.url(960, 'jpg')).toBe(
      `https://cdn.example.uz/m/${id}.jpg`,
    );
    expect(imageIdOf(`${id}.jpg`)).toBe(id);
    expect(imageVariants(`/uploads/${id}.jpg`)!.srcset('webp')).toBe(
      IMAGE_WIDTHS.map((w) => `/uploads/${id}-${w}.webp ${w}w`).join(', '),
    );
  });

  it('has no variants for older uploads, other names or external links', () => {
    expect(imageVariants('/uploads/0123456789abcdef01234567.png')).toBeNull();
    expect(imageVariants('/uploads/0123456789abcdef01234567.jpg')).toBeNull();
    expect(imageVariants(`/uploads/${id}-240.webp`)).toBeNull();
    expect(imageVariants(`/uploads/x${id}.jpg`)).toBeNull();
    expect(imageVariants(`https://example.com/${id.toUpperCase()}.jpg`)).toBeNull();
    expect(imageUrlFor('https://example.com/a.png', 56)).toBe('https://example.com/a.png');
  });

  it('picks the smallest width that covers the CSS size at the DPR', () => {
    expect(imageUrlFor(`/uploads/${id}.jpg`, 56)).toBe(`/uploads/${id}-160.webp`);
    expect(imageUrlFor(`/uploads/${id}.jpg`, 88, 'avif', 3)).toBe(`/uploads/${id}-480.avif`);
    expect(imageUrlFor(`/uploads/${id}.jpg`, 88, 'avif', 2)).toBe(`/uploads/${id}-240.avif`);
    expect(imageUrlFor(`/uploads/${id}.jpg`, 720, 'jpg', 3)).toBe(`/uploads/${id}.jpg`);
  });
});
