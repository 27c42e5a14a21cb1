/**
 * An S3 bucket on 127.0.0.1 for the tests of the S3 driver and the cluster's shared store (s3rver,
 * in a folder of its own), so that a suite names its bucket and reads the driver's settings for it.
 * s3rver's class is handed in: the cluster harness loads it only where it is installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Config } from '../src/storage/s3';

/** The driver's settings for a local bucket: at an address of its own. */
export type LocalS3 = S3Config & { endpoint: string };

/** s3rver's server class, as these tests use it. */
export type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => { run(): Promise<{ port: number }>; close(): Promise<void> };

/**
 * The bucket `bucket` on `S3rver`, not started yet: `start()` runs the server (once) and answers
 * the driver's settings for the bucket; `close()` stops it if it ran and removes its folder.
 */
export function localBucket(
  bucket: string,
  S3rver: S3rverClass,
): { start(): Promise<LocalS3>; close(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), `qrmenu-s3rver-${bucket}-`));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  let config: LocalS3 | undefined;
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
