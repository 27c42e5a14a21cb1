/**
 * The POS's pictures (src/integration/pos/pictures.ts) against a fake iiko and a fake picture
 * host: taken through the picture pipeline after the import, from the allowed hosts only, with
 * the caps; never downloaded twice; a changed link replaces the POS's picture and keeps the one
 * uploaded here; links the POS drops take their pictures with them.
 */
import { imageIdOf, imageKeys } from '@qrmenu/shared/image-variants';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedPictureLink, downloadPicture, posPicturesSettled } from '../src/integration/pos/pictures';
import { IIKO_API_LOGIN, soldOnMenu } from './fakes/iiko';
import { startPictureHost } from './fakes/picture-host';
import { apiCall, bearer } from './helpers';
import { posAppOptions, posStaff, startIiko } from './pos-support';
import { fileWorld } from './world';

describe('allowedPictureLink', () => {
  const hosts = ['iiko.biz'];
  const testOrigins = ['http://127.0.0.1:8081'];
  it('allows the host and its subdomains over https on port 443, a test origin exactly', () => {
    expect(allowedPictureLink('https://iiko.biz/a.jpg', hosts)).toBeDefined();
    expect(allowedPictureLink('https://img.iiko.biz:443/a.jpg', hosts)).toBeDefined();
    expect(allowedPictureLink('http://127.0.0.1:8081/images/a.jpg', hosts, testOrigins)).toBeDefined();
  });
  it('refuses other hosts, look-alikes, plain http, other ports, credentials, a test origin not given', () => {
    for (const link of [
      'http://iiko.biz/a.jpg',
      'https://eviliiko.biz/a.jpg',
      'https://iiko.biz.evil.com/a.jpg',
      'https://img.iiko.biz:8443/a.jpg',
      'http://127.0.0.1:8081/a.jpg',
      'https://user:pw@iiko.biz/a.jpg',
      'file:///etc/passwd',
      'not a link',
    ]) {
      expect(allowedPictureLink(link, hosts), link).toBeUndefined();
    }
    expect(allowedPictureLink('http://127.0.0.1:8082/a.jpg', hosts, testOrigins)).toBeUndefined();
  });
});

describe('a picture is fetched only from a public address, on port 443 (checked when connecting)', () => {
  const resolvingTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  it('refuses a host that resolves to a loopback, private, link-local or unique-local address', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '169.254.169.254', '::1', 'fd00::5']) {
      await expect(
        downloadPicture(new URL('https://img.iiko.biz/a.jpg'), { resolve: resolvingTo(address) }),
        address,
      ).rejects.toThrow(/not a public address/);
    }
    // one private address among public ones is enough to refuse
    await expect(
      downloadPicture(new URL('https://img.iiko.biz/a.jpg'), { resolve: resolvingTo('8.8.8.8', '10.0.0.1') }),
    ).rejects.toThrow(/not a public address/);
  });
  it('refuses an address written in the link, and any port but 443', async () => {
    for (const link of ['https://10.0.0.5/a.jpg', 'https://[::1]/a.jpg', 'https://127.0.0.1/a.jpg']) {
      await expect(downloadPicture(new URL(link)), link).rejects.toThrow(/not a public address/);
    }
    await expect(
      downloadPicture(new URL('https://img.iiko.biz:8443/a.jpg'), { resolve: resolvingTo('8.8.8.8') }),
    ).rejects.toThrow(/port 443/);
  });
});

