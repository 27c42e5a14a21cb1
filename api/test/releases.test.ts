/**
 * The modules' releases (services/releases/, docs/RELEASES.md): who may change them (an admin or
 * the module's own deploy key, stored hashed), the manifest's check before a release is
 * registered (where it may come from, its shared versions against the shell's build), the split
 * of users (stable per person, the share met over many), promote and roll back, the shells'
 * reports and the canary threshold; on PostgreSQL, a change on one app is seen by another at once.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers } from '@qrmenu/shared/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { integrityOf } from '../../tools/rspack/manifest-files';
import { buildApp } from '../src/app';
import { bucketOf, inCanary } from '../src/services/releases/split';
import { freshDatabase } from './cluster/harness';
import {
  adminUser,
  apiCall,
  createTestApp,
  createUser,
  expectError,
  expectShape,
  type TestCtx,
  type TestUser,
} from './helpers';

/** What the shell build provides (its mf-manifest.json's shared list, trimmed). */
const SHELL_MANIFEST = {
  name: 'shell',
  metaData: { publicPath: '/' },
  shared: [
    { name: 'react', version: '19.3.1', requiredVersion: '^19.0.0' },
    { name: '@qrmenu/shared/texts', version: '3.1.0', requiredVersion: '^3.1.0' },
  ],
};

/** The files of a build: its remoteEntry, a page's chunk and a shared module's chunk, and what each holds. */
const PAGE_CHUNK = '__federation_expose_Page.1a2b3c4d.js';
const SHARED_CHUNK = '5606.0a0b0c0d.js';
const BUILD_FILES: Record<string, string> = {
  'remoteEntry.js': 'var mfe_build = { get() {}, init() {} };',
  [PAGE_CHUNK]: 'export default function Page() {}',
  [SHARED_CHUNK]: 'export const SortableList = 1;',
};
/** Each file's size and integrity, as the workspace's build writes them into the manifest. */
const filesOf = (bodies: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(bodies).map(([name, body]) => [
      name,
      { size: Buffer.byteLength(body), integrity: integrityOf(Buffer.from(body)) },
    ]),
  );

/** A remote build's manifest, as rspack's federation plugin and the workspace's build write it (trimmed). */
const remoteManifest = (name: string, texts = '^3.1.0') => ({
  id: name,
  name,
  metaData: { name, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  shared: [
    { name: 'react', version: '19.3.1', requiredVersion: '^19.0.0' },
    { name: '@qrmenu/shared/texts', version: texts.slice(1), requiredVersion: texts },
    // one the shell does not provide: the remote brings its own
    {
      name: '@qrmenu/shared/sortable',
      version: '9.0.0',
      requiredVersion: '^9.0.0',
      assets: { js: { sync: [SHARED_CHUNK], async: [] }, css: { sync: [], async: [] } },
    },
  ],
  exposes: [
    {
      name: 'Page',
      path: './Page',
      assets: { js: { sync: [PAGE_CHUNK], async: [] }, css: { sync: [], async: [] } },
    },
  ],
  files: filesOf(BUILD_FILES),
});

/** The manifests' server (another origin): path -> [status, body, headers]. */
const served = new Map<string, [number, string, Record<string, string>?]>();
const fetched: string[] = [];
let origin: string;
/** A second origin serving the same files (a team's new CDN), allowed by no one at first. */
let newCdn: string;
let manifests: Server;
let elsewhere: Server;
let webRoot: string;
let ctx: TestCtx;
let admin: TestUser;
let manager: TestUser;

const serve = (path: string, body: unknown, status = 200, headers?: Record<string, string>) => {
  served.set(path, [status, typeof body === 'string' ? body : JSON.stringify(body), headers]);
  return `${origin}${path}`;
};

/**
 * Deploys a build at `path` (its manifest's address) as a team uploads one: the manifest and each
 * of its files where the runtime would fetch it (publicPath + the file's path), but those in
 * `missing`, with `bodies` in place of the files as built.
 */
const deploy = (
  path: string,
  manifest: ReturnType<typeof remoteManifest> = remoteManifest('mfe_catalog'),
  { missing = [], bodies = {} }: { missing?: string[]; bodies?: Record<string, string> } = {},
) => {
  const url = serve(path, manifest);
  const publicPath = manifest.metaData.publicPath;
  const base = publicPath === 'auto' ? new URL('./', url).href : publicPath;
  const entry = manifest.metaData.remoteEntry;
  const entryFile = `${entry.path.replace(/^\.\//, '')}${entry.name}`;
  for (const [name, body] of Object.entries(BUILD_FILES)) {
    const file = name === 'remoteEntry.js' ? entryFile : name;
    if (!missing.includes(name)) serve(new URL(`${base}${file}`, url).pathname, bodies[name] ?? body);
  }
  return url;
};

beforeAll(async () => {
  const answer = (req: { url?: string }, res: import('node:http').ServerResponse) => {
    fetched.push(req.url ?? '');
    const [status, body, headers] = served.get(req.url ?? '') ?? [404, 'not found'];
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  };
  manifests = createServer(answer);
  elsewhere = createServer(answer);
  await new Promise<void>((r) => manifests.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(manifests.address() as { port: number }).port}`;
  newCdn = `http://127.0.0.1:${(elsewhere.address() as { port: number }).port}`;
  webRoot = mkdtempSync(join(tmpdir(), 'qrmenu-releases-'));
  mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(webRoot, 'shell', 'dist', 'mf-manifest.json'), JSON.stringify(SHELL_MANIFEST));
  // the shell's page: its Content-Security-Policy names where module code may come from
  writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><html><head></head></html>');
  for (const [pkg, name] of [
    ['mfe-auth', 'mfe_auth'],
    ['mfe-catalog', 'mfe_catalog'],
  ]) {
    mkdirSync(join(webRoot, pkg as string, 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, pkg as string, 'dist', 'mf-manifest.json'),
      JSON.stringify(remoteManifest(name as string)),
    );
    for (const [file, body] of Object.entries(BUILD_FILES)) {
      writeFileSync(join(webRoot, pkg as string, 'dist', file), body);
    }
  }
  ctx = await createTestApp({
    webRoot,
    releaseOrigins: [origin],
    canaryThreshold: { min_loads: 10, max_failure_rate: 0.5 },
  });
  admin = await adminUser(ctx);
  manager = await createUser(ctx, 'manager');
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((r) => manifests?.close(r));
  await new Promise((r) => elsewhere?.close(r));
  rmSync(webRoot, { recursive: true, force: true });
});

const register = (module: string, body: Record<string, unknown>, token: string | null = admin.token) =>
  apiCall(ctx, 'POST', `/releases/modules/${module}`, token, body);
