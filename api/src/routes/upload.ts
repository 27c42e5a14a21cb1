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
import { now } from '../db';
import { assertOwnsRestaurant } from '../http/access';
import { clearAnswerCacheOnWrites } from '../http/answer-cache';
import { badRequest, HttpError, notFound, unsupportedMediaType } from '../http/errors';
import {
  checkImage,
  deleteImages,
  ImageError,
  processImage,
  type StoredImage,
  storeImage,
  streamToFile,
  withUploadDir,
} from '../images';
import { releasePictures } from '../images/lifecycle';
import type { Repositories } from '../repos';
import type { App } from '../types';

const MAX_PRODUCT_IMAGES = 50;

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
  let restaurantId: string;
  if ('product_id' in target) {
    const row = await request.server.repos.products.restaurantOf(target.product_id);
    if (!row) throw notFound('Product not found');
    restaurantId = row.restaurant_id;
  } else {
    restaurantId = target.restaurant_id;
  }
  await assertOwnsRestaurant(request, restaurantId);
  return { fields: target, restaurantId };
}

export default async function uploadRoutes(app: App): Promise<void> {
  const repos = app.repos;
  const limits = app.appConfig.pictureLimits;
  // a deleted restaurant or new product images make cached public catalog answers stale
  clearAnswerCacheOnWrites(app);
  // Uploads per account over time: each one costs seconds of CPU and up to 50 MB of disk.
  await app.register(rateLimit, { global: false });

  /** 413 when the restaurant's pictures plus these would pass its quota (read in the transaction). */
  async function checkQuota(trx: Repositories, restaurantId: string, adding: number) {
    const used = await trx.pictures.usedBytes(restaurantId);
    if (used + adding > limits.quotaBytes) {
      const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
      throw new HttpError(
        413,
        'quota_exceeded',
        `The restaurant's pictures would take ${mib(used + adding)} MiB of its ${mib(limits.quotaBytes)} MiB`,
        [{ path: 'files', message: 'Storage quota exceeded: remove pictures no longer used' }],
      );
    }
  }

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
          if (err instanceof HttpError || typeof (err as { statusCode?: unknown }).statusCode === 'number') {
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

        const { restaurantId } = target;
        const upload = target.fields;
        // A restaurant field holds one URL: only the first file is stored, the others are checked.
        const keep = 'product_id' in upload ? files.length : 1;
        const stored: StoredImage[] = [];
        try {
          for (const path of files.slice(keep)) await checkImage(path);
          for (const path of files.slice(0, keep))
            stored.push(await storeImage(app.storage, await processImage(path)));
        } catch (err) {
          await deleteImages(
            app.storage,
            stored.map((s) => s.url),
          );
          throw imageHttpError(err);
        }
        const adding = stored.reduce((n, s) => n + s.bytes, 0);
        const owned = stored.map((s) => ({ id: s.id, bytes: s.bytes }));
        try {
          if ('product_id' in upload) {
            const productId = upload.product_id;
            // Read and rewrite the list in one transaction, or parallel uploads lose images; the
            // pictures and the reference to them in the same one: a sweep sees both or neither.
            const images = await repos.transaction(async (trx) => {
              await checkQuota(trx, restaurantId, adding);
              await trx.pictures.add(restaurantId, owned);
              return trx.products.rewriteImages(
                productId,
                (existing) => {
                  if (!existing) throw notFound('Product not found');
                  if (existing.length + stored.length > MAX_PRODUCT_IMAGES) {
                    throw badRequest(`At most ${MAX_PRODUCT_IMAGES} images a product`, [
                      { path: 'files', message: 'Too many images' },
                    ]);
                  }
                  return [...existing, ...stored.map((s) => ({ file: s.url }))];
                },
                now(),
              );
            });
            return { data: images };
          }
          const url = stored[0]!.url;
          await repos.transaction(async (trx) => {
            await checkQuota(trx, restaurantId, adding);
            await trx.pictures.add(restaurantId, owned);
            const set =
              upload.type === 'logotype'
                ? { logotype: url, updated_at: now() }
                : { image: url, updated_at: now() };
            await trx.restaurants.update(restaurantId, set);
          });
          // the picture it replaced is referred to by nothing now
          await releasePictures(app, restaurantId);
          return { url };
        } catch (err) {
          await deleteImages(
            app.storage,
            stored.map((s) => s.url),
          );
          throw err;
        }
      });
    },
  );
}

/** The answer for a file that is not a picture, or too large a one; other failures as they are. */
function imageHttpError(err: unknown): unknown {
  if (!(err instanceof ImageError)) return err;
  if (err.code === 'too_many_pixels') {
    return new HttpError(413, 'too_many_pixels', err.message, [{ path: 'files', message: err.message }]);
  }
  return unsupportedMediaType('Only JPEG, PNG, WebP or GIF images');
}
