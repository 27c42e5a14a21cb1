/**
 * A release's manifest, fetched and checked before the release may be registered, so that a
 * build the running shell could not load never reaches a user:
 * - where it may come from (the server fetches it: no request to an address an attacker picks):
 *   `/remotes/<package>/mf-manifest.json` is read from this server's own build folder; an
 *   absolute http(s) address only from an allowed origin (the origins of REMOTE_*_URL and of
 *   RELEASE_ORIGINS, exactly those the shell's Content-Security-Policy lets the browser load);
 *   no redirect followed, 5 s at most, 512 KiB at most;
 * - what it must be: the module's own federation name, its files on an allowed origin, and every
 *   shared module it requires at a version the running shell provides (the shell build's own
 *   manifest: `shell/dist/mf-manifest.json`), the rule the shell applies when a manifest arrives
 *   (shell/src/federation.ts `sharedVersionPlugin`).
 *
 * Where its files are is checked as the federation runtime finds them: @module-federation/sdk
 * (`getResourceUrl`, `generateSnapshotFromManifest`) writes a file's address as the text
 * `publicPath + path` (`auto`: the manifest's own folder), so `publicPath` and the remoteEntry's
 * address are each resolved to a full URL against the release's address and their origins
 * checked (`//evil.example/` is another origin, not a path); `publicPath` must end with `/`, so
 * that nothing appended to it (a chunk's name) can reach another host.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import semver from 'semver';
import { remoteEntryPath } from '../../../../tools/rspack/manifest-files';
import { invalid, upstreamFailed } from '../../domain/errors';

export const MANIFEST_MAX_BYTES = 512 * 1024;
export const MANIFEST_TIMEOUT_MS = 5000;

export interface ManifestSources {
  /** The workspace root holding `shell/dist` and `<package>/dist` (absent: only absolute addresses). */
  webRoot: string | undefined;
  /** Remote name -> its package folder (api/src/remotes.ts). */
  packages: Readonly<Record<string, string>>;
  /** Origins (`https://cdn.example.uz`) an absolute manifest address may have. */
  allowedOrigins: readonly string[];
}

interface DeclaredShared {
  name?: unknown;
  requiredVersion?: unknown;
  version?: unknown;
}

interface AssetLists {
  sync?: unknown;
  async?: unknown;
}

/** What a module's assets are in the manifest: its JS and CSS chunks. */
interface ModuleAssets {
  assets?: { js?: AssetLists; css?: AssetLists };
}

export interface Manifest {
  name?: unknown;
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  shared?: (DeclaredShared & ModuleAssets)[];
  exposes?: ModuleAssets[];
  /** Each named file's size and integrity, as the workspace's build writes them (tools/rspack/manifest-files.ts). */
  files?: unknown;
}

export interface FetchedManifest {
  manifest: Manifest;
  /** The first 12 hex digits of the manifest's SHA-256: a version when the team gives none. */
  digest: string;
}

const refused = (message: string) => invalid(message, [{ path: 'manifest_url', message }]);

/** The origins a release may come from: those of the remotes' absolute addresses and the configured ones. */
export function allowedOrigins(urls: readonly (string | undefined)[]): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url.trim())) continue;
    try {
      out.add(new URL(url.trim()).origin);
    } catch {
      // not an address: nothing to allow
    }
  }
  return [...out];
}