const moduleOf = async (module: string) => {
  const res = await apiCall(ctx, 'GET', '/releases', admin.token);
  expect(res.statusCode).toBe(200);
  const overview = expectShape(answers.releasesOverview, res.json());
  return overview.data.modules.find((m) => m.module === module);
};
const assignmentOf = async (query: string, token?: string) => {
  const res = await apiCall(ctx, 'GET', `/releases/assignment${query}`, token);
  expect(res.statusCode).toBe(200);
  return expectShape(answers.assignment, res.json()).data.remotes;
};
const newKey = async (module: string) => {
  const res = await apiCall(ctx, 'POST', `/releases/modules/${module}/deploy-key`, admin.token);
  expect(res.statusCode).toBe(201);
  return expectShape(answers.deployKey, res.json()).data.key;
};

describe('first stable releases', () => {
  it('come from the modules built into the web root; the others are not deployed', async () => {
    const catalog = await moduleOf('mfe_catalog');
    expect(catalog?.stable).toMatchObject({
      version: 'initial',
      manifest_url: '/remotes/mfe-catalog/mf-manifest.json',
    });
    expect(catalog?.canary).toBeNull();
    expect((await moduleOf('mfe_stoplist'))?.stable).toBeNull();
    const remotes = await assignmentOf('');
    expect(Object.keys(remotes).sort()).toEqual(['mfe_auth', 'mfe_catalog']);
    expect(remotes.mfe_catalog).toEqual({
      url: '/remotes/mfe-catalog/mf-manifest.json',
      version: 'initial',
      fallback: null,
    });
  });

  it('every module of the registry is listed, deployed or not', async () => {
    const res = await apiCall(ctx, 'GET', '/releases', admin.token);
    expect(res.json().data.modules.map((m: { module: string }) => m.module)).toEqual([
      'mfe_auth',
      'mfe_restaurants',
      'mfe_catalog',
      'mfe_stoplist',
      'mfe_orders',
      'mfe_reports',
    ]);
  });
});

