/**
 * Precompression at build time: beside each text file of a production build (JS, CSS, HTML,
 * JSON manifests, SVG) a brotli `.br` (quality 11) and a gzip `.gz` (level 9), so the server
 * only picks a file by Accept-Encoding and never compresses per request (api/src/web.ts).
 * Every front end builds and deploys alone, so each production build does it for itself.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const TEXT_ASSET = /\.(js|mjs|cjs|css|html|json|svg|txt|map)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressResult {
  files: number;
  rawBytes: number;
  brBytes: number;
  gzBytes: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => TEXT_ASSET.test(file));
}

/**
 * Writes `<file>.br` and `<file>.gz` for every text file under `dir` (a variant that would not
 * be smaller is not written: the server then sends the file itself).
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  const files = await listFiles(dir);
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      result.files += 1;
      result.rawBytes += raw.length;
      result.brBytes += Math.min(br.length, raw.length);
      result.gzBytes += Math.min(gz.length, raw.length);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return result;
}

interface Compiler {
  options: { output: { path?: string } };
  hooks: { afterEmit: { tapPromise(name: string, fn: () => Promise<void>): void } };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * Runs after the files are written, so it sees everything the build emitted, the federation
 * manifest and index.html included (`output.clean` removes the previous build's variants).
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async () => {
      const dir = compiler.options.output.path;
      if (!dir) return;
      const r = await precompressDir(dir);
      console.log(
        `precompressed ${r.files} files: ${kib(r.rawBytes)} -> br ${kib(r.brBytes)}, gzip ${kib(r.gzBytes)}`,
      );
    });
  }
}
