/** Pictures: where they are stored and their limits (docs/CONFIGURATION.md, "Pictures"). */
import { z } from 'zod';
import { DEFAULT_PICTURE_LIMITS } from '../../images/limits';
import { flag, positive, setting, text, url } from './rules';

const MIB = 1024 * 1024;

/** The storage (local or an S3 bucket), the quota, the uploads per account. */
export const PICTURE_SETTINGS = {
  STORAGE_DRIVER: setting({
    group: 'pictures',
    values: '`local` or `s3`',
    meaning:
      'where uploaded pictures live: `local` (`DATA_DIR/uploads`) or `s3` (a bucket, the `S3_*` below)',
    schema: z
      .string()
      .toLowerCase()
      .pipe(z.enum(['local', 's3']))
      .default('local'),
  }),
  S3_BUCKET: setting({
    group: 'pictures',
    values: 'a bucket name',
    default: 'none (needed with `s3`)',
    meaning: 'the bucket',
    schema: text,
  }),
  S3_REGION: setting({
    group: 'pictures',
    values: 'a region',
    meaning: "the bucket's region",
    schema: z.string().default('us-east-1'),
  }),
  S3_ENDPOINT: setting({
    group: 'pictures',
    values: 'a URL',
    default: 'AWS',
    meaning: 'the S3-compatible service (e.g. `https://storage.yandexcloud.net`)',
    schema: text,
  }),
  S3_ACCESS_KEY_ID: setting({
    group: 'pictures',
    values: 'text',
    default: 'none (needed with `s3`)',
    meaning: "the key's id (it needs `s3:PutObject`, `s3:GetObject`, `s3:DeleteObject` on the bucket)",
    schema: text,
  }),
  S3_SECRET_ACCESS_KEY: setting({
    group: 'pictures',
    values: 'text',
    default: 'none (needed with `s3`)',
    meaning: "the key's secret",
    schema: text,
  }),
  S3_FORCE_PATH_STYLE: setting({
    group: 'pictures',
    values: 'on or off',
    meaning: '`<endpoint>/<bucket>/<key>` addresses (MinIO, servers without bucket subdomains)',
    schema: flag,
  }),
  S3_PUBLIC_URL: setting({
    group: 'pictures',
    values: 'an absolute http(s) URL',
    default: 'through this server (`/uploads/...`)',
    meaning: "where the guests' browsers load the pictures from (a public bucket or a CDN)",
    schema: url('http', 'https'),
  }),
  UPLOAD_QUOTA_MB: setting({
    group: 'pictures',
    values: 'megabytes, above 0',
    meaning: 'pictures one restaurant may keep, every variant counted (over it: 413 `quota_exceeded`)',
    schema: positive(DEFAULT_PICTURE_LIMITS.quotaBytes / MIB),
  }),
  UPLOAD_RATE_LIMIT: setting({
    group: 'pictures',
    values: 'a number above 0',
    meaning: `upload requests one account may send per ${DEFAULT_PICTURE_LIMITS.windowMs / 60_000} minutes (over it: 429)`,
    schema: positive(DEFAULT_PICTURE_LIMITS.uploadsPerWindow),
  }),
};