describe('who may change a module', () => {
  it('the overview and deploy keys are for admins only', async () => {
    expectError(await apiCall(ctx, 'GET', '/releases'), 401, 'unauthorized');
    expectError(await apiCall(ctx, 'GET', '/releases', manager.token), 403, 'forbidden');
    expectError(
      await apiCall(ctx, 'POST', '/releases/modules/mfe_auth/deploy-key', manager.token),
      403,
      'forbidden',
    );
    expectError(
      await apiCall(ctx, 'POST', '/releases/modules/mfe_nope/deploy-key', admin.token),
      404,
      'not_found',
    );
  });

  it("a module's deploy key changes its module only; nobody else but an admin does", async () => {
    const authKey = await newKey('mfe_auth');
    const catalogKey = await newKey('mfe_catalog');
    expect(authKey).toMatch(/^qrd_[A-Za-z0-9_-]{43}$/);
    const url = deploy('/catalog-a/mf-manifest.json');
    const before = await moduleOf('mfe_catalog');
    // mfe-auth's key cannot change mfe-catalog, whatever the change
    expectError(
      await register('mfe_catalog', { manifest_url: url, canary_share: 10 }, authKey),
      403,
      'forbidden',
    );
    for (const path of ['promote', 'rollback']) {
      expectError(
        await apiCall(ctx, 'POST', `/releases/modules/mfe_catalog/${path}`, authKey),
        403,
        'forbidden',
      );
    }
    expectError(
      await apiCall(ctx, 'PUT', '/releases/modules/mfe_catalog/canary', authKey, { share: 5 }),
      403,
      'forbidden',
    );
    // no key, a made-up key, a manager's token
    expectError(await register('mfe_catalog', { manifest_url: url }, null), 401, 'unauthorized');
    expectError(
      await register('mfe_catalog', { manifest_url: url }, `qrd_${'x'.repeat(43)}`),
      401,
      'unauthorized',
    );
    expectError(await register('mfe_catalog', { manifest_url: url }, manager.token), 403, 'forbidden');
    expect(await moduleOf('mfe_catalog')).toEqual(before);
    // its own key does
    const res = await register(
      'mfe_catalog',
      { manifest_url: url, version: 'a1', canary_share: 10 },
      catalogKey,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.canary).toMatchObject({ version: 'a1', manifest_url: url });
    expect(
      (await apiCall(ctx, 'POST', '/releases/modules/mfe_catalog/rollback', catalogKey)).statusCode,
    ).toBe(200);
  });

  it('keys are kept as hashes only; a new key ends the old one', async () => {
    const first = await newKey('mfe_restaurants');
    const rows = await ctx.db.selectFrom('deploy_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(first);
    expect(rows.find((r) => r.module === 'mfe_restaurants')?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const second = await newKey('mfe_restaurants');
    const rollback = (key: string) => apiCall(ctx, 'POST', '/releases/modules/mfe_restaurants/rollback', key);
    expectError(await rollback(first), 401, 'unauthorized');
    // the right key gets through to the rule (nothing to roll back to)
    expectError(await rollback(second), 409, 'conflict');
    expect((await moduleOf('mfe_restaurants'))?.deploy_key_created_at).toEqual(expect.any(String));
  });
});

describe("a release's manifest is checked before it is registered", () => {
  it('refuses an origin that is not allowed without fetching it', async () => {
    const count = fetched.length;
    const res = await register('mfe_catalog', { manifest_url: 'http://169.254.169.254/latest/meta-data' });
    expectError(res, 400, 'validation');
    expect(res.json().error.details[0]).toMatchObject({ path: 'manifest_url' });
    expectError(await register('mfe_catalog', { manifest_url: 'file:///etc/passwd' }), 400, 'validation');
    expectError(
      await register('mfe_catalog', { manifest_url: '/remotes/../../etc/mf-manifest.json' }),
      400,
      'validation',
    );
    expectError(
      await register('mfe_catalog', { manifest_url: '/remotes/mfe-stoplist/mf-manifest.json' }),
      400,
      'validation',
    );
    expect(fetched.length).toBe(count);
  });

  it('follows no redirect, takes no oversized or non-JSON answer, says when the server fails', async () => {
    const redirect = serve('/moved/mf-manifest.json', '', 302, { location: 'http://169.254.169.254/' });
    expectError(await register('mfe_catalog', { manifest_url: redirect }), 400, 'validation');
    const big = serve('/big/mf-manifest.json', `{"x":"${'a'.repeat(600 * 1024)}"}`);
    expect((await register('mfe_catalog', { manifest_url: big })).json().error.message).toMatch(
      /over 524288 bytes/,
    );
    const html = serve('/html/mf-manifest.json', '<html></html>');
    expectError(await register('mfe_catalog', { manifest_url: html }), 400, 'validation');
    expectError(
      await register('mfe_catalog', { manifest_url: `${origin}/missing/mf-manifest.json` }),
      502,
      'bad_gateway',
    );
  });

  it('refuses a manifest requiring a shared version the shell lacks, with the reason; nothing is stored', async () => {
    const before = await moduleOf('mfe_catalog');
    const newer = serve('/newer/mf-manifest.json', remoteManifest('mfe_catalog', '^3.2.0'));
    const res = await register('mfe_catalog', { manifest_url: newer, canary_share: 50 });
    expectError(res, 400, 'validation');
    expect(res.json().error.details).toEqual([
      { path: 'manifest_url', message: '@qrmenu/shared/texts requires ^3.2.0, the shell provides 3.1.0' },
    ]);
    const other = serve('/other/mf-manifest.json', remoteManifest('mfe_auth'));
    expect((await register('mfe_catalog', { manifest_url: other })).json().error.details).toEqual([
      { path: 'manifest_url', message: 'The manifest is of mfe_auth, not mfe_catalog' },
    ]);
    expect(await moduleOf('mfe_catalog')).toEqual(before);
    const versions = await ctx.db.selectFrom('module_releases').select('manifest_url').execute();
    expect(versions.map((v) => v.manifest_url)).not.toContain(newer);
  });

  it('refuses files on another origin however the address is written: publicPath and remoteEntry as the runtime joins them', async () => {
    const withFiles = (publicPath: string, remoteEntry: { name: string; path: string }) => {
      const m = remoteManifest('mfe_catalog');
      // the build names its remoteEntry by its path in its folder
      const { 'remoteEntry.js': entry, ...chunks } = m.files;
      const entryFile = `${remoteEntry.path.replace(/^\.\//, '')}${remoteEntry.name}`;
      return {
        ...m,
        metaData: { ...m.metaData, publicPath, remoteEntry: { type: 'global', ...remoteEntry } },
        files: { ...chunks, [entryFile]: entry as (typeof m.files)[string] },
      };
    };
    const refusal = async (path: string, manifest: unknown) =>
      (await register('mfe_catalog', { manifest_url: serve(path, manifest) })).json().error?.details;
    // protocol-relative: another host, not a path of this one
    expect(
      await refusal(
        '/pp1/mf-manifest.json',
        withFiles('//evil.example/', { name: 'remoteEntry.js', path: '' }),
      ),
    ).toEqual([
      { path: 'manifest_url', message: 'Its files are on http://evil.example, not an allowed origin' },
      { path: 'manifest_url', message: 'Its remoteEntry is on http://evil.example, not an allowed origin' },
    ]);
    // the runtime writes publicPath + name: without a closing slash the name can move the host
    const userinfo = withFiles(origin, { name: '@evil.example/remoteEntry.js', path: '' });
    expect(await refusal('/pp2/mf-manifest.json', userinfo)).toEqual([
      { path: 'manifest_url', message: `Its publicPath "${origin}" must end with /` },
      { path: 'manifest_url', message: 'Its remoteEntry is on http://evil.example, not an allowed origin' },
    ]);
    expect(await refusal('/pp3/mf-manifest.json', withFiles('auto', { name: '', path: '' }))).toEqual([
      { path: 'manifest_url', message: 'The manifest names no remoteEntry' },
    ]);
    // a path of the allowed origin, a path of its own folder, and this server's own paths are fine
    for (const [i, publicPath] of [`${origin}/cdn/`, 'auto', '/static/'].entries()) {
      const ok = withFiles(publicPath, { name: 'remoteEntry.js', path: './js/' });
      const res = await register('mfe_catalog', {
        manifest_url: deploy(`/pp-ok${i}/mf-manifest.json`, ok),
        version: `pp${i}`,
        canary_share: 5,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await apiCall(ctx, 'POST', '/releases/modules/mfe_catalog/rollback', admin.token)).statusCode,
    ).toBe(200);
  });

  it('fetches every file the manifest names: one missing, of another size or content, refuses the release naming it', async () => {
    const before = await moduleOf('mfe_catalog');
    const refusal = async (url: string) => {
      const res = await register('mfe_catalog', { manifest_url: url, canary_share: 50 });
      expectError(res, 400, 'validation');
      return res.json().error.details.map((d: { message: string }) => d.message);
    };
    // a partial upload: the page's chunk never arrived
    expect(await refusal(deploy('/partial/mf-manifest.json', undefined, { missing: [PAGE_CHUNK] }))).toEqual([
      `${PAGE_CHUNK} is missing (/partial/${PAGE_CHUNK} answered 404)`,
    ]);
    // each file fetched, the remoteEntry first; none twice
    const count = fetched.length;
    await refusal(
      deploy('/partial-2/mf-manifest.json', undefined, { missing: ['remoteEntry.js', SHARED_CHUNK] }),
    );
    expect(fetched.slice(count).sort()).toEqual(
      ['/partial-2/mf-manifest.json', ...Object.keys(BUILD_FILES).map((f) => `/partial-2/${f}`)].sort(),
    );
    // cut short, changed, or longer than built
    const page = BUILD_FILES[PAGE_CHUNK] as string;
    expect(
      await refusal(
        deploy('/changed/mf-manifest.json', undefined, {
          bodies: {
            [PAGE_CHUNK]: page.slice(0, 10),
            [SHARED_CHUNK]: (BUILD_FILES[SHARED_CHUNK] as string).replace('1', '2'),
            'remoteEntry.js': `${BUILD_FILES['remoteEntry.js']}\n// more`,
          },
        }),
      ),
    ).toEqual([
      `remoteEntry.js is larger than the manifest says (${Buffer.byteLength(BUILD_FILES['remoteEntry.js'] as string)} bytes)`,
      `${PAGE_CHUNK} is 10 bytes, the manifest says ${Buffer.byteLength(page)}`,
      `${SHARED_CHUNK} is not the file the manifest names (its sha384 differs)`,
    ]);
    // a manifest without the files' sizes and hashes has nothing to compare with
    const { files: _files, ...bare } = remoteManifest('mfe_catalog');
    expect(await refusal(serve('/bare/mf-manifest.json', bare))).toEqual([
      "The manifest gives no size and integrity of its files (files): build it with the workspace's build (tools/rspack)",
    ]);
    const unnamed = {
      ...remoteManifest('mfe_catalog'),
      files: filesOf({ 'remoteEntry.js': BUILD_FILES['remoteEntry.js'] as string }),
    };
    expect(await refusal(deploy('/unnamed/mf-manifest.json', unnamed))).toEqual([
      `${PAGE_CHUNK}: the manifest gives no size and integrity of it`,
      `${SHARED_CHUNK}: the manifest gives no size and integrity of it`,
    ]);
    // nothing is stored
    expect(await moduleOf('mfe_catalog')).toEqual(before);
  });

  it('a file that redirects is refused; its server failing is a 502 naming the file', async () => {
    const redirecting = deploy('/redirects/mf-manifest.json');
    serve(`/redirects/${SHARED_CHUNK}`, '', 302, { location: 'http://169.254.169.254/' });
    const res = await register('mfe_catalog', { manifest_url: redirecting, canary_share: 50 });
    expectError(res, 400, 'validation');
    expect(res.json().error.details).toEqual([
      {
        path: 'manifest_url',
        message: `${SHARED_CHUNK} redirects: a release's files are answered where its manifest says`,
      },
    ]);
    const failing = deploy('/failing/mf-manifest.json');
    serve(`/failing/${PAGE_CHUNK}`, 'busy', 503);
    const down = await register('mfe_catalog', { manifest_url: failing, canary_share: 50 });
    expectError(down, 502, 'bad_gateway');
    expect(down.json().error.message).toBe(
      `The server of the release's files answered 503 for ${PAGE_CHUNK}`,
    );
  });

  it("a build of this server's own folder with a file missing is refused too", async () => {
    const dist = join(webRoot, 'mfe-auth', 'dist');
    rmSync(join(dist, SHARED_CHUNK));
    try {
      const res = await register('mfe_auth', {
        manifest_url: '/remotes/mfe-auth/mf-manifest.json',
        canary_share: 5,
      });
      expectError(res, 400, 'validation');
      expect(res.json().error.details).toEqual([
        { path: 'manifest_url', message: `${SHARED_CHUNK} is missing (/remotes/mfe-auth/${SHARED_CHUNK})` },
      ]);
    } finally {
      writeFileSync(join(dist, SHARED_CHUNK), BUILD_FILES[SHARED_CHUNK] as string);
    }
  });

  it("a build of this server's own folder is read from disk; the version defaults to the manifest's digest", async () => {
    const count = fetched.length;
    const res = await register('mfe_auth', {
      manifest_url: '/remotes/mfe-auth/mf-manifest.json',
      canary_share: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.canary).toMatchObject({
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
      manifest_url: '/remotes/mfe-auth/mf-manifest.json',
    });
    expect(fetched.length).toBe(count);
    expect((await apiCall(ctx, 'POST', '/releases/modules/mfe_auth/rollback', admin.token)).statusCode).toBe(
      200,
    );
  });
});

describe('where a release may come from: origins an admin manages, every server at once', () => {
  const originsNow = async () => (await apiCall(ctx, 'GET', '/releases', admin.token)).json().data.origins;
  const allow = (value: string, token = admin.token) =>
    apiCall(ctx, 'POST', '/releases/origins', token, { origin: value });
  const scriptSources = async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/categoryList' });
    expect(page.statusCode).toBe(200);
    return /script-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1]?.split(' ');
  };

  it("the environment's are the first ones; an admin adds a new CDN and a release from it registers at once; logged", async () => {
    expect(await originsNow()).toEqual([
      { _id: expect.any(String), origin, added_by: null, created_at: expect.any(String) },
    ]);
    const build = deploy('/new-cdn/mf-manifest.json').replace(origin, newCdn);
    const count = fetched.length;
    const refused = await register('mfe_catalog', { manifest_url: build, canary_share: 10 });
    expectError(refused, 400, 'validation');
    expect(refused.json().error.message).toBe(
      `${newCdn} is not an allowed origin (an admin allows it on the Modullar page)`,
    );
    expect(fetched.length).toBe(count);
    expect(await scriptSources()).not.toContain(newCdn);

    const warn = vi.spyOn(ctx.app.log, 'warn');
    const added = await allow(`${newCdn}/`);
    expect(added.statusCode).toBe(201);
    expect(expectShape(answers.releaseOrigin, added.json()).data).toEqual({
      _id: expect.any(String),
      origin: newCdn,
      added_by: 'admin',
      created_at: expect.any(String),
    });
    expect(warn).toHaveBeenCalledWith(
      { origin: newCdn, by: admin.id, login: 'admin' },
      'releases: an admin allowed a release origin',
    );
    // no restart: the next registration reads it, the shell's page may load from it
    const ok = await register('mfe_catalog', { manifest_url: build, version: 'cdn2', canary_share: 10 });
    expect(ok.statusCode).toBe(200);
    expect(await scriptSources()).toContain(newCdn);

    // while it serves the canary it stays; rolled back, it can go, and then nothing comes from it
    const id = added.json().data._id;
    const inUse = await apiCall(ctx, 'DELETE', `/releases/origins/${id}`, admin.token);
    expectError(inUse, 409, 'conflict');
    expect(inUse.json().error.message).toBe(
      `${newCdn} serves mfe_catalog's canary release cdn2: register another first`,
    );
    expect(
      (await apiCall(ctx, 'POST', '/releases/modules/mfe_catalog/rollback', admin.token)).statusCode,
    ).toBe(200);
    const removed = await apiCall(ctx, 'DELETE', `/releases/origins/${id}`, admin.token);
    expect(removed.statusCode).toBe(200);
    expect(warn).toHaveBeenCalledWith(
      { origin: newCdn, by: admin.id, login: 'admin' },
      'releases: an admin removed a release origin',
    );
    warn.mockRestore();
    expect((await originsNow()).map((o: { origin: string }) => o.origin)).toEqual([origin]);
    expectError(await register('mfe_catalog', { manifest_url: build, canary_share: 10 }), 400, 'validation');
    expect(await scriptSources()).not.toContain(newCdn);
    expectError(await apiCall(ctx, 'DELETE', `/releases/origins/${id}`, admin.token), 404, 'not_found');
  });

  it('takes an origin only, once; admins only', async () => {
    for (const bad of [
      'cdn.example.uz',
      'ftp://cdn.example.uz',
      'https://cdn.example.uz/catalog/',
      'https://u:p@cdn.example.uz',
      'https://cdn.example.uz?x=1',
      'https://',
    ]) {
      const res = await allow(bad);
      expectError(res, 400, 'validation');
      expect(res.json().error.details).toEqual([
        { path: 'origin', message: 'An origin like https://cdn.example.uz' },
      ]);
    }
    expectError(await allow(origin), 409, 'conflict');
    expectError(await allow('https://cdn.example.uz', manager.token), 403, 'forbidden');
    expectError(
      await apiCall(ctx, 'POST', '/releases/origins', null, { origin: 'https://cdn.example.uz' }),
      401,
      'unauthorized',
    );
    expect((await originsNow()).map((o: { origin: string }) => o.origin)).toEqual([origin]);
  });
});

describe('the split of users', () => {
  it('puts the share asked for in the canary over many visitors, each the same every time', () => {
    let inside = 0;
    for (let i = 0; i < 20_000; i++) if (inCanary('mfe_catalog', 'v2', `visitor:v${i}`, 50)) inside++;
    expect(inside / 20_000).toBeGreaterThan(0.48);
    expect(inside / 20_000).toBeLessThan(0.52);
    let ten = 0;
    for (let i = 0; i < 20_000; i++) if (inCanary('mfe_catalog', 'v2', `visitor:v${i}`, 10)) ten++;
    expect(ten / 20_000).toBeGreaterThan(0.09);
    expect(ten / 20_000).toBeLessThan(0.11);
    expect(bucketOf('mfe_catalog', 'v2', 'user:abc')).toBe(bucketOf('mfe_catalog', 'v2', 'user:abc'));
    // a larger share keeps everyone who was in; nobody known is never in
    for (let i = 0; i < 2000; i++) {
      if (inCanary('m', 'v', `user:${i}`, 10)) expect(inCanary('m', 'v', `user:${i}`, 30)).toBe(true);
    }
    expect(inCanary('m', 'v', null, 100)).toBe(false);
  });

  it('answers each account and each visitor the same release on every call; an ETag makes it a 304', async () => {
    const v2 = deploy('/catalog-v2/mf-manifest.json');
    expect(
      (await register('mfe_catalog', { manifest_url: v2, version: 'v2', canary_share: 50 })).statusCode,
    ).toBe(200);
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx, 'manager')));
    let canary = 0;
    for (const user of users) {
      const first = (await assignmentOf('', user.token)).mfe_catalog;
      expect((await assignmentOf('', user.token)).mfe_catalog).toEqual(first);
      const expected = inCanary('mfe_catalog', 'v2', `user:${user.id}`, 50);
      expect(first?.version).toBe(expected ? 'v2' : 'initial');
      if (expected) {
        canary++;
        expect(first?.fallback).toEqual({ url: '/remotes/mfe-catalog/mf-manifest.json', version: 'initial' });
      }
    }
    expect(canary).toBeGreaterThan(0);
    expect(canary).toBeLessThan(20);
    // a signed-out visitor by its id; without one (or a malformed one): the stable release
    const visitor = 'Vx0123456789abcdef';
    const seen = (await assignmentOf(`?visitor=${visitor}`)).mfe_catalog;
    expect(seen?.version).toBe(inCanary('mfe_catalog', 'v2', `visitor:${visitor}`, 50) ? 'v2' : 'initial');
    expect((await assignmentOf('?visitor=<script>')).mfe_catalog?.version).toBe('initial');
    const res = await apiCall(ctx, 'GET', `/releases/assignment?visitor=${visitor}`);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/releases/assignment?visitor=${visitor}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // /config.json says the same, the shell's first request
    const config = await ctx.app.inject({ method: 'GET', url: `/config.json?visitor=${visitor}` });
    expect(config.json().remotes.mfe_catalog).toBe(seen?.url);
    expect(config.json().releases.mfe_catalog).toEqual({ version: seen?.version, fallback: seen?.fallback });
  });

  it('a new share applies at once; promote puts everyone on the canary, roll back on the one before', async () => {
    const everyone = async () =>
      new Set(
        await Promise.all(
          Array.from(
            { length: 30 },
            async (_, i) => (await assignmentOf(`?visitor=visitor-${i}-abc`)).mfe_catalog?.version,
          ),
        ),
      );
    const share = await apiCall(ctx, 'PUT', '/releases/modules/mfe_catalog/canary', admin.token, {
      share: 100,
    });
    expect(share.json().data.canary_share).toBe(100);
    expect(await everyone()).toEqual(new Set(['v2']));
    const promoted = await apiCall(ctx, 'POST', '/releases/modules/mfe_catalog/promote', admin.token);
    expect(promoted.json().data).toMatchObject({
      stable: { version: 'v2' },
      canary: null,
      previous: { version: 'initial' },
    });
    expect(await everyone()).toEqual(new Set(['v2']));
    expect((await assignmentOf('?visitor=anyone-at-all')).mfe_catalog?.fallback).toBeNull();
    expectError(
      await apiCall(ctx, 'POST', '/releases/modules/mfe_catalog/promote', admin.token),
      409,
      'conflict',
    );
    const back = await apiCall(ctx, 'POST', '/releases/modules/mfe_catalog/rollback', admin.token);
    expect(back.json().data).toMatchObject({ stable: { version: 'initial' }, canary: null });
    expect(await everyone()).toEqual(new Set(['initial']));
    expectError(
      await apiCall(ctx, 'POST', '/releases/modules/mfe_catalog/rollback', admin.token),
      409,
      'conflict',
    );
    expectError(
      await apiCall(ctx, 'PUT', '/releases/modules/mfe_catalog/canary', admin.token, { share: 0 }),
      400,
      'validation',
    );
    expectError(
      await apiCall(ctx, 'PUT', '/releases/modules/mfe_catalog/canary', admin.token, { share: 20 }),
      409,
      'conflict',
    );
    // a version is one address
    expectError(
      await register('mfe_catalog', {
        manifest_url: deploy('/v2-elsewhere/mf-manifest.json'),
        version: 'v2',
      }),
      409,
      'conflict',
    );
  });
});

