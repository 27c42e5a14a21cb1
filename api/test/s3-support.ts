/**
 * An S3 bucket on 127.0.0.1 for the tests of the S3 driver (s3rver, in a folder of its own), so
 * that a suite names its bucket and reads the driver's settings for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/storage/s3';

/**
 * The bucket `bucket`, not started yet: `start()` runs the server (once) and answers the driver's
 * settings for the bucket; `close()` stops it if it ran and removes its folder.
 */
export function localBucket(bucket: string): { start(): Promise<S3Config>; close(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), `qrmenu-s3rver-${bucket}-`));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  let config: S3Config | undefined;
  return {
    async start() {
      if (!config) {
        const { port } = await server.run();
        config = {
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          bucket,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        };
      }
      return config;
    },
    async close() {
      if (config) await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
