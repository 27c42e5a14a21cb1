/**
 * A QR code as one SVG path, from the `qrcode` library's module matrix: the same drawing is shown
 * in the page, printed, saved as SVG and painted into the PNG, so all of them hold the same code.
 */
import { create } from 'qrcode';

/** Light modules around the code: the QR standard asks for 4 so that readers find its edges. */
export const QUIET_ZONE = 4;

export interface QrImage {
  /** Modules per side, the quiet zone included (the SVG's viewBox is `0 0 size size`). */
  size: number;
  /** The dark modules, one rectangle per horizontal run: `M x y h w v1 h-w z`. */
  path: string;
}

/** Level M (15 % of the code may be damaged or dirty) suits a card on a restaurant table. */
export function qrImage(text: string): QrImage {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const dark = (row: number, col: number) => modules.data[row * n + col] === 1;
  const runs: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!dark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && dark(row, col)) col += 1;
      const width = col - start;
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${width}v1h-${width}z`);
    }
  }
  return { size: n + 2 * QUIET_ZONE, path: runs.join('') };
}

/** A standalone SVG file of the code (white background, black modules, crisp edges). */
export function qrSvgFile(image: QrImage, pixels = 512): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${image.size} ${image.size}" ` +
    `width="${pixels}" height="${pixels}" shape-rendering="crispEdges">` +
    `<rect width="${image.size}" height="${image.size}" fill="#fff"/>` +
    `<path fill="#000" d="${image.path}"/></svg>\n`
  );
}

/** The code painted on a canvas, about `pixels` wide (a whole number of pixels per module). */
export function qrPngBlob(image: QrImage, pixels = 1024): Promise<Blob> {
  const scale = Math.max(1, Math.round(pixels / image.size));
  const canvas = document.createElement('canvas');
  canvas.width = image.size * scale;
  canvas.height = image.size * scale;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas 2d context unavailable'));
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.fillStyle = '#000';
  context.fill(new Path2D(image.path));
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png');
  });
}

// also used by the visits' CSV download, which must not load the `qrcode` library
export { saveFile } from '@qrmenu/shared/ui';
