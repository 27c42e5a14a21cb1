/** API answers compressed per request: brotli, else gzip, else as they are; small ones never. */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createProduct, createWorld } from './helpers';
import { fileWorld } from './world';

const { ctx, world } = fileWorld({}, createWorld);

beforeAll(async () => {
  // a menu big enough to be worth compressing (the world has one product)
  for (let i = 0; i < 40; i++) {
    await createProduct(ctx, world.own.restaurant.id, world.own.category.id, {
      name: `Mahsulot ${i}`,
      description: 'Mol go‘shti, piyoz, sabzi va ziravorlar bilan',
    });
  }
});

/** GET `/api<path>` accepting `encoding` (none: no Accept-Encoding), as `token`'s user or none. */
const read = (path: string, encoding?: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api${path}`,
    headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
/** The owner's product list (41 products), accepting `encoding`. */
const products = (encoding?: string) => read('/manager/products', encoding, world.manager1.token);

describe('compressed API answers', () => {
  it('brotli when accepted, else gzip, else the JSON as it is: the same answer each way', async () => {
    const plain = await products();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json() as { count: number };
    expect(json.count).toBe(41);

    const br = await products('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gzip = await products('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
  });

  it('an answer under 1 KiB goes as it is', async () => {
    const health = await read('/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('error answers keep the contract body (compressed or not)', async () => {
    const res = await read('/manager/products', 'br');
    expect(res.statusCode).toBe(401);
    const body =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
    expect(JSON.parse(body.toString())).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('a compressed request body is not inflated: 400, nothing stored', async () => {
    const before = (await products()).json() as { count: number };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/products',
      headers: {
        ...bearer(world.manager1.token),
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ name: 'Yashirin', category_id: world.own.category.id, price: 1 })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('error.code');
    expect(((await products()).json() as { count: number }).count).toBe(before.count);
  });
});