describe("the shells' reports and the canary threshold", () => {
  const report = (body: unknown, address = '203.0.113.9') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/releases/reports',
      payload: body as object,
      remoteAddress: address,
    });
  /** Visitors whose split puts them on (or off) the canary `version` of mfe_catalog at `share`. */
  const visitors = (version: string, share: number, n: number, on = true) => {
    const out: string[] = [];
    for (let i = 0; out.length < n; i++) {
      const id = `visitor-${version}-${i}`;
      if (inCanary('mfe_catalog', version, `visitor:${id}`, share) === on) out.push(id);
    }
    return out;
  };
  const tokenOf = async (visitor: string) => {
    const res = await apiCall(ctx, 'GET', `/releases/assignment?visitor=${visitor}`);
    return expectShape(answers.assignment, res.json()).data.report_token as string;
  };
  const canaryOf = async () => (await moduleOf('mfe_catalog'))?.canary;

  it('counts users, not requests: loads and failures by error name per release, once each; failures never above loads', async () => {
    const v3 = deploy('/catalog-v3/mf-manifest.json');
    expect(
      (await register('mfe_catalog', { manifest_url: v3, version: 'v3', canary_share: 50 })).statusCode,
    ).toBe(200);
    const [a, b] = visitors('v3', 50, 2);
    const tokenA = await tokenOf(a as string);
    const failing = {
      module: 'mfe_catalog',
      version: 'v3',
      loads: 3,
      failures: { RemoteLoadError: 2, TypeError: 1 },
      // the first error this page saw, as the browser wrote it (the server keeps it clean too)
      first_error: {
        name: 'TypeError',
        message:
          "Cannot read properties of undefined (reading 'x')\n  at https://cdn.test/v3/a.js?token=s3cret#L2",
      },
    };
    // one user, three batches (and the stable release it fell back to): one user each
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await report({
            token: tokenA,
            reports: [failing, { module: 'mfe_catalog', version: 'initial', loads: 4, failures: {} }],
          })
        ).statusCode,
      ).toBe(204);
    }
    // a failure without a load in its batch: the user counts as having loaded it (never more failures than loads)
    expect(
      (
        await report({
          token: await tokenOf(b as string),
          reports: [
            {
              ...failing,
              loads: 0,
              failures: { TypeError: 1 },
              first_error: { name: 'TypeError', message: 'told second' },
            },
          ],
        })
      ).statusCode,
    ).toBe(204);
    // a release the module does not serve, an unknown module: dropped
    expect(
      (
        await report({
          token: tokenA,
          reports: [{ module: 'mfe_catalog', version: 'v2', loads: 9, failures: { X: 9 } }],
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await report({
          token: tokenA,
          reports: [{ module: 'mfe_nope', version: 'v1', loads: 1, failures: {} }],
        })
      ).statusCode,
    ).toBe(204);
    await ctx.app.releases.flushReports();
    const catalog = await moduleOf('mfe_catalog');
    expect(catalog?.canary).toMatchObject({
      version: 'v3',
      loads: 2,
      failures: 2,
      failure_names: { RemoteLoadError: 1, TypeError: 2 },
    });
    expect(catalog?.stable).toMatchObject({ version: 'initial', loads: 1, failures: 0, first_error: null });
    // the first error told is kept, one line, the address without its query string
    const firstError = {
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'x') at https://cdn.test/v3/a.js",
      at: expect.any(String),
    };
    expect(catalog?.canary?.first_error).toEqual(firstError);
    // the same again, to another server or later: nothing more, and the first error stays
    await report({
      token: tokenA,
      reports: [{ ...failing, first_error: { name: 'RemoteLoadError', message: 'a later one' } }],
    });
    await ctx.app.releases.flushReports();
    expect(await canaryOf()).toMatchObject({ loads: 2, failures: 2, first_error: firstError });
  });

  it('counts a report only with the token its shell was given, for the releases it names: a stranger cannot stop a canary', async () => {
    const attack = {
      reports: Array.from({ length: 20 }, () => ({
        module: 'mfe_catalog',
        version: 'v3',
        loads: 50,
        failures: { RemoteLoadError: 50 },
      })),
    };
    // no token: refused before anything is counted
    expectError(await report(attack), 400, 'validation');
    // a token this deployment did not sign, or one altered
    const real = await tokenOf(visitors('v3', 50, 3)[2] as string);
    const [payload, mac] = real.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ s: 'visitor:x', r: { mfe_catalog: ['v3'] } })).toString(
      'base64url',
    );
    expectError(await report({ ...attack, token: `${forged}.${mac}` }), 401, 'unauthorized');
    expectError(await report({ ...attack, token: `${payload}.${'A'.repeat(43)}` }), 401, 'unauthorized');
    // a visitor the split keeps on the stable release: its token names no canary
    const stableUser = await tokenOf(visitors('v3', 50, 1, false)[0] as string);
    expect((await report({ ...attack, token: stableUser })).statusCode).toBe(204);
    // one canary user's 20 reports of 50 failures: one user
    expect((await report({ ...attack, token: real })).statusCode).toBe(204);
    await ctx.app.releases.flushReports();
    const canary = await canaryOf();
    expect(canary).not.toBeNull();
    expect(canary).toMatchObject({ version: 'v3', loads: 3, failures: 3 });
  });

  it('one address speaks for a quarter of the minimum of users of a release an hour (fake loads cannot hide failures)', async () => {
    // the threshold's minimum is 10 here: an address speaks for 3 users
    const many = visitors('v3', 50, 30).slice(5);
    const load = { module: 'mfe_catalog', version: 'v3', loads: 1, failures: {} };
    for (const v of many) await report({ token: await tokenOf(v), reports: [load] }, '198.51.100.77');
    await ctx.app.releases.flushReports();
    expect(await canaryOf()).toMatchObject({ loads: 3 + 3 });
    // IPv6: one /64 is one address
    const six = visitors('v3', 50, 60).slice(30);
    for (const [i, v] of six.entries())
      await report({ token: await tokenOf(v), reports: [load] }, `2001:db8:5:5::${i + 1}`);
    await ctx.app.releases.flushReports();
    expect(await canaryOf()).toMatchObject({ loads: 3 + 3 + 3 });
    // users each at an address of its own all count
    const crowd = visitors('v3', 50, 174).slice(140);
    for (const [i, v] of crowd.entries())
      await report({ token: await tokenOf(v), reports: [load] }, `198.18.0.${i + 1}`);
    await ctx.app.releases.flushReports();
    expect(await canaryOf()).toMatchObject({ loads: 3 + 3 + 3 + 34 });
  });

  it('a canary whose failing users reach the threshold is switched off by itself', async () => {
    const failing = { module: 'mfe_catalog', version: 'v3', loads: 1, failures: { RemoteLoadError: 1 } };
    // 43 users loaded it, 3 failed: under half; 20 more failing users make 23 of 63
    const more = visitors('v3', 50, 90).slice(60, 80);
    for (const [i, v] of more.entries())
      await report({ token: await tokenOf(v), reports: [failing] }, `192.0.2.${i + 1}`);
    await ctx.app.releases.flushReports();
    expect(await canaryOf()).toMatchObject({ loads: 63, failures: 23 });
    const last = visitors('v3', 50, 140).slice(90);
    for (const [i, v] of last.entries())
      await report({ token: await tokenOf(v), reports: [failing] }, `192.0.2.${i + 100}`);
    await ctx.app.releases.flushReports();
    const catalog = await moduleOf('mfe_catalog');
    expect(catalog?.canary).toBeNull();
    // (the server's own flush every 5 s may come between two reports: it stops at the first count past it)
    const stop = catalog?.stopped;
    expect(stop).toMatchObject({ version: 'v3', at: expect.any(String) });
    // why, kept once it is no longer the canary: its failures by name and its first error
    expect(stop?.failure_names).toEqual({ RemoteLoadError: expect.any(Number), TypeError: 2 });
    expect(stop?.failure_names.RemoteLoadError).toBe((stop?.failures ?? 0) - 1);
    expect(stop?.first_error).toEqual({
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'x') at https://cdn.test/v3/a.js",
      at: expect.any(String),
    });
    expect(stop?.failures).toBeGreaterThanOrEqual((stop?.loads ?? 0) * 0.5);
    expect(stop?.loads).toBeGreaterThanOrEqual(63 + 17);
    expect((await assignmentOf('?visitor=visitor-0-abc')).mfe_catalog?.version).toBe('initial');
    // the page says the threshold it applies
    expect((await apiCall(ctx, 'GET', '/releases', admin.token)).json().data.threshold).toEqual({
      min_loads: 10,
      max_failure_rate: 0.5,
    });
  });

  it('refuses malformed reports and too many of them from one address', async () => {
    const token = await tokenOf('visitor-malformed-1');
    expectError(await report({ token, reports: [] }), 400, 'validation');
    expectError(
      await report({ token, reports: [{ module: 'mfe_catalog', version: 'v3', loads: 51, failures: {} }] }),
      400,
      'validation',
    );
    expectError(
      await report({
        token,
        reports: [{ module: 'mfe_catalog', version: 'v3', loads: 1, failures: { 'a b': 1 } }],
      }),
      400,
      'validation',
    );
    const names = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`E${i}`, 1]));
    expectError(
      await report({ token, reports: [{ module: 'mfe_catalog', version: 'v3', loads: 1, failures: names }] }),
      400,
      'validation',
    );
    // an error's message of more than 300 characters (the shell cuts it first)
    expectError(
      await report({
        token,
        reports: [
          {
            module: 'mfe_catalog',
            version: 'v3',
            loads: 1,
            failures: { TypeError: 1 },
            first_error: { name: 'TypeError', message: 'x'.repeat(301) },
          },
        ],
      }),
      400,
      'validation',
    );
    const ok = { token, reports: [{ module: 'mfe_catalog', version: 'initial', loads: 1, failures: {} }] };
    let status = 204;
    for (let i = 0; i < 130 && status === 204; i++) status = (await report(ok, '203.0.113.250')).statusCode;
    expect(status).toBe(429);
    // IPv6: the hosts of one /64 are one address
    status = 204;
    let sent = 0;
    for (; sent < 130 && status === 204; sent++)
      status = (await report(ok, `2001:db8:42:42::${sent + 1}`)).statusCode;
    expect(status).toBe(429);
    expect(sent).toBeLessThanOrEqual(121);
  });
});

