import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../src/config/data-dir';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const API = join(ROOT, 'api');
const serverModuleDir = join(API, 'dist'); // where the bundle runs from
const seedModuleDir = join(API, 'src'); // where `pnpm seed` (tsx) runs from

describe('the data folder (`pnpm seed` must fill the database `pnpm start` serves)', () => {
  it('defaults to <repository root>/data for the server and the seed, whatever folder they run in', () => {
    // `pnpm start` runs in the root, `pnpm seed` inside api/ (pnpm moves into the package)
    const server = resolveDataDir({}, ROOT, serverModuleDir);
    const seed = resolveDataDir({ INIT_CWD: ROOT }, API, seedModuleDir);
    expect(server).toBe(join(ROOT, 'data'));
    expect(seed).toBe(server);
    expect(resolveDataDir({}, '/somewhere/else', seedModuleDir)).toBe(join(ROOT, 'data'));
  });

  it('a relative DATA_DIR is taken from the folder the command was typed in (INIT_CWD)', () => {
    expect(resolveDataDir({ DATA_DIR: './demo', INIT_CWD: ROOT }, API, seedModuleDir)).toBe(
      join(ROOT, 'demo'),
    );
    expect(resolveDataDir({ DATA_DIR: './demo' }, ROOT, serverModuleDir)).toBe(join(ROOT, 'demo'));
    expect(resolveDataDir({ DATA_DIR: '/srv/qrmenu' }, API, seedModuleDir)).toBe('/srv/qrmenu');
  });

  it('outside a workspace (a copied bundle) the default is ./data of the invocation folder', () => {
    const alone = mkdtempSync(join(tmpdir(), 'qrmenu-alone-'));
    try {
      expect(resolveDataDir({}, alone, alone)).toBe(join(alone, 'data'));
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('`pnpm seed` (run by pnpm inside api/) writes the database of the folder it was typed in', () => {
    const typedIn = mkdtempSync(join(tmpdir(), 'qrmenu-seed-'));
    try {
      execFileSync(process.execPath, [join(API, 'node_modules/tsx/dist/cli.mjs'), 'src/seed.ts'], {
        cwd: API, // what pnpm does for `pnpm --filter @qrmenu/api seed`
        env: {
          PATH: process.env.PATH ?? '',
          INIT_CWD: typedIn, // pnpm sets it to the folder the command was typed in
          DATA_DIR: 'data',
          ADMIN_LOGIN: 'admin',
          ADMIN_PASSWORD: 'admin12345',
        },
        stdio: 'pipe',
        timeout: 120_000,
      });
      expect(existsSync(join(typedIn, 'data/qrmenu.sqlite'))).toBe(true);
      expect(existsSync(join(API, 'data/qrmenu.sqlite'))).toBe(false);
    } finally {
      rmSync(typedIn, { recursive: true, force: true });
    }
    // the whole demo: its showcase's ten pictures are processed as uploads are (seconds of CPU)
  }, 120_000);
});
