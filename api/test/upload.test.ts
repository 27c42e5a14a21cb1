import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { imageIdOf, imageKeys } from '@qrmenu/shared/image-variants';
import { answers, productUploadResult, restaurantUploadResult } from '@qrmenu/shared/schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  bearer,
  createProduct,
  createTestApp,
  createWorld,
  expectError,
  expectShape,
  type FilePart,
  GIF,
  JPEG,
  multipart,
  PNG,
  rawCall,
  snapshot,
  type TestCtx,
  uploadAs,
  WEBP,
  type World,
} from './helpers';
import { fileWorld } from './world';

const { ctx, world: w } = fileWorld({}, createWorld);

const upload = (token: string | undefined, fields: Record<string, string>, files: FilePart[]) =>
  uploadAs(ctx, token, fields, files);

const uploadsDir = () => join(ctx.dataDir, 'uploads');
const storedFiles = () => readdirSync(uploadsDir()).sort();
/** The files of a processed picture's URL: all its variants. */
const filesOf = (url: string) => imageKeys(imageIdOf(url)!).sort();
const PROCESSED_URL = /^\/uploads\/[0-9a-f]{32}\.jpg$/;

/**
 * `files` uploaded as the restaurant's `type` picture by `token`: answered 200 with the processed
 * picture's URL; the URL and the restaurant's row after.
 */
async function restaurantPicture(
  token: string,
  restaurantId: string,
  type: 'image' | 'logotype',
  files: Parameters<typeof upload>[2],
) {
  const res = await upload(token, { restaurant_id: restaurantId, type }, files);
  expect(res.statusCode).toBe(200);
  const { url } = expectShape(restaurantUploadResult, res.json());
  expect(url).toMatch(PROCESSED_URL);
  const row = await ctx.db
    .selectFrom('restaurants')
    .selectAll()
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return { url, row };
}

describe('POST /api/manager/upload for a restaurant', () => {
  it('stores the processed picture, sets the field and serves the file at /uploads/', async () => {
    const { url, row } = await restaurantPicture(w.manager1.token, w.own.restaurant.id, 'image', [
      { data: PNG },
    ]);
    expect(row.image).toBe(url);
    // every variant of the rule is stored; the URL is the JPEG at the largest width
    for (const key of filesOf(url)) expect(existsSync(join(uploadsDir(), key)), key).toBe(true);
    const name = url.replace('/uploads/', '');
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(readFileSync(join(uploadsDir(), name)))).toBe(true);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 8, 6]);
    // revalidation: the stored validator answers 304
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sets the logotype (admin on any restaurant), whatever the name and type the file was sent with', async () => {
    const { url, row } = await restaurantPicture(w.admin.token, w.other.restaurant.id, 'logotype', [
      { data: JPEG, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(row.logotype).toBe(url);
  });
});

