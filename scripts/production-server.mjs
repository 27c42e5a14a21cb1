// The production build and a throw-away server on it: what `pnpm start` and the benches share.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtServerEnv, freePort } from './server-settings.ts';

export const root = new URL('..', import.meta.url).pathname;
/** The remotes the shell loads (docs/ARCHITECTURE.md, "Federation"), in the order `pnpm dev` starts them. */
export const REMOTES = [
  'mfe-auth',
  'mfe-restaurants',
  'mfe-catalog',
  'mfe-stoplist',
  'mfe-orders',
  'mfe-reports',
];
const frontends = ['shell', ...REMOTES];

/** A front-end package with a build script must have its output; the API its bundle. */
export function missingBuilds() {
  const missing = [];
  if (!existsSync(join(root, 'api/dist/server.js'))) missing.push('api');
  for (const name of frontends) {
    const pkg = JSON.parse(readFileSync(join(root, name, 'package.json'), 'utf8'));
    if (!pkg.scripts?.build) continue;
    const marker = name === 'shell' ? 'dist/index.html' : 'dist/mf-manifest.json';
    if (!existsSync(join(root, name, marker))) missing.push(name);
  }
  return missing;
}

/** Runs `pnpm build` when a build is missing (or `force`); exits with the build's failure. */
export function ensureBuilt(force = false) {
  const missing = missingBuilds();
  if (!force && missing.length === 0) return;
  console.log(
    force
      ? 'Building for production (pnpm build)…'
      : `No build for ${missing.join(', ')}: building (pnpm build)…`,
  );
  const build = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * The built server on a free port of 127.0.0.1 with a fresh DATA_DIR and `admin` as its first
 * admin; resolves once /api/health answers. `env` adds or overrides variables.
 */
export async function startProductionServer({ admin, env = {}, tmpPrefix = 'qrmenu-bench-' }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
  const child = spawn(process.execPath, [join(root, 'api/dist/server.js')], {
    cwd: root,
    env: builtServerEnv({ port, dataDir, admin, env }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
