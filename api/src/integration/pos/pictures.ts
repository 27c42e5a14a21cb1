/**
 * The POS's pictures (iiko `imageLinks`, Poster's `photo`) through the picture pipeline, as if a
 * manager had uploaded them: downloaded only from the provider's image hosts, capped in size,
 * processed (no metadata kept, a variant per screen), counted in the restaurant's quota.
 *
 * They come after a sync's menu is written, in the background: a first import of hundreds of
 * pictures takes a minute, and neither the admin's import nor the stop-list (which waits for the
 * sync lock) should wait for it. Each product records the links it last took and the pictures
 * they became (`products.pos_pictures`): unchanged links are never downloaded again (links off
 * the provider's hosts are left out before that, so they cost nothing), and the
 * POS's pictures are told apart from those uploaded here, which always stay first and are never
 * removed by a sync. A link that fails is recorded too (tried again when the POS changes it), so
 * a broken link is not fetched every minute.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ImageError, type StoredImage } from '../../images';
import type { App } from '../../types';
import type { PosRestaurant } from './types';

/** Pictures taken per product (the guests' card shows the first; the detail, a few). */
export const POS_PICTURES_PER_PRODUCT = 3;
/** Largest download: a POS keeps pictures for screens, far under a phone photo's 12 MP. */
export const POS_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 20_000;
/** Products whose pictures are fetched at once (processing is bounded by the pipeline too). */
const AT_ONCE = 3;

interface PosPictures {
  links: string[];
  files: string[];
}

function parse(text: string | null | undefined): PosPictures {
  if (!text) return { links: [], files: [] };
  try {
    const value = JSON.parse(text) as PosPictures;
    return { links: value.links ?? [], files: value.files ?? [] };
  } catch {
    return { links: [], files: [] };
  }
}

/**
 * Where the POS's pictures may come from: the provider's image hosts (and POS_IMAGE_HOSTS), host
 * names reached over https on port 443 only; and, in tests only (POS_PICTURE_TEST_ORIGINS, which
 * the server refuses without NODE_ENV=test), exact loopback origins of a fake picture host.
 */
export interface PictureSources {
  hosts: readonly string[];
  testOrigins: readonly string[];
}

/**
 * Whether a link is on one of the hosts (the host or a subdomain, https, port 443) or is one of
 * the test origins exactly.
 */
export function allowedPictureLink(
  link: string,
  hosts: readonly string[],
  testOrigins: readonly string[] = [],
): URL | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (testOrigins.includes(url.origin)) return url;
  if (url.protocol !== 'https:' || url.port !== '') return undefined;
  return hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)) ? url : undefined;
}

export interface DownloadOptions {
  /** How a host name is resolved (default: the system's resolver); tests give a fake one. */
  resolve?: (host: string) => Promise<LookupAddress[]>;
  /** Origins fetched as they are (tests only: PictureSources.testOrigins). */
  testOrigins?: readonly string[];
}

/**
 * The picture's bytes: a 200 answer under the cap; redirects are not followed (they could leave
 * the hosts). Only https on port 443, and only to public addresses: the check runs on the
 * addresses the host resolves to when the socket connects (a `lookup` of our own), so a host
 * that resolves to 127.0.0.1, 10.x or ::1 (or changes its answer between a check and the
 * connection) reaches nothing inside; an address written in the link is checked the same way.
 */
export async function downloadPicture(url: URL, options: DownloadOptions = {}): Promise<Buffer> {
  if (options.testOrigins?.includes(url.origin)) return readAnswer(await fetchTestOrigin(url));
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443'))
    throw new Error('pictures are fetched over https on port 443 only');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) throw new Error(`${host} is not a public address`);
  const resolve = options.resolve ?? ((name: string) => dnsLookup(name, { all: true }));
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const inside = addresses.find((a) => !isPublicAddress(a.address));
        if (addresses.length === 0 || inside) {
          callback(
            new Error(`${hostname} resolves to ${inside?.address ?? 'nothing'}: not a public address`),
            '',
            4,
          );
        } else if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: Error) => callback(err, '', 4),
    );
  };
  return readAnswer(await httpsGet(url, lookup));
}

