/**
 * The guard of the shared contract's versions: each facade's export list and each
 * `@qrmenu/shared` subpath's exports (texts, API calls, route names included) are recorded per
 * version in tools/rspack/shared-surfaces.json; a surface that changes without a version bump,
 * or with too small a bump, fails here. After a bump, record the new surface with
 * `RECORD_SHARED_SURFACES=1 pnpm exec vitest run --project web shell/test/shared-versions.test.ts`
 * (it never rewrites a version already recorded).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_FACADES, SHARED_SUBPATHS, sharedConfig } from '../../tools/rspack/federation';
import {
  FACADE_VERSIONS,
  facadeExportNames,
  moduleSurface,
  type Surface,
  type SurfaceRecord,
  surfaceProblem,
} from '../../tools/rspack/shared-versions';

const root = path.resolve(import.meta.dirname, '../..');
const RECORD_FILE = path.join(root, 'tools/rspack/shared-surfaces.json');
const RECORDING = process.env.RECORD_SHARED_SURFACES === '1';
const record = JSON.parse(readFileSync(RECORD_FILE, 'utf8')) as SurfaceRecord;
const sharedVersion = (
  JSON.parse(readFileSync(path.join(root, 'shared/package.json'), 'utf8')) as { version: string }
).version;

/** Library objects exported by a subpath whose keys are the library's, not the contract. */
const OPAQUE = ['system', 'toaster', 'sessionStore', 'accessTokenAtom', 'roleAtom', 'queryClient'];

const SUBPATH_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  schemas: () => import('@qrmenu/shared/schemas'),
  texts: () => import('@qrmenu/shared/texts'),
  api: () => import('@qrmenu/shared/api'),
  session: () => import('@qrmenu/shared/session'),
  query: () => import('@qrmenu/shared/query'),
  ui: () => import('@qrmenu/shared/ui'),
  forms: () => import('@qrmenu/shared/forms'),
  'runtime-config': () => import('@qrmenu/shared/runtime-config'),
  paths: () => import('@qrmenu/shared/paths'),
  resources: () => import('@qrmenu/shared/resources'),
  sortable: () => import('@qrmenu/shared/sortable'),
};

/** Checks `surface` against the record; when recording, adds a version not recorded yet. */
function expectRecorded(key: string, version: string, surface: Surface) {
  const history = record[key] ?? {};
  const problem = surfaceProblem(key, version, surface, history);
  if (problem?.endsWith('is not recorded yet: record its surface.') && RECORDING) {
    record[key] = { ...history, [version]: surface };
    writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
    execFileSync('pnpm', ['exec', 'biome', 'format', '--write', RECORD_FILE], { cwd: root, stdio: 'ignore' });
    return;
  }
  expect(problem, problem ?? '').toBeNull();
}

describe('shared contract versions (a changed surface needs a version bump)', () => {
  it.each(Object.keys(SHARED_FACADES))(
    'the %s facade: its export list is the one recorded for its version',
    (key) => {
      const version = FACADE_VERSIONS[key];
      expect(version, `FACADE_VERSIONS['${key}']`).toBeDefined();
      const names = facadeExportNames(SHARED_FACADES[key] as string, SHARED_FACADES);
      expect(names.length).toBeGreaterThan(0);
      expectRecorded(key, version as string, { exports: names });
    },
  );

  it('@qrmenu/shared: every subpath exports what is recorded for the package version', async () => {
    expect(Object.keys(SUBPATH_MODULES).sort()).toEqual([...SHARED_SUBPATHS].sort());
    const surface: Surface = {};
    for (const sub of SHARED_SUBPATHS)
      surface[sub] = moduleSurface(
        await (SUBPATH_MODULES[sub] as () => Promise<Record<string, unknown>>)(),
        OPAQUE,
      );
    expect(surface.texts).toContain('t.qr.title');
    expect(surface.api).toContain('api.auth.login');
    expectRecorded('@qrmenu/shared', sharedVersion, surface);
  });

  it('both router keys are one facade with one version', () => {
    expect(FACADE_VERSIONS['react-router-dom']).toBe(FACADE_VERSIONS['react-router']);
  });

  it("a facade's major is its library's major (a new major of the library is a new facade major)", () => {
    const req = createRequire(path.join(root, 'shell/package.json'));
    const major = (pkg: string) =>
      (
        JSON.parse(readFileSync(req.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }
      ).version.split('.')[0];
    expect(FACADE_VERSIONS['react-router-dom']?.split('.')[0]).toBe(major('react-router-dom'));
    expect(FACADE_VERSIONS['react-hook-form']?.split('.')[0]).toBe(major('react-hook-form'));
  });

  it('builds share each facade and subpath at its version and require ^<that version>', () => {
    const shared = sharedConfig(path.join(root, 'shell'));
    for (const key of Object.keys(SHARED_FACADES))
      expect(shared[key], key).toMatchObject({
        version: FACADE_VERSIONS[key],
        requiredVersion: `^${FACADE_VERSIONS[key]}`,
      });
    for (const sub of SHARED_SUBPATHS)
      expect(shared[`@qrmenu/shared/${sub}`], sub).toMatchObject({
        version: sharedVersion,
        requiredVersion: `^${sharedVersion}`,
      });
  });
});

describe('surfaceProblem (the guard itself)', () => {
  const v1: Surface = { texts: ['t', 't.a'] };
  const history = { '1.1.0': v1 };

  it('passes an unchanged surface, fails a change under the same version', () => {
    expect(surfaceProblem('pkg', '1.1.0', v1, history)).toBeNull();
    expect(surfaceProblem('pkg', '1.1.0', { texts: ['t', 't.a', 't.b'] }, history)).toMatch(
      /changed without a version bump \(added texts: t\.b\)/,
    );
  });

  it('asks for a new minor for added names and a new major for removed ones', () => {
    expect(surfaceProblem('pkg', '1.1.1', { texts: ['t', 't.a', 't.b'] }, history)).toMatch(
      /needs a new minor/,
    );
    expect(surfaceProblem('pkg', '1.2.0', { texts: ['t'] }, history)).toMatch(/needs a new major/);
    expect(surfaceProblem('pkg', '1.2.0', { texts: ['t', 't.a', 't.b'] }, history)).toMatch(
      /not recorded yet/,
    );
    expect(surfaceProblem('pkg', '2.0.0', { texts: ['t'] }, history)).toMatch(/not recorded yet/);
  });

  it('sees a new text inside the catalogue as a new name', () => {
    expect(moduleSurface({ t: { a: 'x', qr: { title: 'QR kod' } }, f: () => 1 })).toEqual([
      'f',
      't',
      't.a',
      't.qr',
      't.qr.title',
    ]);
  });
});
