import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS, productImage, restaurantUploadResult, uploadFields } from '@qrmenu/shared/schemas';
import { z } from 'zod';
import type { App } from '../app';
import { newId, now } from '../db';
import { assertOwnsRestaurant } from '../http/access';
import { badRequest, HttpError, notFound, unsupportedMediaType } from '../http/errors';
import { publicAnswerCache } from '../repos/catalog';

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

export default async function uploadRoutes(app: App): Promise<void> {
  const db = app.db;
  // a deleted restaurant or new product images make cached public catalog answers stale
  const answerCache = publicAnswerCache(db);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) answerCache.clear();
  });
  app.post(
    '/manager/upload',
    {
      config: { access: 'own' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload images for a restaurant (image or logotype) or a product',
        description:
          'multipart/form-data: `files` (JPEG, PNG, WebP or GIF by content, at most 5 MB each) and either `restaurant_id` + `type` (`image` | `logotype`; exactly one file; answers `{url}` and sets that field) or `product_id` (1..10 files; appended to its images, at most 50 in all; answers `{data}`: the whole image list). 400: missing/unknown fields or no file; 404: not yours or unknown; 413: a file over 5 MB or more than 10 files; 415: not multipart or not an image. Nothing is stored when the request fails.',
        consumes: ['multipart/form-data'],
        response: { 200: z.union([restaurantUploadResult, z.object({ data: z.array(productImage) })]) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw unsupportedMediaType('Expected multipart/form-data');
      const files: Buffer[] = [];
      const fields: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (!FILE_FIELDS.has(part.fieldname)) {
            part.file.resume();
            throw badRequest('Unexpected file field', [
              { path: part.fieldname, message: 'Files go in `files`' },
            ]);
          }
          files.push(await part.toBuffer());
        } else {
          if (part.valueTruncated || typeof part.value !== 'string') {
            throw badRequest('Invalid field', [{ path: part.fieldname, message: 'Invalid value' }]);
          }
          fields[part.fieldname] = part.value;
        }
      }
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) {
        throw badRequest(
          'Invalid upload fields',
          parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })),
        );
      }
      if (files.length === 0) throw badRequest('No files', [{ path: 'files', message: 'At least one file' }]);
      if (files.length > LIMITS.uploadFiles) throw new HttpError(413, 'payload_too_large', 'Too many files');
      const kinds = files.map(sniffImage);
      if (kinds.some((k) => k === null)) throw unsupportedMediaType('Only JPEG, PNG, WebP or GIF images');

      const target = parsed.data;
      let restaurantId: string;
      let product: { id: string; images: string } | undefined;
      if ('product_id' in target) {
        const row = await db
          .selectFrom('products')
          .select(['id', 'restaurant_id', 'images'])
          .where('id', '=', target.product_id)
          .executeTakeFirst();
        if (!row) throw notFound('Product not found');
        restaurantId = row.restaurant_id;
        product = row;
      } else {
        restaurantId = target.restaurant_id;
        if ('type' in target && target.type === 'logotype' && files.length > 1) {
          throw badRequest('One file for a logotype', [{ path: 'files', message: 'One file' }]);
        }
      }
      await assertOwnsRestaurant(request, restaurantId);
      if (!product && files.length > 1) {
        throw badRequest('One file for a restaurant image', [{ path: 'files', message: 'One file' }]);
      }
      let existing: { file: string }[] = [];
      if (product) {
        try {
          const v = JSON.parse(product.images);
          existing = Array.isArray(v) ? v : [];
        } catch {
          existing = [];
        }
        if (existing.length + files.length > MAX_PRODUCT_IMAGES) {
          throw badRequest(`At most ${MAX_PRODUCT_IMAGES} images a product`, [
            { path: 'files', message: 'Too many images' },
          ]);
        }
      }

      const names = kinds.map((k) => `${newId()}.${k}`);
      const written: string[] = [];
      try {
        for (let i = 0; i < files.length; i++) {
          const path = join(app.appConfig.uploadsDir, names[i]!);
          await writeFile(path, files[i]!, { flag: 'wx' });
          written.push(path);
        }
        const urls = names.map((n) => `/uploads/${n}`);
        if (product) {
          const images = [...existing, ...urls.map((file) => ({ file }))];
          await db
            .updateTable('products')
            .set({ images: JSON.stringify(images), updated_at: now() })
            .where('id', '=', product.id)
            .execute();
          return { data: images };
        }
        const field = 'type' in target ? target.type : 'image';
        const url = urls[0]!;
        await db
          .updateTable('restaurants')
          .set(
            field === 'logotype' ? { logotype: url, updated_at: now() } : { image: url, updated_at: now() },
          )
          .where('id', '=', restaurantId)
          .execute();
        return { url };
      } catch (err) {
        await Promise.all(written.map((p) => unlink(p).catch(() => undefined)));
        throw err;
      }
    },
  );
}
