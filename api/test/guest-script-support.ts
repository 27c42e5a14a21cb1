/**
 * The guests' script (public-menu/guest-script-build.ts) built for a test file, written once: a
 * folder of its own, the manifest the server reads, and the folder removed after the file's last
 * test. A file hands it to `fileWorld` as its `before` step (the app's `guestScriptsDir` is the
 * folder), or to `fileStarted` when it needs no app:
 *
 *   const { ctx, started: scripts } = fileWorld((s) => ({ guestScriptsDir: s.dir }), build, guestScriptsBuilt('pages'));
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGuestScripts, type GuestScriptManifest } from '../src/public-menu/guest-script-build';
import type { Before } from './world';

/**
 * How long the build may take: three languages through esbuild, about 10 s on a machine alone,
 * several times that while other suites run beside it.
 */
export const GUEST_SCRIPT_BUILD_TIMEOUT = 180_000;

export interface BuiltGuestScripts {
  /** The folder the build wrote (each language's file, its .br and .gz twins, manifest.json). */
  dir: string;
  manifest: GuestScriptManifest;
  close(): Promise<void>;
}

/** Builds the guests' script into a fresh folder named `qrmenu-<name>-…` (a `before` step). */
export function guestScriptsBuilt(name: string): Before<BuiltGuestScripts> {
  const build = async (): Promise<BuiltGuestScripts> => {
    const dir = mkdtempSync(join(tmpdir(), `qrmenu-${name}-`));
    return {
      dir,
      manifest: await buildGuestScripts(dir),
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  };
  return Object.assign(build, { timeout: GUEST_SCRIPT_BUILD_TIMEOUT });
}
