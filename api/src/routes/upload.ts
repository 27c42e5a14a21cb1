import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import {
  errorBody,
  LIMITS,
  productImage,
  restaurantUploadResult,
  uploadFields,
} from '@qrmenu/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../domain/errors';
import { assertOwnsRestaurant } from '../http/access';
import { badRequest, HttpError, unsupportedMediaType } from '../http/errors';
import { streamToFile, withUploadDir } from '../images';
import type { RateCounter } from '../state/types';
import type { App } from '../types';

const FILE_FIELDS = new Set(['files', 'files[]', 'file']);

type UploadFields = z.infer<typeof uploadFields>;

function parseFields(fields: Record<string, string>): UploadFields {
  const parsed = uploadFields.safeParse(fields);
  if (!parsed.success) {
    throw badRequest(
      'Invalid upload fields (they must come before the files)',
      parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })),
    );
  }
  return parsed.data;
}

/**
 * The target named by the fields sent so far, checked when the first file part arrives: 400 if
 * the fields are missing or wrong (the client must send them first), 404 if it is not the
 * caller's. Until it passes, no file byte is buffered.
 */
async function ownedTarget(
  request: FastifyRequest,
  fields: Record<string, string>,
): Promise<{ fields: UploadFields; restaurantId: string }> {
  const target = parseFields(fields);
  const restaurantId =
    'product_id' in target
      ? await request.server.catalog.products.restaurantOf(target.product_id)
      : target.restaurant_id;
  await assertOwnsRestaurant(request, restaurantId);
  return { fields: target, restaurantId };
}

export default async function uploadRoutes(app: App): Promise<void> {
  const limits = app.appConfig.pictureLimits;
  // Uploads per account over time: each one costs seconds of CPU and up to 50 MB of disk. Counted
  // by app.rateCounter: on PostgreSQL every server adds into one count, like failed logins.
  await app.register(rateLimit, { global: false, store: rateLimitStore(app.rateCounter) });

  app.post(
    '/manager/upload',
    {
      config: {
        access: 'own',
        rateLimit: {
          max: limits.uploadsPerWindow,
          timeWindow: limits.windowMs,
          // per account (the access hook ran before): an office behind one address is not one user
          keyGenerator: (request: FastifyRequest) => `upload:${request.user?._id ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
            new HttpError(429, 'rate_limited', `Too many uploads; try again in ${context.after}`),
        },
      },
      schema: {
        tags: ['uploads'],
        operationId: 'upload.images',
        summary: 'Upload images for a restaurant (image or logotype) or a product',
        description:
          "multipart/form-data: `files` (JPEG, PNG, WebP or GIF by content, at most 5 MB and 50 megapixels each) and either `restaurant_id` + `type` (`image` | `logotype`; 1..10 files, all checked, but only the first is stored: the field is set to its URL and answered as `{url}`; the picture it replaces is deleted) or `product_id` (1..10 files; appended to its images, at most 50 in all; answers `{data}`: the whole image list). Every stored picture is processed: decoded, turned upright by its EXIF orientation, converted to sRGB, stripped of all metadata (EXIF, GPS, camera, XMP, ICC) and stored in widths 160, 240, 480 and 960 as AVIF, WebP and JPEG; the URL answered is the 960 px JPEG `<id>.jpg`, its variants `<id>-<width>.<avif|webp|jpg>` beside it (the rule of `@qrmenu/shared/image-variants`). The fields must come before the files: the target is checked (404 when it is not yours) as soon as the first file part begins, so no file of a refused upload is read; a field after a file is 400. 400: missing/unknown fields, a field after a file, no file or a malformed multipart body; 404: not yours or unknown; 408: the body did not arrive within the request timeout (REQUEST_TIMEOUT_MS, default 120 s); 413: a file over 5 MB or more than 10 files (`payload_too_large`), a picture over 50 megapixels (`too_many_pixels`), the restaurant's pictures over its storage quota (`quota_exceeded`, UPLOAD_QUOTA_MB, default 256); 415: not multipart or not a picture; 429: more uploads than UPLOAD_RATE_LIMIT (default 60) from one account in 10 minutes. Nothing is stored when the request fails.",
        consumes: ['multipart/form-data'],
        response: {
          200: z.union([restaurantUploadResult, z.object({ data: z.array(productImage) })]),
          408: errorBody,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw unsupportedMediaType('Expected multipart/form-data');
      // the files go to a private folder as they arrive, never whole into memory
      return withUploadDir(async (dir) => {
        const files: string[] = [];
        const fields: Record<string, string> = {};
        // Known (and owned) from the first file on: no file is read for anyone else's target.
        let target: { fields: UploadFields; restaurantId: string } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (!FILE_FIELDS.has(part.fieldname)) {
                throw badRequest('Unexpected file field', [
                  { path: part.fieldname, message: 'Files go in `files`' },
                ]);
              }
              target ??= await ownedTarget(request, fields);
              const path = join(dir, `file-${files.length}`);
              await streamToFile(part.file, path);
              files.push(path);
            } else {
              if (target) {
                throw badRequest('Send the fields before the files', [
                  { path: part.fieldname, message: 'Must come before the first file' },
                ]);
              }
              if (part.valueTruncated || typeof part.value !== 'string') {
                throw badRequest('Invalid field', [{ path: part.fieldname, message: 'Invalid value' }]);
              }
              fields[part.fieldname] = part.value;
            }
          }
        } catch (err) {
          // The parser reports a missing boundary or a truncated body as a plain Error (no
          // statusCode): the client sent a broken body, not a server fault. Limits keep their 413.
          if (
            err instanceof HttpError ||
            err instanceof DomainError ||
            typeof (err as { statusCode?: unknown }).statusCode === 'number'
          ) {
            throw err;
          }
          throw badRequest('Malformed multipart body', [
            { path: 'body', message: 'Not valid multipart data' },
          ]);
        }
        if (!target) {
          // no file at all: still say what is wrong with the fields first
          parseFields(fields);
          throw badRequest('No files', [{ path: 'files', message: 'At least one file' }]);
        }
        if (files.length > LIMITS.uploadFiles)
          throw new HttpError(413, 'payload_too_large', 'Too many files');

        return app.pictures.upload(target.fields, target.restaurantId, files);
      });
    },
  );
}

/** @fastify/rate-limit's store over `app.rateCounter` (its own store would count per process). */
function rateLimitStore(counter: RateCounter) {
  return class SharedRateStore {
    incr(
      key: string,
      done: (err: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(key, timeWindow).then(
        (result) => done(null, result),
        (err: Error) => done(err),
      );
    }

    child(): SharedRateStore {
      return this;
    }
  };
}
