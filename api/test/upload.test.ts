import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answers, productUploadResult, restaurantUploadResult } from '@qrmenu/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createWorld,
  expectError,
  expectShape,
  type FilePart,
  GIF,
  JPEG,
  multipart,
  PNG,
  snapshot,
  type TestCtx,
  WEBP,
  type World,
} from './helpers';

let ctx: TestCtx;
let w: World;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await createWorld(ctx);
});
afterAll(async () => ctx?.close());

const upload = (token: string | undefined, fields: Record<string, string>, files: FilePart[]) => {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/manager/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const uploadsDir = () => join(ctx.dataDir, 'uploads');
const storedFiles = () => readdirSync(uploadsDir()).sort();

describe('POST /api/manager/upload for a restaurant', () => {
  it('stores the image, sets the field and serves the file at /uploads/', async () => {
    const res = await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'image' }, [
      { data: PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const { url } = expectShape(restaurantUploadResult, res.json());
    expect(url).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);
    const row = await ctx.db
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', w.own.restaurant.id)
      .executeTakeFirstOrThrow();
    expect(row.image).toBe(url);
    const name = url.replace('/uploads/', '');
    expect(readFileSync(join(uploadsDir(), name)).equals(PNG)).toBe(true);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('sets the logotype (admin on any restaurant); the file type comes from the content', async () => {
    const res = await upload(w.admin.token, { restaurant_id: w.other.restaurant.id, type: 'logotype' }, [
      { data: JPEG, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const { url } = expectShape(restaurantUploadResult, res.json());
    expect(url).toMatch(/\.jpg$/);
    const row = await ctx.db
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', w.other.restaurant.id)
      .executeTakeFirstOrThrow();
    expect(row.logotype).toBe(url);
  });
});

describe('POST /api/manager/upload for a product', () => {
  it("appends to the product's images and answers the whole list", async () => {
    const first = await upload(w.manager1.token, { product_id: w.own.product.id }, [{ data: GIF }]);
    expect(first.statusCode).toBe(200);
    const a = expectShape(productUploadResult, first.json());
    expect(a.data).toHaveLength(1);
    const second = await upload(w.manager1.token, { product_id: w.own.product.id }, [
      { data: WEBP },
      { data: PNG },
    ]);
    expect(second.statusCode).toBe(200);
    const b = expectShape(productUploadResult, second.json());
    expect(b.data).toHaveLength(3);
    expect(b.data[0]).toStrictEqual(a.data[0]);
    expect(b.data[1]!.file).toMatch(/\.webp$/);
    const row = await ctx.db
      .selectFrom('products')
      .select('images')
      .where('id', '=', w.own.product.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.images)).toStrictEqual(b.data);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/user/products/${w.own.product.id}` });
    if (detail.statusCode === 200)
      expect(expectShape(answers.productDetail, detail.json()).data.images).toStrictEqual(b.data);
  });
});

describe('POST /api/manager/upload rejects, storing nothing', () => {
  const expectNothingStored = async (run: () => Promise<void>) => {
    const files = storedFiles();
    const db = await snapshot(ctx.db);
    await run();
    expect(storedFiles()).toEqual(files);
    expect(await snapshot(ctx.db)).toBe(db);
  };

  it('415 for a file that is not an image by its content (even named .png), also among good ones', async () => {
    await expectNothingStored(async () => {
      const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
      expectError(
        await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'image' }, [
          { data: text },
        ]),
        415,
        'unsupported_media_type',
      );
      expectError(
        await upload(w.manager1.token, { product_id: w.own.product.id }, [
          { data: PNG },
          { data: Buffer.from('MZ\x90\x00') },
        ]),
        415,
      );
      expectError(
        await upload(w.manager1.token, { product_id: w.own.product.id }, [{ data: Buffer.alloc(0) }]),
        415,
      );
    });
  });

  it('413 for a file over 5 MB and for more than 10 files', async () => {
    await expectNothingStored(async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
      expectError(
        await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'image' }, [
          { data: big },
        ]),
        413,
        'payload_too_large',
      );
      expectError(
        await upload(w.manager1.token, { product_id: w.own.product.id }, [{ data: PNG }, { data: big }]),
        413,
      );
      const eleven = Array.from({ length: 11 }, () => ({ data: PNG }));
      expectError(
        await upload(w.manager1.token, { product_id: w.own.product.id }, eleven),
        413,
        'payload_too_large',
      );
    });
  });

  it('400 for missing or contradictory fields and for no files', async () => {
    await expectNothingStored(async () => {
      const cases: [Record<string, string>, FilePart[]][] = [
        [{}, [{ data: PNG }]],
        [{ restaurant_id: w.own.restaurant.id }, [{ data: PNG }]],
        [{ restaurant_id: w.own.restaurant.id, type: 'banner' }, [{ data: PNG }]],
        [{ type: 'image' }, [{ data: PNG }]],
        [
          { restaurant_id: w.own.restaurant.id, type: 'image', product_id: w.own.product.id },
          [{ data: PNG }],
        ],
        [{ product_id: w.own.product.id, extra: 'x' }, [{ data: PNG }]],
        [{ product_id: w.own.product.id }, []],
        [{ product_id: w.own.product.id }, [{ data: PNG, name: 'other' }]],
        [{ restaurant_id: w.own.restaurant.id, type: 'image' }, [{ data: PNG }, { data: PNG }]],
      ];
      for (const [fields, files] of cases) {
        expectError(await upload(w.manager1.token, fields, files), 400, 'validation');
      }
    });
  });

  it('415 for a JSON body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/upload',
      headers: bearer(w.manager1.token),
      payload: { product_id: w.own.product.id },
    });
    expectError(res, 415);
  });

  it("404 for another manager's restaurant or product and unknown ids; 403 other roles; 401 without token", async () => {
    await expectNothingStored(async () => {
      expectError(
        await upload(w.manager1.token, { restaurant_id: w.other.restaurant.id, type: 'image' }, [
          { data: PNG },
        ]),
        404,
        'not_found',
      );
      expectError(await upload(w.manager1.token, { product_id: w.other.product.id }, [{ data: PNG }]), 404);
      expectError(await upload(w.admin.token, { product_id: 'no-such-product' }, [{ data: PNG }]), 404);
      expectError(
        await upload(w.admin.token, { restaurant_id: 'no-such', type: 'image' }, [{ data: PNG }]),
        404,
      );
      expectError(
        await upload(w.waiter.token, { product_id: w.own.product.id }, [{ data: PNG }]),
        403,
        'forbidden',
      );
      expectError(await upload(undefined, { product_id: w.own.product.id }, [{ data: PNG }]), 401);
    });
  });
});

describe('/uploads', () => {
  it('answers the JSON 404 for a missing file and does not escape the folder', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/uploads/nope.png' }), 404, 'not_found');
    const esc = await ctx.app.inject({ method: 'GET', url: '/uploads/../qrmenu.sqlite' });
    expect(esc.statusCode).not.toBe(200);
    expect(existsSync(join(ctx.dataDir, 'jwt-secret'))).toBe(false);
  });
});