describe('the default threshold against one address', () => {
  // the deployment's own threshold (20 users, 10 %): an address's share of a release's users
  // is a quarter of its minimum, so no fewer than four addresses can switch a canary off
  let fresh: TestCtx;
  beforeAll(async () => {
    fresh = await createTestApp({ webRoot, releaseOrigins: [origin] });
  });
  afterAll(async () => {
    await fresh?.close();
  });
  const visitorsOf = (version: string, n: number, from = 0) => {
    const out: string[] = [];
    for (let i = from; out.length < n; i++)
      if (inCanary('mfe_catalog', version, `visitor:visitor-one-${i}`, 50)) out.push(`visitor-one-${i}`);
    return out;
  };
  const failFrom = async (visitors: string[], address: (i: number) => string) => {
    for (const [i, v] of visitors.entries()) {
      const assignment = await apiCall(fresh, 'GET', `/releases/assignment?visitor=${v}`);
      const token = expectShape(answers.assignment, assignment.json()).data.report_token as string;
      const failing = { module: 'mfe_catalog', version: 'd2', loads: 1, failures: { RemoteLoadError: 1 } };
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/releases/reports',
        payload: { token, reports: [failing] },
        remoteAddress: address(i),
      });
      expect(res.statusCode).toBe(204);
    }
    await fresh.app.releases.flushReports();
  };
  const catalog = async () => {
    const res = await apiCall(fresh, 'GET', '/releases', (await adminUser(fresh)).token);
    return expectShape(answers.releasesOverview, res.json()).data.modules.find(
      (m) => m.module === 'mfe_catalog',
    );
  };

  it("one address's made-up visitors cannot switch off a canary; four addresses' users count", async () => {
    const d2 = deploy('/catalog-d2/mf-manifest.json');
    const res = await apiCall(
      fresh,
      'POST',
      '/releases/modules/mfe_catalog',
      (await adminUser(fresh)).token,
      {
        manifest_url: d2,
        version: 'd2',
        canary_share: 50,
      },
    );
    expect(res.statusCode).toBe(200);
    // a stranger mints 40 visitor ids the split puts on the canary, each reporting a failure
    await failFrom(visitorsOf('d2', 40), () => '198.51.100.200');
    expect((await catalog())?.canary).toMatchObject({ version: 'd2', loads: 5, failures: 5 });
    // its /64 is one address too
    await failFrom(visitorsOf('d2', 40, 1000), (i) => `2001:db8:77:77::${i + 1}`);
    expect((await catalog())?.canary).toMatchObject({ version: 'd2', loads: 10, failures: 10 });
    // users from two more addresses reach the minimum: the failing canary is switched off
    await failFrom(visitorsOf('d2', 5, 2000), () => '203.0.113.31');
    expect((await catalog())?.canary).toMatchObject({ loads: 15, failures: 15 });
    await failFrom(visitorsOf('d2', 5, 3000), () => '203.0.113.32');
    const after = await catalog();
    expect(after?.canary).toBeNull();
    expect(after?.stopped).toMatchObject({ version: 'd2', loads: 20, failures: 20 });
  });

  it("signed-in accounts behind one address (a restaurant's Wi-Fi) count past the visitors' share", async () => {
    const d3 = deploy('/catalog-d3/mf-manifest.json');
    const admin = (await adminUser(fresh)).token;
    const res = await apiCall(fresh, 'POST', '/releases/modules/mfe_catalog', admin, {
      manifest_url: d3,
      version: 'd3',
      canary_share: 50,
    });
    expect(res.statusCode).toBe(200);
    // accounts are made by an admin or a manager, not by the browser: eight on the canary
    const onCanary: TestUser[] = [];
    while (onCanary.length < 8) {
      const user = await createUser(fresh, 'manager');
      if (inCanary('mfe_catalog', 'd3', `user:${user.id}`, 50)) onCanary.push(user);
    }
    for (const user of onCanary) {
      const assignment = await apiCall(fresh, 'GET', '/releases/assignment', user.token);
      const token = expectShape(answers.assignment, assignment.json()).data.report_token as string;
      const loaded = { module: 'mfe_catalog', version: 'd3', loads: 1, failures: {} };
      const sent = await fresh.app.inject({
        method: 'POST',
        url: '/api/releases/reports',
        payload: { token, reports: [loaded] },
        remoteAddress: '198.51.100.201',
      });
      expect(sent.statusCode).toBe(204);
    }
    await fresh.app.releases.flushReports();
    // all eight count: the visitors' share (5 here) is for ids a browser makes up
    expect((await catalog())?.canary).toMatchObject({ version: 'd3', loads: 8, failures: 0 });
  });
});

