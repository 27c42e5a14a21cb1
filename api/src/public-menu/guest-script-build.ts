/**
 * Builds the guests' script (cart/main.ts), once per language with that language's words and
 * the contract's order limits compiled in: plain TypeScript bundled and minified by esbuild
 * (through tsup) into one IIFE, named by its content hash (`cart.uz.1a2b3c4d.js`), with its
 * brotli `.br` and gzip `.gz` twins and a `manifest.json` the server reads at start
 * (guest-script.ts). Run by the API's build (`pnpm --filter @qrmenu/api build`, into
 * `dist/guest`); the tests build into a folder of their own. Never imported by the server.
 *
 * Budget (docs/DELIVERY.md, "The guests' cart script"): GUEST_SCRIPT_BUDGET bytes of brotli per
 * language file; `api/test/guest-script.test.ts` fails the build's output past it.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { GUEST_LANGS } from '@qrmenu/shared/schemas';
import { build } from 'tsup';
import type { GuestScriptSettings } from './cart/words';
import { settingsFor } from './guest-script';

/** Brotli bytes one language's script may weigh (the whole cart, sheet, calls and order page). */
export const GUEST_SCRIPT_BUDGET = 10 * 1024;

const ENTRY = join(import.meta.dirname, 'cart/main.ts');

export interface GuestScriptFile {
  file: string;
  bytes: number;
  br: number;
  gz: number;
}
export type GuestScriptManifest = Record<GuestScriptSettings['lang'], GuestScriptFile>;
export const MANIFEST = 'manifest.json';

async function bundle(lang: GuestScriptSettings['lang']): Promise<Buffer> {
  const work = await mkdtemp(join(tmpdir(), 'qrmenu-guest-script-'));
  try {
    await build({
      config: false,
      entry: { cart: ENTRY },
      outDir: work,
      format: 'iife',
      platform: 'browser',
      // what phones of the last years run (Safari 14, Chrome 80: optional chaining and ??)
      target: 'es2020',
      minify: true,
      sourcemap: false,
      dts: false,
      splitting: false,
      silent: true,
      define: { GUEST_SCRIPT: JSON.stringify(settingsFor(lang)) },
      // Cyrillic as itself, not \u escapes: fewer bytes (the file is served as UTF-8)
      esbuildOptions(options) {
        options.charset = 'utf8';
      },
    });
    return await readFile(join(work, 'cart.global.js'));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Builds the three languages' scripts into `outDir` (created; its old scripts are left). */
export async function buildGuestScripts(outDir: string): Promise<GuestScriptManifest> {
  await mkdir(outDir, { recursive: true });
  const manifest = {} as GuestScriptManifest;
  for (const lang of GUEST_LANGS) {
    const code = await bundle(lang);
    const file = `cart.${lang}.${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
    const br = brotliCompressSync(code, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(code, { level: constants.Z_BEST_COMPRESSION });
    await Promise.all([
      writeFile(join(outDir, file), code),
      writeFile(join(outDir, `${file}.br`), br),
      writeFile(join(outDir, `${file}.gz`), gz),
    ]);
    manifest[lang] = { file, bytes: code.length, br: br.length, gz: gz.length };
  }
  await writeFile(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// `tsx src/public-menu/guest-script-build.ts <outDir>` (the API's build script)
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outDir = resolve(process.argv[2] ?? 'dist/guest');
  const manifest = await buildGuestScripts(outDir);
  for (const [lang, f] of Object.entries(manifest)) {
    const over = f.br > GUEST_SCRIPT_BUDGET ? ` OVER THE BUDGET OF ${GUEST_SCRIPT_BUDGET} B` : '';
    console.log(`guest script ${lang}: ${f.file} ${f.bytes} B, br ${f.br} B, gzip ${f.gz} B${over}`);
  }
}
