import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStorage, StoredFile } from './types';

/**
 * An S3-compatible bucket (AWS S3, MinIO, Yandex Object Storage, Cloudflare R2, ...), one
 * `@aws-sdk/client-s3` configuration. Files are served either through the server
 * (`/uploads/<key>`, the same immutable caching as the local folder) or, with `publicUrl`, straight
 * from a public bucket or a CDN in front of it (`<publicUrl>/<key>`).
 */
export interface S3Config {
  /** e.g. `https://storage.yandexcloud.net`, `https://<account>.r2.cloudflarestorage.com`; unset for AWS. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO, most self-hosted). */
  forcePathStyle: boolean;
  /** Base URL the guests' browsers load the files from (no trailing slash); unset: through the server. */
  publicUrl?: string | undefined;
}

/** A flat file name: no slash, no `..`, nothing a bucket or a URL would read specially. */
const FLAT_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function checkKey(key: string): string {
  if (!FLAT_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key "${key}"`);
  return key;
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  // PutObject needs a known length; the files stored here are processed pictures (a few hundred
  // KiB at most), so collecting them costs less than a multipart upload's round trips.
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const isMissing = (err: unknown): boolean =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException && (err.name === 'NotFound' || err.$metadata.httpStatusCode === 404));

export function s3Storage(config: S3Config, client?: S3Client): FileStorage & { client: S3Client } {
  const s3 =
    client ??
    new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Only the checksums S3 requires: several S3-compatible servers (older MinIO, R2 at times,
      // s3rver in the tests) reject or mishandle the CRC32 trailers sent by default since 2025.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  const localPrefix = '/uploads/';
  const publicPrefix = config.publicUrl ? `${config.publicUrl}/` : null;
  return {
    client: s3,
    async put(key, body, contentType) {
      const bytes = await toBuffer(body);
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
          // served from a CDN or the bucket itself: keys are content-unique, never rewritten
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key): Promise<StoredFile | null> {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!out.Body) return null;
        const file: StoredFile = {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? 'application/octet-stream',
        };
        if (out.ETag) file.etag = out.ETag;
        if (out.LastModified) file.lastModified = out.LastModified;
        return file;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there, so a missing file is no error here either
      await s3.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    url(key) {
      return `${publicPrefix ?? localPrefix}${checkKey(key)}`;
    },
    keyOf(url) {
      const prefix = publicPrefix && url.startsWith(publicPrefix) ? publicPrefix : localPrefix;
      if (!url.startsWith(prefix)) return null;
      const key = url.slice(prefix.length);
      return FLAT_KEY.test(key) && !key.includes('..') ? key : null;
    },
  };
}