describe('pnpm release (scripts/release.mjs), as a pipeline runs it', () => {
  const CLI = join(import.meta.dirname, '..', '..', 'scripts', 'release.mjs');
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(
        process.execPath,
        [CLI, ...args],
        { env: { PATH: process.env.PATH ?? '', ...env } },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
      );
    });

  it("registers a canary, sets its share, promotes and rolls back with the module's key; says why it is refused", async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const key = await newKey('mfe_stoplist');
    const env = { QRMENU_API_URL: address, QRMENU_DEPLOY_KEY: key };
    const v1 = deploy('/stoplist-1/mf-manifest.json', remoteManifest('mfe_stoplist'));
    const first = await run(['mfe-stoplist', v1, '--version', 's1'], env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain(`stable: s1 (${v1})`);
    const v2 = deploy('/stoplist-2/mf-manifest.json', remoteManifest('mfe_stoplist'));
    const canary = await run(['mfe-stoplist', v2, '--canary', '10', '--version', 's2'], env);
    expect(canary.out).toContain('canary: s2');
    expect(canary.out).toContain('10% of users');
    expect((await run(['canary', 'mfe_stoplist', '40'], env)).out).toContain('40% of users');
    expect((await run(['promote', 'mfe-stoplist'], env)).out).toContain('stable: s2');
    expect((await run(['rollback', 'mfe-stoplist'], env)).out).toContain('stable: s1');
    // refused: another module, a shell too old, no key, bad arguments
    const other = await run(['mfe-catalog', v2], env);
    expect(other.code).toBe(1);
    expect(other.err).toMatch(/^403 forbidden: This deploy key is mfe_stoplist's/);
    const newer = serve('/stoplist-3/mf-manifest.json', remoteManifest('mfe_stoplist', '^3.9.0'));
    const refused = await run(['mfe-stoplist', newer], env);
    expect(refused.err).toContain(
      'manifest_url: @qrmenu/shared/texts requires ^3.9.0, the shell provides 3.1.0',
    );
    expect((await run(['promote', 'mfe-stoplist'], { QRMENU_API_URL: address })).err).toMatch(
      /QRMENU_DEPLOY_KEY/,
    );
    expect((await run(['canary', 'mfe-stoplist', '0'], env)).err).toMatch(/a percent from 1 to 100/);
    expect((await run([], env)).err).toMatch(/^usage:/);
    expect((await moduleOf('mfe_stoplist'))?.stable?.version).toBe('s1');
  });
});