/** Whether an address is on the public internet (not loopback, private, link-local, reserved...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

function httpsGet(url: URL, lookup: LookupFunction): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // agent: false, a connection of its own: no pooled socket skips the check
    const request = httpsRequest(url, { method: 'GET', lookup, agent: false, timeout: DOWNLOAD_TIMEOUT_MS });
    request.on('response', resolve);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end();
  });
}

function fetchTestOrigin(url: URL): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      timeout: DOWNLOAD_TIMEOUT_MS,
    });
    request.on('response', resolve);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end();
  });
}

async function readAnswer(response: IncomingMessage): Promise<Buffer> {
  if (response.statusCode !== 200) {
    response.destroy();
    throw new Error(`answered ${response.statusCode}`);
  }
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > POS_PICTURE_MAX_BYTES) {
    response.destroy();
    throw new Error(`larger than ${POS_PICTURE_MAX_BYTES} bytes`);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response) {
    bytes += (chunk as Buffer).byteLength;
    if (bytes > POS_PICTURE_MAX_BYTES) {
      response.destroy();
      throw new Error(`larger than ${POS_PICTURE_MAX_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface PosPicturesResult {
  /** Pictures stored. */
  added: number;
  /** Links that could not be used (failed, not a picture, over the quota); those off the hosts are left out. */
  failed: number;
}

/** Brings the POS's pictures of the restaurant's products in step with `menu`. */
async function syncPictures(
  app: App,
  restaurantId: string,
  menu: PosRestaurant,
  sources: PictureSources,
): Promise<PosPicturesResult> {
  const result: PosPicturesResult = { added: 0, failed: 0 };
  const local = new Map(
    (await app.repos.products.listImported(restaurantId)).map((p) => [p.external_id as string, p]),
  );
  const work: { productId: string; previousText: string | null; links: string[] }[] = [];
  const refusedHosts = new Set<string>();
  for (const category of menu.categories) {
    for (const p of category.products) {
      const row = local.get(p.id);
      if (!row) continue;
      // a link off the provider's hosts is never fetched: left out here, so it costs no write
      const links = p.imageLinks
        .filter((link) => {
          if (allowedPictureLink(link, sources.hosts, sources.testOrigins)) return true;
          refusedHosts.add(safeHost(link));
          return false;
        })
        .slice(0, POS_PICTURES_PER_PRODUCT);
      const previous = parse(row.pos_pictures);
      if (previous.links.length === links.length && previous.links.every((l, i) => l === links[i])) continue;
      work.push({ productId: row.id, previousText: row.pos_pictures ?? null, links });
    }
  }
  if (refusedHosts.size > 0) {
    app.log.warn(
      { restaurantId, hosts: [...refusedHosts].slice(0, 10) },
      'POS picture links not on the provider image hosts: not downloaded',
    );
  }
  if (work.length === 0) return result;
  let done = 0;
  const progress = () =>
    app.repos.integrationAccounts.recordPictures(restaurantId, {
      pictures_total: work.length,
      pictures_done: done,
      pictures_failed: result.failed,
    });
  await progress();
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const item = work[next++] as (typeof work)[number];
      try {
        const outcome = await syncProduct(app, restaurantId, item, sources);
        result.added += outcome.added;
        result.failed += outcome.failed;
      } finally {
        done++;
        await progress();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, work.length) }, worker));
  await app.pictures.posPicturesDone(restaurantId);
  return result;
}