async function readCapped(res: Response): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MANIFEST_MAX_BYTES) throw refused(`The manifest is over ${MANIFEST_MAX_BYTES} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MANIFEST_MAX_BYTES) {
      await reader.cancel();
      throw refused(`The manifest is over ${MANIFEST_MAX_BYTES} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

async function manifestBytes(url: string, sources: ManifestSources): Promise<Buffer> {
  const local = /^\/remotes\/([a-z0-9-]+)\/mf-manifest\.json$/.exec(url);
  if (local) {
    const pkg = local[1] as string;
    if (!Object.values(sources.packages).includes(pkg) || !sources.webRoot) {
      throw refused(`No module is built at ${url} on this server`);
    }
    try {
      return await readFile(join(sources.webRoot, pkg, 'dist', 'mf-manifest.json'));
    } catch {
      throw refused(`No module is built at ${url} on this server`);
    }
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refused('An absolute http(s) address, or /remotes/<package>/mf-manifest.json of this server');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw refused('Only http(s) addresses are fetched');
  }
  if (!sources.allowedOrigins.includes(parsed.origin)) {
    throw refused(`${parsed.origin} is not an allowed origin (an admin allows it on the Modullar page)`);
  }
  let res: Response;
  try {
    res = await fetch(parsed, {
      redirect: 'manual',
      signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    throw upstreamFailed(`The manifest could not be fetched: ${(err as Error).name}`);
  }
  if (res.status >= 300 && res.status < 400) {
    throw refused('The manifest address redirects: give the address it ends at');
  }
  if (!res.ok) throw upstreamFailed(`The manifest's server answered ${res.status}`);
  return readCapped(res);
}

/** Reads the manifest at `url` (see the header for where from) and its digest. */
export async function fetchManifest(url: string, sources: ManifestSources): Promise<FetchedManifest> {
  const bytes = await manifestBytes(url, sources);
  let manifest: unknown;
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refused('The address does not answer a JSON manifest');
  }
  if (!manifest || typeof manifest !== 'object') throw refused('The address does not answer a manifest');
  return {
    manifest: manifest as Manifest,
    digest: createHash('sha256').update(bytes).digest('hex').slice(0, 12),
  };
}

/** The shared modules the running shell provides, by name, at its build's versions. */
export async function shellProvides(webRoot: string | undefined): Promise<Record<string, string>> {
  let shell: Manifest;
  try {
    if (!webRoot) throw new Error('no web root');
    shell = JSON.parse(
      await readFile(join(webRoot, 'shell', 'dist', 'mf-manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    throw refused("The shell's build (shell/dist/mf-manifest.json) is not here: nothing to check against");
  }
  const provided: Record<string, string> = {};
  for (const s of shell.shared ?? []) {
    if (typeof s.name === 'string' && typeof s.version === 'string') provided[s.name] = s.version;
  }
  return provided;
}

/** Stands for this server's own origin: a manifest of `/remotes/...` is resolved against it. */
export const THIS_SERVER = 'https://this-server.invalid';

/**
 * The text the runtime writes before a file's path: `publicPath`, or for `auto` (or empty) the
 * folder of the address the manifest was loaded from.
 */
export function publicBase(release: URL, publicPath: string): string {
  return publicPath === 'auto' || publicPath === '' ? new URL('./', release).href : publicPath;
}

/** Why the files of a build at `manifestUrl` would not load from an allowed origin (empty: they would). */
function filesProblems(
  manifestUrl: string,
  manifest: Manifest,
  allowed: readonly string[],
  problems: string[],
): void {
  const publicPath = manifest.metaData?.publicPath;
  if (typeof publicPath !== 'string') {
    problems.push('The manifest has no publicPath');
    return;
  }
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || entry.name === '') {
    problems.push('The manifest names no remoteEntry');
    return;
  }
  const release = new URL(manifestUrl, THIS_SERVER);
  const base = publicBase(release, publicPath);
  if (!/^(https?:)?\//i.test(base)) {
    problems.push(`Its publicPath "${publicPath}" is not an address`);
    return;
  }
  if (!base.endsWith('/')) problems.push(`Its publicPath "${publicPath}" must end with /`);
  const allowedOrigin = (url: URL) =>
    url.origin === THIS_SERVER || allowed.includes(url.origin) ? null : url.origin;
  const files = allowedOrigin(new URL(base, release));
  if (files) problems.push(`Its files are on ${files}, not an allowed origin`);
  const entryUrl = `${base}${remoteEntryPath(entry.path, entry.name)}`;
  const entryOrigin = URL.canParse(entryUrl, release)
    ? allowedOrigin(new URL(entryUrl, release))
    : 'an address that does not parse';
  if (entryOrigin) problems.push(`Its remoteEntry is on ${entryOrigin}, not an allowed origin`);
}

/**
 * Why the shell could not load `manifest` as `module` from `manifestUrl` (empty: it could): its
 * name, where its files are, and each shared module whose required range the shell's version
 * does not satisfy (a module the shell does not provide is one the remote brings itself).
 */
export function manifestProblems(
  module: string,
  manifestUrl: string,
  manifest: Manifest,
  provided: Readonly<Record<string, string>>,
  sources: Pick<ManifestSources, 'allowedOrigins'>,
): string[] {
  const problems: string[] = [];
  if (manifest.name !== module) {
    problems.push(`The manifest is of ${String(manifest.name)}, not ${module}`);
  }
  filesProblems(manifestUrl, manifest, sources.allowedOrigins, problems);
  if (!Array.isArray(manifest.shared)) {
    problems.push('The manifest lists no shared modules');
    return problems;
  }
  for (const s of manifest.shared) {
    if (typeof s.name !== 'string' || typeof s.requiredVersion !== 'string') continue;
    const version = provided[s.name];
    if (version === undefined) continue; // the remote brings its own copy
    if (!semver.satisfies(version, s.requiredVersion)) {
      problems.push(`${s.name} requires ${s.requiredVersion}, the shell provides ${version}`);
    }
  }
  return problems;
}
