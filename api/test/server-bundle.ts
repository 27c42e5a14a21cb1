/**
 * Global set-up of the API's vitest project (`api`): bundles the server's entry (`src/server.ts`)
 * once per run, with the production build's settings (tsup.config.ts), into a folder of this
 * run's own. The tests that start the server as a process (server-process.ts) run that file: a
 * start takes about 1.7 s of CPU here against 2.7 s through tsx, which compiles and resolves every
 * source file on the way. It is also what production runs (`node dist/server.js`), not a loader's reading of the
 * sources. Watch mode bundles again before each re-run, so a changed source is what runs.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'tsup';
import type { TestProject } from 'vitest/node';
import productionBuild from '../tsup.config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server entry (server-bundle.ts). */
    serverBundle: string;
  }
}

const API_DIR = join(__dirname, '..');

// the production build's options as one object (the form tsup.config.ts has): a config that
// became a list or a function would be read wrongly here, so it stops the run instead
if (typeof productionBuild === 'function' || Array.isArray(productionBuild)) {
  throw new Error('api/tsup.config.ts: server-bundle.ts expects one options object');
}
const productionOptions = productionBuild;

export default async function bundleServer(project: TestProject): Promise<() => void> {
  // a folder per run: two runs at once (the PostgreSQL one beside SQLite's) never share files
  const outDir = join(API_DIR, 'node_modules', '.cache', 'test-server', String(process.pid));
  const bundle = async () => {
    await build({
      ...productionOptions,
      // absolute: the run may start in the repository's root
      entry: { server: join(API_DIR, 'src', 'server.ts') },
      tsconfig: join(API_DIR, 'tsconfig.json'),
      outDir,
      // stack traces of a failed start name the bundle's lines: no map to load at every start
      sourcemap: false,
      silent: true,
      config: false,
    });
  };
  await bundle();
  project.provide('serverBundle', join(outDir, 'server.js'));
  project.onTestsRerun(bundle);
  return () => rmSync(outDir, { recursive: true, force: true });
}