async function syncProduct(
  app: App,
  restaurantId: string,
  item: { productId: string; previousText: string | null; links: string[] },
  sources: PictureSources,
): Promise<PosPicturesResult> {
  const previous = parse(item.previousText);
  const kept = new Map<string, string>();
  previous.links.forEach((link, i) => {
    const file = previous.files[i];
    if (file) kept.set(link, file);
  });
  const stored: StoredImage[] = [];
  const files: string[] = [];
  let failed = 0;
  for (const link of item.links) {
    const reuse = kept.get(link);
    if (reuse) {
      files.push(reuse);
      continue;
    }
    const url = allowedPictureLink(link, sources.hosts, sources.testOrigins) as URL; // filtered above
    try {
      const picture = await app.pictures.store(
        await downloadPicture(url, { testOrigins: sources.testOrigins }),
      );
      stored.push(picture);
      files.push(picture.url);
    } catch (err) {
      failed++;
      files.push('');
      const reason = err instanceof ImageError ? err.code : (err as Error).message;
      app.log.warn({ restaurantId, host: url.host, reason }, 'POS picture not imported');
    }
  }
  const nextFiles = new Set(files.filter(Boolean));
  let written: 'written' | 'taken' | 'quota';
  try {
    written = await app.pictures.attachFromPos(
      restaurantId,
      item.productId,
      stored,
      // over the quota: the links are recorded (not fetched again until they change), no picture
      (trx, overQuota) =>
        trx.products.claimPosPictures(
          item.productId,
          item.previousText,
          JSON.stringify({ links: item.links, files: overQuota ? item.links.map(() => '') : files }),
        ),
      (current) => {
        // the ones uploaded here first, in their order; then the POS's, in its order (one a
        // manager deleted stays deleted)
        const here = current.filter((i) => !previous.files.includes(i.file));
        const fromPos = [...nextFiles]
          .filter((f) => !previous.files.includes(f) || current.some((i) => i.file === f))
          .map((file) => ({ file }));
        return [...here, ...fromPos];
      },
    );
  } catch (err) {
    await app.pictures.discard(stored);
    throw err;
  }
  if (written !== 'written') {
    // another server took these links meanwhile, or over the quota: what was stored goes
    await app.pictures.discard(stored);
    if (written === 'quota') {
      app.log.warn({ restaurantId }, 'POS pictures not imported: the restaurant is over its picture quota');
      return { added: 0, failed: failed + stored.length };
    }
    return { added: 0, failed };
  }
  return { added: stored.length, failed };
}

function safeHost(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return '(not a URL)';
  }
}

/**
 * The picture work running per app and restaurant (one at a time per restaurant in a process);
 * keyed by the app's POS context, the one object its plugin scopes share.
 */
const running = new WeakMap<object, Map<string, Promise<PosPicturesResult>>>();

/**
 * Starts bringing the POS's pictures in step with `menu` in the background; a run already going
 * for the restaurant is waited for first. Failures are logged, never thrown.
 */
export function startPosPictures(
  app: App,
  restaurantId: string,
  menu: PosRestaurant,
  sources: PictureSources,
): Promise<PosPicturesResult> {
  let jobs = running.get(app.pos);
  if (!jobs) {
    jobs = new Map();
    running.set(app.pos, jobs);
  }
  const before = jobs.get(restaurantId) ?? Promise.resolve({ added: 0, failed: 0 });
  const job = before
    .catch(() => undefined)
    .then(() => syncPictures(app, restaurantId, menu, sources))
    .catch((err: unknown) => {
      app.log.error({ err, restaurantId }, 'POS pictures failed');
      return { added: 0, failed: 0 };
    });
  jobs.set(restaurantId, job);
  void job.finally(() => {
    if (jobs.get(restaurantId) === job) jobs.delete(restaurantId);
  });
  return job;
}

/** Waits for the picture work of a restaurant (every restaurant when absent): tests, shutdown. */
export async function posPicturesSettled(app: App, restaurantId?: string): Promise<void> {
  const jobs = running.get(app.pos);
  if (!jobs) return;
  while (true) {
    const pending = restaurantId ? [jobs.get(restaurantId)].filter(Boolean) : [...jobs.values()];
    if (pending.length === 0) return;
    await Promise.all(pending);
  }
}