const PG = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!PG)('two apps on one PostgreSQL database', () => {
  it('a change made through one is what the other answers at once (the notice, not a timer)', async () => {
    const db = await freshDatabase(PG as string);
    const dirs = [mkdtempSync(join(tmpdir(), 'qrmenu-rel-a-')), mkdtempSync(join(tmpdir(), 'qrmenu-rel-b-'))];
    const apps = await Promise.all(
      dirs.map((dataDir) =>
        buildApp({
          dataDir,
          databaseUrl: db.url,
          webRoot,
          releaseOrigins: [origin],
          jwtSecret: 'x'.repeat(40),
          adminLogin: 'admin',
          adminPassword: 'admin-pass-1',
        }),
      ),
    );
    try {
      const [one, two] = apps as [Awaited<ReturnType<typeof buildApp>>, Awaited<ReturnType<typeof buildApp>>];
      const visitor = 'Visitor-on-two-servers';
      const versionOn = async (app: typeof one) =>
        (await app.inject({ method: 'GET', url: `/api/releases/assignment?visitor=${visitor}` })).json().data
          .remotes.mfe_catalog.version;
      // both have read (and keep) the releases
      expect(await versionOn(one)).toBe('initial');
      expect(await versionOn(two)).toBe('initial');
      const url = deploy('/pg-v2/mf-manifest.json');
      await one.releases.register(
        'mfe_catalog',
        { manifest_url: url, version: 'pg2', canary_share: 100 },
        { admin: true },
      );
      expect(await versionOn(one)).toBe('pg2');
      await expect.poll(() => versionOn(two), { timeout: 2000, interval: 20 }).toBe('pg2');
      await two.releases.rollback('mfe_catalog', { admin: true });
      await expect.poll(() => versionOn(one), { timeout: 2000, interval: 20 }).toBe('initial');
      // reports written by both add up, each user once whichever server heard it (a token of one
      // server is good on the other: one JWT_SECRET)
      const reported = { module: 'mfe_catalog', version: 'initial', loads: 2, failures: { TypeError: 1 } };
      const tokenOf = async (app: typeof one, v: string) =>
        (await app.inject({ method: 'GET', url: `/api/releases/assignment?visitor=${v}` })).json().data
          .report_token as string;
      const first = await tokenOf(one, 'visitor-on-both-1');
      await one.releases.report(first, [reported], '203.0.113.1');
      await two.releases.report(first, [reported], '203.0.113.1');
      await two.releases.report(await tokenOf(two, 'visitor-on-both-2'), [reported], '203.0.113.2');
      await Promise.all([one.releases.flushReports(), two.releases.flushReports()]);
      const overview = await one.releases.overview();
      expect(overview.modules.find((m) => m.module === 'mfe_catalog')?.stable).toMatchObject({
        loads: 2,
        failures: 2,
        failure_names: { TypeError: 2 },
      });
      // an origin an admin allows through one is the other's at once: a release from it registers
      // there, and the other's shell page may load from it
      const fromNewCdn = deploy('/pg-new-cdn/mf-manifest.json').replace(origin, newCdn);
      const scriptsOf = async (app: typeof one) =>
        String(
          (await app.inject({ method: 'GET', url: '/categoryList' })).headers['content-security-policy'],
        );
      expect(await scriptsOf(two)).not.toContain(newCdn);
      await one.releases.allowOrigin(newCdn, { _id: 'admin-1', login: 'admin' });
      await expect.poll(() => scriptsOf(two), { timeout: 2000, interval: 20 }).toContain(newCdn);
      const onTwo = await two.releases.register(
        'mfe_catalog',
        { manifest_url: fromNewCdn, version: 'pg3', canary_share: 100 },
        { admin: true },
      );
      expect(onTwo.canary?.version).toBe('pg3');
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      await db.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});
