import { randomBytes } from 'node:crypto';
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
import { contentTypeOf } from '../storage/keys';
import type { App } from '../types';

const MAX_PRODUCT_IMAGES = 50;

/** The image type by its first bytes (JPEG, PNG, WebP, GIF), or null. */
export function sniffImage(buf: Buffer): 'jpg' | 'png' | 'webp' | 'gif' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (buf.length >= 6) {
    const head = buf.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

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
  // a deleted restaurant or new product images make cached public catalog answers stale
  clearAnswerCacheOnWrites(app);
  app.post(
    '/manager/upload',
    {
      config: { access: 'own' },
      schema: {
        tags: ['uploads'],
        operationId: 'upload.images',
        summary: 'Upload images for a restaurant (image or logotype) or a product',
        description:
          'multipart/form-data: `files` (JPEG, PNG, WebP or GIF by content, at most 5 MB each) and either `restaurant_id` + `type` (`image` | `logotype`; 1..10 files, all checked, but only the first is stored: the field is set to its URL and answered as `{url}`) or `product_id` (1..10 files; appended to its images, at most 50 in all; answers `{data}`: the whole image list). The fields must come before the files: the target is checked (404 when it is not yours) as soon as the first file part begins, so no file of a refused upload is read; a field after a file is 400. 400: missing/unknown fields, a field after a file, no file or a malformed multipart body; 404: not yours or unknown; 408: the body did not arrive within the request timeout (REQUEST_TIMEOUT_MS, default 120 s); 413: a file over 5 MB or more than 10 files; 415: not multipart or not an image. Nothing is stored when the request fails.',
        consumes: ['multipart/form-data'],
        response: {
          200: z.union([restaurantUploadResult, z.object({ data: z.array(productImage) })]),
          408: errorBody,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw unsupportedMediaType('Expected multipart/form-data');
      const files: Buffer[] = [];
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
            files.push(await part.toBuffer());
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
        throw badRequest('Malformed multipart body', [{ path: 'body', message: 'Not valid multipart data' }]);
      }
      if (!target) {
        // no file at all: still say what is wrong with the fields first
        parseFields(fields);
        throw badRequest('No files', [{ path: 'files', message: 'At least one file' }]);
      }
      if (files.length > LIMITS.uploadFiles) throw new HttpError(413, 'payload_too_large', 'Too many files');
      const kinds = files.map(sniffImage);
      if (kinds.some((k) => k === null)) throw unsupportedMediaType('Only JPEG, PNG, WebP or GIF images');

      const { restaurantId } = target;
      const upload = target.fields;

      // A restaurant field holds one URL: only the first file is stored (all were checked above).
      const keep = 'product_id' in upload ? files.length : 1;
      const names = kinds.slice(0, keep).map((k) => `${randomBytes(12).toString('hex')}.${k}`);
      const urls = names.map((n) => app.storage.url(n));
      const written: string[] = [];
      try {
        for (let i = 0; i < names.length; i++) {
          const name = names[i]!;
          await app.storage.put(name, files[i]!, contentTypeOf(name));
          written.push(name);
        }
        if ('product_id' in upload) {
          const productId = upload.product_id;
          // Read and rewrite the list in one transaction, or parallel uploads lose images.
          const images = await repos.products.rewriteImages(
            productId,
            (existing) => {
              if (!existing) throw notFound('Product not found');
              if (existing.length + urls.length > MAX_PRODUCT_IMAGES) {
                throw badRequest(`At most ${MAX_PRODUCT_IMAGES} images a product`, [
                  { path: 'files', message: 'Too many images' },
                ]);
              }
              return [...existing, ...urls.map((file) => ({ file }))];
            },
            now(),
          );
          return { data: images };
        }
        const url = urls[0]!;
        const set =
          upload.type === 'logotype'
            ? { logotype: url, updated_at: now() }
            : { image: url, updated_at: now() };
        await repos.restaurants.update(restaurantId, set);
        return { url };
      } catch (err) {
        await Promise.all(written.map((name) => app.storage.delete(name).catch(() => undefined)));
        throw err;
      }
    },
  );
}