describe('POST /api/manager/upload for a restaurant with several files', () => {
  it('accepts up to 10 files, stores only the first and sets the field to its URL; the replaced one is deleted', async () => {
    const files = storedFiles();
    const before = await ctx.db
      .selectFrom('restaurants')
      .select('image')
      .where('id', '=', w.own.restaurant.id)
      .executeTakeFirstOrThrow();
    const { url, row } = await restaurantPicture(w.manager1.token, w.own.restaurant.id, 'logotype', [
      { data: JPEG },
      { data: PNG },
      { data: GIF },
    ]);
    expect(row.logotype).toBe(url);
    const added = storedFiles().filter((f) => !files.includes(f));
    expect(added).toEqual(filesOf(url));
    const ten = Array.from({ length: 10 }, () => ({ data: PNG }));
    const image = await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'image' }, ten);
    expect(image.statusCode).toBe(200);
    // the new picture's files came, the one it replaced went
    const now = storedFiles();
    for (const key of filesOf(image.json().url)) expect(now).toContain(key);
    expect(before.image).toMatch(PROCESSED_URL);
    for (const key of filesOf(before.image!)) expect(now).not.toContain(key);
    expect(now).toHaveLength(files.length + 12);
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
    expect(b.data[1]!.file).toMatch(PROCESSED_URL);
    const row = await ctx.db
      .selectFrom('products')
      .select('images')
      .where('id', '=', w.own.product.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.images)).toStrictEqual(b.data);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/user/products/${w.own.product.id}` });
    expect(detail.statusCode).toBe(200);
    expect(expectShape(answers.productDetail, detail.json()).data.images).toStrictEqual(b.data);
  });

  it('parallel uploads to one product all end up in its images', async () => {
    const product = await createProduct(ctx, w.own.restaurant.id, w.own.category.id);
    const results = await Promise.all(
      [PNG, JPEG, GIF, WEBP, PNG].map((data) =>
        upload(w.manager1.token, { product_id: product.id }, [{ data }]),
      ),
    );
    const urls = results.map((r) => {
      expect(r.statusCode).toBe(200);
      return expectShape(productUploadResult, r.json()).data.at(-1)!.file;
    });
    const row = await ctx.db
      .selectFrom('products')
      .select('images')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    const stored = (JSON.parse(row.images) as { file: string }[]).map((i) => i.file);
    expect(stored).toHaveLength(5);
    expect([...stored].sort()).toEqual([...urls].sort());
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
      // a restaurant stores only the first file, but every file is checked
      expectError(
        await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'image' }, [
          { data: PNG },
          { data: text },
        ]),
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
      expectError(
        await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'logotype' }, [
          { data: PNG },
          { data: big },
        ]),
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
        [{ product_id: `${w.own.product.id}\u0000` }, [{ data: PNG }]],
      ];
      for (const [fields, files] of cases) {
        expectError(await upload(w.manager1.token, fields, files), 400, 'validation');
      }
    });
  });

  it('400 for a multipart body without a boundary or cut short', async () => {
    await expectNothingStored(async () => {
      const noBoundary = await rawCall(ctx, 'POST', '/manager/upload', 'files=x', {
        type: 'multipart/form-data',
        token: w.manager1.token,
      });
      expectError(noBoundary, 400, 'validation');
      const body = multipart({ product_id: w.own.product.id }, [{ data: PNG }]);
      for (const cut of [60, body.payload.length - 30]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/manager/upload',
          headers: { ...bearer(w.manager1.token), ...body.headers },
          payload: body.payload.subarray(0, cut),
        });
        expectError(res, 400, 'validation');
      }
    });
  });

  it('415 for a JSON body', async () => {
    const res = await apiCall(ctx, 'POST', '/manager/upload', w.manager1.token, {
      product_id: w.own.product.id,
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
  it('answers the JSON 404 for a missing file', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/uploads/nope.png' }), 404, 'not_found');
    expect(existsSync(join(ctx.dataDir, 'jwt-secret'))).toBe(false);
  });

  it('serves only the image files uploads store, each as its checked type with nosniff', async () => {
    // a file the server did not store (put there by hand): never served, whatever its name
    writeFileSync(join(uploadsDir(), 'page.html'), '<script>alert(1)</script>');
    writeFileSync(join(uploadsDir(), 'abc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const name of ['page.html', 'abc.svg']) {
      expectError(await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` }), 404, 'not_found');
    }
    const res = await upload(w.manager1.token, { restaurant_id: w.own.restaurant.id, type: 'logotype' }, [
      { data: GIF, filename: 'x.html', type: 'text/html' },
    ]);
    const { url } = res.json() as { url: string };
    for (const [variant, type] of [
      [url, 'image/jpeg'],
      [url.replace('.jpg', '-240.avif'), 'image/avif'],
      [url.replace('.jpg', '-160.webp'), 'image/webp'],
      [url.replace('.jpg', '-480.jpg'), 'image/jpeg'],
    ] as const) {
      const served = await ctx.app.inject({ method: 'GET', url: variant });
      expect(served.statusCode, variant).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
    }
  });

  it('does not escape the folder with encoded dot segments', async () => {
    // inject() normalises dot segments (even %2e%2e) before routing: a real socket sends the path as is
    const secret = `secret-${Date.now()}`;
    writeFileSync(join(ctx.dataDir, 'outside.txt'), secret);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((done, fail) => {
        request({ host: '127.0.0.1', port, path }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        })
          .on('error', fail)
          .end();
      });
    for (const path of [
      '/uploads/%2e%2e/outside.txt',
      '/uploads/%2E%2E/outside.txt',
      '/uploads/%2e%2e%2foutside.txt',
      '/uploads/..%2foutside.txt',
      '/uploads/..%5coutside.txt',
      '/uploads/%2e%2e%2f%2e%2e%2fuploads%2f..%2foutside.txt',
    ]) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body).not.toContain(secret);
      expect(Object.keys(JSON.parse(res.body))).toEqual(['error']);
    }
  });
});