describe("the POS's pictures", () => {
  const {
    ctx,
    world: staff,
    started: hosts,
  } = fileWorld(
    ({ pictures, fake }) =>
      posAppOptions(
        { provider: 'iiko', fake },
        { posPictureTestOrigins: [pictures.url], posHttp: { timeoutMs: 2000, backoffMs: 5, attempts: 2 } },
      ),
    posStaff,
    async () => {
      const pictures = await startPictureHost();
      return { pictures, fake: await startIiko({ products: 36, imageHost: pictures.url }) };
    },
  );
  let restaurantId: string;
  const withPictures = () =>
    hosts.fake.data.products.filter(
      (p) => soldOnMenu(p) && !p.isDeleted && (p.imageLinks as string[]).length > 0,
    ) as (Record<string, unknown> & { id: string; imageLinks: string[] })[];
  const product = (ext: string) =>
    ctx.db
      .selectFrom('products')
      .select(['id', 'images', 'pos_pictures'])
      .where('restaurant_id', '=', restaurantId)
      .where('external_id', '=', ext)
      .executeTakeFirstOrThrow();
  const imagesOf = async (ext: string) =>
    (JSON.parse((await product(ext)).images) as { file: string }[]).map((i) => i.file);
  const sync = async () => {
    const res = await apiCall(ctx, 'PUT', `/admin/integration/pos/${restaurantId}/sync`, staff.admin.token);
    expect(res.statusCode).toBe(200);
    await posPicturesSettled(ctx.app, restaurantId);
  };
  const stored = async (url: string) => {
    const key = ctx.app.storage.keyOf(url) as string;
    return ctx.app.storage.get(key);
  };

  // the last four dishes with pictures: a broken link, a huge picture, not a picture, a redirect
  beforeAll(() => {
    const faults = ['404', 'huge', 'not-a-picture', 'redirect'] as const;
    for (const [i, dish] of withPictures().slice(-4).entries())
      hosts.pictures.fault(new URL(dish.imageLinks[0] as string).pathname, faults[i]!);
  });

  it('come after the import through the pipeline: every variant stored, no metadata, in the quota', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/integration/pos/import',
      payload: {
        provider: 'iiko',
        credentials: { apiLogin: IIKO_API_LOGIN },
        location_id: hosts.fake.data.organizations[0]?.id,
        manager_id: staff.manager.id,
      },
      headers: bearer(staff.admin.token),
    });
    expect(res.statusCode).toBe(201);
    restaurantId = res.json().data.restaurant._id;
    await posPicturesSettled(ctx.app, restaurantId);

    const all = withPictures();
    expect(all.length).toBe(12);
    const good = all.slice(0, -4);
    for (const p of good) {
      const [file] = await imagesOf(p.id);
      expect(file, p.id).toMatch(/^\/uploads\//);
      const id = imageIdOf(ctx.app.storage.keyOf(file as string) as string) as string;
      for (const key of imageKeys(id)) expect(await ctx.app.storage.get(key), key).not.toBeNull();
      const main = await stored(file as string);
      const chunks: Buffer[] = [];
      for await (const c of main?.body ?? []) chunks.push(c as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBeLessThanOrEqual(960);
    }
    // the four faults: none stored, none retried on the next sync
    for (const p of all.slice(-4)) expect(await imagesOf(p.id)).toEqual([]);
    const used = await ctx.db
      .selectFrom('pictures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('restaurant_id', '=', restaurantId)
      .executeTakeFirstOrThrow();
    expect(Number(used.n)).toBe(good.length);
    // the admin's progress: every product with links done, the four faults counted
    const account = await apiCall(ctx, 'GET', `/admin/integration/pos/${restaurantId}`, staff.admin.token);
    expect(account.json().data.pictures).toEqual({ total: all.length, done: all.length, failed: 4 });
  });

  it('are not downloaded again by a sync (links unchanged), nor from a host not allowed', async () => {
    const before = hosts.pictures.total();
    const first = withPictures()[0] as { id: string };
    hosts.fake.change((d) => {
      (d.products.find((p) => p.id === first.id) as { name: string }).name = 'Yangi nom';
      (d.products.find((p) => p.id === withPictures()[1]?.id) as { imageLinks: string[] }).imageLinks = [
        'https://pictures.example.com/elsewhere.jpg',
      ];
    });
    await sync();
    expect(hosts.pictures.total()).toBe(before);
    // the link moved to a host not allowed: the POS's picture leaves, nothing is fetched
    expect(await imagesOf(withPictures()[1]?.id as string)).toEqual([]);
  });

  it("a changed link replaces the POS's picture and keeps the one uploaded here, first", async () => {
    const target = withPictures()[2] as { id: string; imageLinks: string[] };
    const [oldPos] = await imagesOf(target.id);
    // a picture a manager uploaded here (any stored URL the product refers to)
    const here = '/uploads/uploaded-here.jpg';
    await ctx.db
      .updateTable('products')
      .set({ images: JSON.stringify([{ file: oldPos }, { file: here }]) })
      .where('id', '=', (await product(target.id)).id)
      .execute();
    hosts.fake.change((d) => {
      (d.products.find((p) => p.id === target.id) as { imageLinks: string[] }).imageLinks = [
        `${hosts.pictures.url}/images/new-${target.id}.jpg`,
      ];
    });
    await sync();
    const images = await imagesOf(target.id);
    expect(images).toHaveLength(2);
    expect(images[0]).toBe(here);
    expect(images[1]).not.toBe(oldPos);
    expect(await stored(images[1] as string)).not.toBeNull();
    // the replaced picture's files are gone
    expect(await stored(oldPos as string)).toBeNull();
  });

  it('links the POS drops take their pictures with them; one the manager deleted stays deleted', async () => {
    const [dropped, deleted] = withPictures().slice(3, 5) as { id: string; imageLinks: string[] }[];
    const [droppedFile] = await imagesOf(dropped?.id as string);
    await ctx.db
      .updateTable('products')
      .set({ images: '[]' })
      .where('id', '=', (await product(deleted?.id as string)).id)
      .execute();
    hosts.fake.change((d) => {
      (d.products.find((p) => p.id === dropped?.id) as { imageLinks: string[] }).imageLinks = [];
      (d.products.find((p) => p.id === deleted?.id) as { name: string }).name = 'Boshqa';
    });
    await sync();
    expect(await imagesOf(dropped?.id as string)).toEqual([]);
    expect(await stored(droppedFile as string)).toBeNull();
    expect(await imagesOf(deleted?.id as string)).toEqual([]);
  });
});
