/**
 * Reading back a QR code the module draws (src/qr/qrImage.ts): its SVG path painted into pixels
 * and decoded with jsQR, as a phone's camera would read it. For the QR tests (qr-code, visits).
 */
import jsQR from 'jsqr';
import type { QrImage } from '../src/qr/qrImage';

/** Paints the SVG path (`M x y h w v1 h-w z` runs) into RGBA pixels, `scale` per module. */
function rasterize(image: QrImage, scale = 4): { data: Uint8ClampedArray; width: number } {
  const width = image.size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, w] of image.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < Number(w) * scale; dx++) {
        const px = Number(x) * scale + dx;
        const py = Number(y) * scale + dy;
        data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      }
  }
  return { data, width };
}

/** What a code says (null: unreadable). */
export const decode = (image: QrImage) => {
  const { data, width } = rasterize(image);
  return jsQR(data, width, width)?.data ?? null;
};

/** What a code drawn as SVG on the page says (its viewBox's size, its path). */
export const decodeSvg = (svg: Element) =>
  decode({
    size: Number(svg.getAttribute('viewBox')!.split(' ')[2]),
    path: svg.querySelector('path')!.getAttribute('d')!,
  });