describe('upload order and slow bodies (a real socket)', () => {
  let slow: TestCtx;
  let world: World;
  let port: number;
  beforeAll(async () => {
    slow = await createTestApp({ requestTimeoutMs: 2000 });
    world = await createWorld(slow);
    port = Number(new URL(await slow.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => slow?.close());

  const boundary = '----qrmenu-raw';
  const fieldPart = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

  /** Sends the head and `body`, leaves the rest of the declared length unsent; resolves with the answer. */
  function rawUpload(token: string, body: Buffer, declaredLength: number, trickle = false) {
    return new Promise<{ status: number; json: unknown; head: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = Buffer.alloc(0);
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearInterval(timer);
        const text = data.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        resolve({ status, json: end > 0 ? JSON.parse(text.slice(end + 4)) : null, head: text.slice(0, end) });
        socket.destroy();
      };
      socket.on('data', (d) => {
        data = Buffer.concat([data, d]);
        const text = data.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
        if (end > 0 && length >= 0 && data.length >= end + 4 + length) finish();
      });
      socket.on('close', finish);
      socket.on('error', reject);
      socket.write(
        `POST /api/manager/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declaredLength}\r\n\r\n`,
      );
      socket.write(body);
      // a client that keeps the connection busy with a byte now and then, never finishing
      if (trickle) timer = setInterval(() => socket.write(Buffer.from([0])), 200);
    });
  }

  it("another restaurant's target is refused (404) as soon as the first file begins, before its body arrives", async () => {
    const before = await snapshot(slow.db);
    const head = Buffer.from(
      fieldPart('restaurant_id', world.other.restaurant.id) + fieldPart('type', 'image') + fileHead,
    );
    // 5 MB announced, 1 KiB sent: had the server waited for the file, the answer would be 408
    const res = await rawUpload(
      world.manager1.token,
      Buffer.concat([head, PNG, Buffer.alloc(1024)]),
      5 * 1024 * 1024,
    );
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: { code: 'not_found' } });
    expect(await snapshot(slow.db)).toBe(before);
  });

  it('a body that trickles in is cut off at the request timeout with 408 in the contract shape; nothing stored', async () => {
    const before = await snapshot(slow.db);
    const files = readdirSync(join(slow.dataDir, 'uploads')).length;
    const head = Buffer.from(fieldPart('product_id', world.own.product.id) + fileHead);
    const res = await rawUpload(world.manager1.token, Buffer.concat([head, PNG]), 1024 * 1024, true);
    expect(res.status).toBe(408);
    expect(res.json).toEqual({ error: { code: 'request_timeout', message: expect.any(String) } });
    expect(res.head).toMatch(/connection: close/i);
    expect(await snapshot(slow.db)).toBe(before);
    expect(readdirSync(join(slow.dataDir, 'uploads'))).toHaveLength(files);
  });

  it('fields after a file: 400 telling the order; nothing stored', async () => {
    const before = await snapshot(slow.db);
    const body = Buffer.concat([
      Buffer.from(fieldPart('type', 'image') + fileHead),
      PNG,
      Buffer.from(`\r\n${fieldPart('restaurant_id', world.own.restaurant.id)}--${boundary}--\r\n`),
    ]);
    const res = await rawUpload(world.manager1.token, body, body.length);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('before the files');
    const late = Buffer.concat([
      Buffer.from(
        fieldPart('restaurant_id', world.own.restaurant.id) + fieldPart('type', 'image') + fileHead,
      ),
      PNG,
      Buffer.from(`\r\n${fieldPart('note', 'x')}--${boundary}--\r\n`),
    ]);
    const res2 = await rawUpload(world.manager1.token, late, late.length);
    expect(res2.status).toBe(400);
    expect(res2.json).toMatchObject({
      error: { code: 'validation', details: [{ path: 'note', message: 'Must come before the first file' }] },
    });
    expect(await snapshot(slow.db)).toBe(before);
  });
});
