/**
 * Every file a release's manifest names, fetched and checked before the release is registered,
 * so that a partial or broken upload never reaches a user (docs/RELEASES.md, "What is checked
 * at registration"): the remoteEntry and each exposed and shared module's JS and CSS chunks
 * (the files the federation runtime loads from the build), each at the address the runtime
 * writes (`publicPath` + its path, manifest.ts), each compared with the size and Subresource
 * Integrity hash the workspace's build writes into the manifest (`files`,
 * tools/rspack/manifest-files.ts). A file missing, of another size or another hash refuses the
 * release with the file named; a manifest without `files` is refused (nothing to compare with).
 *
 * Fetched as the manifest is (manifest.ts): only from the origin its check allowed, no redirect
 * followed; a file of this server's `/remotes/<package>/` is read from the build folder. Bounded:
 * FILES_MAX files, each at most its declared size (FILE_MAX_BYTES at most), FILES_MAX_BYTES in
 * all, FILE_TIMEOUT_MS each, PARALLEL at once. A compressed answer (a CDN's `.br` or `.gz` twin)
 * is decoded by fetch: the hash is of the file as built.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
// the list the build hashes is the list checked here: one function for both sides of the contract
import { namedFiles } from '../../../../tools/rspack/manifest-files';
import { upstreamFailed } from '../../domain/errors';
import { type Manifest, type ManifestSources, publicBase, THIS_SERVER } from './manifest';

export const FILES_MAX = 1000;
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILES_MAX_BYTES = 100 * 1024 * 1024;
export const FILE_TIMEOUT_MS = 10_000;
const PARALLEL = 6;
/** Problems listed at most (a wholly missing upload would list every file). */
const PROBLEMS_SHOWN = 20;

/** An integrity value as the `integrity` attribute takes it (W3C Subresource Integrity). */
const INTEGRITY = /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})$/;

interface DeclaredFile {
  size: number;
  integrity: string;
}

function declaredFile(value: unknown): DeclaredFile | null {
  const f = value as { size?: unknown; integrity?: unknown } | null;
  if (!f || typeof f !== 'object') return null;
  if (typeof f.size !== 'number' || !Number.isInteger(f.size) || f.size < 0) return null;
  if (typeof f.integrity !== 'string' || !INTEGRITY.test(f.integrity)) return null;
  return { size: f.size, integrity: f.integrity };
}

/** Reads at most `max` bytes of an answer (null: it is longer). */
async function readUpTo(res: Response, max: number): Promise<Buffer | null> {
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

type Fetched = { bytes: Buffer | null } | { problem: string };

/** A file of this server's own build folder (`/remotes/<package>/...`). */
async function localFile(url: URL, name: string, sources: ManifestSources): Promise<Fetched> {
  const match = /^\/remotes\/([a-z0-9-]+)\/(.+)$/.exec(url.pathname);
  const pkg = match?.[1];
  if (!match || !pkg || !Object.values(sources.packages).includes(pkg) || !sources.webRoot) {
    return { problem: `${name}: not a file of this server's /remotes/<package>/` };
  }
  const dist = resolve(sources.webRoot, pkg, 'dist');
  const path = resolve(dist, decodeURIComponent(match[2] as string));
  if (!path.startsWith(`${dist}${sep}`)) return { problem: `${name}: not a file of the build` };
  try {
    return { bytes: await readFile(path) };
  } catch {
    return { problem: `${name} is missing (${url.pathname})` };
  }
}

async function remoteFile(url: URL, name: string, declared: DeclaredFile): Promise<Fetched> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
  } catch (err) {
    throw upstreamFailed(`${name} could not be fetched from ${url.origin}: ${(err as Error).name}`);
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    return { problem: `${name} redirects: a release's files are answered where its manifest says` };
  }
  if (res.status >= 500) {
    await res.body?.cancel();
    throw upstreamFailed(`The server of the release's files answered ${res.status} for ${name}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { problem: `${name} is missing (${url.pathname} answered ${res.status})` };
  }
  try {
    return { bytes: await readUpTo(res, declared.size) };
  } catch (err) {
    throw upstreamFailed(`${name} could not be read from ${url.origin}: ${(err as Error).name}`);
  }
}

/** Why `name` as fetched is not the file the manifest names (null: it is). */
function mismatch(name: string, bytes: Buffer | null, declared: DeclaredFile): string | null {
  if (bytes === null) return `${name} is larger than the manifest says (${declared.size} bytes)`;
  if (bytes.byteLength !== declared.size) {
    return `${name} is ${bytes.byteLength} bytes, the manifest says ${declared.size}`;
  }
  const [, algorithm, expected] = INTEGRITY.exec(declared.integrity) ?? [];
  const actual = createHash(algorithm as string)
    .update(bytes)
    .digest('base64');
  return actual === expected ? null : `${name} is not the file the manifest names (its ${algorithm} differs)`;
}

/**
 * Why the files of the release at `manifestUrl` are not those its manifest names (empty: they
 * are). Call it once the manifest's own check passed (its files' origin is allowed). Throws 502
 * when their server cannot be reached or fails.
 */
export async function deployedFilesProblems(
  manifestUrl: string,
  manifest: Manifest,
  sources: ManifestSources,
): Promise<string[]> {
  const names = namedFiles(manifest);
  const declaredAll = manifest.files;
  if (!declaredAll || typeof declaredAll !== 'object' || Array.isArray(declaredAll)) {
    return [
      "The manifest gives no size and integrity of its files (files): build it with the workspace's build (tools/rspack)",
    ];
  }
  if (names.length > FILES_MAX) return [`The manifest names ${names.length} files, over ${FILES_MAX}`];
  const problems: string[] = [];
  const checks: { name: string; declared: DeclaredFile }[] = [];
  let total = 0;
  for (const name of names) {
    const declared = declaredFile((declaredAll as Record<string, unknown>)[name]);
    if (!declared) problems.push(`${name}: the manifest gives no size and integrity of it`);
    else if (declared.size > FILE_MAX_BYTES) problems.push(`${name} is over ${FILE_MAX_BYTES} bytes`);
    else {
      total += declared.size;
      checks.push({ name, declared });
    }
  }
  if (total > FILES_MAX_BYTES) problems.push(`The files are over ${FILES_MAX_BYTES} bytes in all`);
  if (problems.length > 0) return problems.slice(0, PROBLEMS_SHOWN);

  const release = new URL(manifestUrl, THIS_SERVER);
  const base = publicBase(release, String(manifest.metaData?.publicPath ?? ''));
  const baseOrigin = new URL(base, release).origin;
  const check = async ({ name, declared }: (typeof checks)[number]): Promise<string | null> => {
    // the runtime writes the file's address as text: publicPath + path
    const url = URL.canParse(`${base}${name}`, release) ? new URL(`${base}${name}`, release) : null;
    if (!url || url.origin !== baseOrigin) return `${name}: its address leaves the release's origin`;
    const got =
      url.origin === THIS_SERVER
        ? await localFile(url, name, sources)
        : await remoteFile(url, name, declared);
    return 'problem' in got ? got.problem : mismatch(name, got.bytes, declared);
  };
  let next = 0;
  const found: { at: number; problem: string }[] = [];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, checks.length) }, async () => {
      while (next < checks.length) {
        const at = next++;
        const problem = await check(checks[at] as (typeof checks)[number]);
        if (problem) found.push({ at, problem });
      }
    }),
  );
  // in the manifest's order, whichever check finished first
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, PROBLEMS_SHOWN)
    .map((f) => f.problem);
}
