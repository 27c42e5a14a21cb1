/**
 * Every file a build's `mf-manifest.json` names, with its size and its Subresource Integrity
 * hash, written into the manifest itself (`files`), so that whoever registers the build can
 * check that what is deployed is what was built: the server fetches each file at registration
 * and refuses a release with a file missing or different (api/src/services/releases/files.ts,
 * docs/RELEASES.md). The federation runtime reads only its own keys of the manifest.
 *
 * The files are those the runtime loads from the build: the remoteEntry (`metaData.remoteEntry`,
 * its `path` joined as @module-federation/sdk's `simpleJoinRemoteEntry` joins it) and each
 * exposed and shared module's JS and CSS chunks, sync and async (`assets`), each a path under the
 * build's folder. The hash is SHA-384 in the form of the `integrity` attribute (W3C Subresource
 * Integrity, `sha384-<base64>`), of the file as built (a CDN's compressed twin decodes to it).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ManifestFile {
  /** Bytes of the file as built. */
  size: number;
  /** `sha384-<base64>`, as a `<script integrity>` attribute takes it. */
  integrity: string;
}

interface AssetLists {
  sync?: unknown;
  async?: unknown;
}

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { assets?: { js?: AssetLists; css?: AssetLists } }[];
  shared?: { assets?: { js?: AssetLists; css?: AssetLists } }[];
  files?: Record<string, ManifestFile>;
}

/** The runtime's join of a remoteEntry's `path` and `name` (`.`, a leading `./` or `/`, a trailing `/` dropped). */
export function remoteEntryPath(entryPath: unknown, name: string): string {
  let p = typeof entryPath !== 'string' || entryPath === '.' ? '' : entryPath.replace(/^\.\//, '');
  if (p.startsWith('/')) p = p.slice(1).replace(/\/$/, '');
  if (!p) return name;
  return p.endsWith('/') ? `${p}${name}` : `${p}/${name}`;
}

/**
 * The paths (under the build's folder) of every file the manifest names, the remoteEntry first:
 * the files this build hashes and the server fetches and checks at a release's registration.
 */
export function namedFiles(manifest: Omit<ManifestShape, 'files'>): string[] {
  const out = new Set<string>();
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name === 'string' && entry.name !== '') out.add(remoteEntryPath(entry.path, entry.name));
  for (const module of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const kind of [module.assets?.js, module.assets?.css]) {
      for (const list of [kind?.sync, kind?.async]) {
        if (!Array.isArray(list)) continue;
        for (const file of list) if (typeof file === 'string' && file !== '') out.add(file);
      }
    }
  }
  return [...out];
}

/** `sha384-<base64>` of `bytes`. */
export const integrityOf = (bytes: Uint8Array): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Adds `files` (size and integrity of every named file, read from `dir`) to the manifest in `dir`. */
export async function addManifestFiles(dir: string, manifestName = 'mf-manifest.json'): Promise<number> {
  const manifestPath = path.join(dir, manifestName);
  if (!existsSync(manifestPath)) return 0;
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as ManifestShape;
  const files: Record<string, ManifestFile> = {};
  for (const file of namedFiles(manifest)) {
    const bytes = await readFile(path.join(dir, file));
    files[file] = { size: bytes.byteLength, integrity: integrityOf(bytes) };
  }
  manifest.files = files;
  await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
  return Object.keys(files).length;
}

interface Compiler {
  options: { output: { path?: string } };
  hooks: { afterEmit: { tapPromise(name: string, fn: () => Promise<void>): void } };
}

/**
 * Runs after the files are written (the manifest's own hashes are of the final files), before
 * PrecompressPlugin, which is added after it and so compresses the manifest with its `files`.
 */
export class ManifestFilesPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('ManifestFilesPlugin', async () => {
      const dir = compiler.options.output.path;
      if (!dir) return;
      await addManifestFiles(dir);
    });
  }
}
