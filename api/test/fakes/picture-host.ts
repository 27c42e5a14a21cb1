/**
 * A POS's picture host on 127.0.0.1: `/images/<name>.jpg` answers a phone photo (EXIF, GPS and
 * all, as a POS keeps what was uploaded to it); a path may be set to fail (404), to be larger
 * than the download cap, not a picture, or a redirect elsewhere. Counts the requests per path.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { phonePhoto } from '../photos';

export type PictureFault = '404' | 'huge' | 'not-a-picture' | 'redirect';

export interface FakePictureHost {
  url: string;
  requests: Map<string, number>;
  total(): number;
  fault(path: string, fault: PictureFault): void;
  close(): Promise<void>;
}

/** `size`: the photo's pixels (1200 × 900 unless given). */
export async function startPictureHost(
  size: { width: number; height: number } = { width: 1200, height: 900 },
): Promise<FakePictureHost> {
  const photo = await phonePhoto(size);
  const requests = new Map<string, number>();
  const faults = new Map<string, PictureFault>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const fault = faults.get(path);
    if (fault === '404' || !path.startsWith('/images/')) {
      res.writeHead(404).end();
    } else if (fault === 'huge') {
      // 11 MiB of bytes, announced: refused from the header before it is read
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(11 * 1024 * 1024) });
      res.end(Buffer.alloc(11 * 1024 * 1024));
    } else if (fault === 'not-a-picture') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a picture</html>');
    } else if (fault === 'redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(photo.length) }).end(photo);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    total: () => [...requests.values()].reduce((a, b) => a + b, 0),
    fault: (path, fault) => faults.set(path, fault),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
