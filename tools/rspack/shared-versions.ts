/**
 * Versions of what the shell shares beyond plain libraries: each facade and `@qrmenu/shared`.
 * They are a contract between a running shell and a remote deployed later: a remote declares in
 * its mf-manifest.json that it requires `^<the version it was built with>` of each, and the
 * shell loads it only when it provides a satisfying version (shell/src/federation.ts); else that
 * module shows its fallback instead of crashing on a missing export.
 *
 * A facade's version is its own: major = the library's major (a new major may change what the
 * same names do), minor = the revision of its export list (+1 for each added name set), patch
 * unused. `@qrmenu/shared` takes its version from shared/package.json (minor: something was
 * added to a subpath; major: something was removed or changed).
 * `shared-surfaces.json` records the export surface of every released version; the guard test
 * (shell/test/shared-versions.test.ts) fails when a surface changes without a version bump.
 */
import { readFileSync } from 'node:fs';

export const FACADE_VERSIONS: Record<string, string> = {
  // both router keys are one facade (react-router-dom re-exports the shared react-router)
  'react-router': '7.1.0',
  'react-router-dom': '7.1.0',
  'react-hook-form': '7.2.0',
};

/** What a build of this version requires of the one that provides it: the same or a newer minor. */
export function requiredRange(version: string): string {
  return `^${version}`;
}

// ---------- the export surface and its record (used by the guard test) ----------

/** What a version offers: names by module (`t.qr.title` is a name of `texts`). */
export type Surface = Record<string, string[]>;

/** Where the surfaces of released versions are recorded, by package (or facade), then version. */
export type SurfaceRecord = Record<string, Record<string, Surface>>;

/** The names a facade exports, following `export * from '<facaded share key>'` through `facades`. */
export function facadeExportNames(file: string, facades: Record<string, string>): string[] {
  const text = readFileSync(file, 'utf8');
  const names = [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
  for (const [, lib] of text.matchAll(/export\s*\*\s*from\s*'([^']+)'/g)) {
    const inner = facades[lib ?? ''];
    if (inner) names.push(...facadeExportNames(inner, facades));
  }
  return [...new Set(names)].sort();
}

/**
 * A module's exported names, and inside plain objects (the texts catalogue, the API client, the
 * route table, Chakra's part namespaces) their keys as dotted paths: a new text or a new API call
 * is as much a new export as a new function. `opaque` names a library object whose keys are not
 * ours (a store, an atom, Chakra's system).
 */
export function moduleSurface(
  mod: Record<string, unknown>,
  opaque: readonly string[] = [],
  depth = 4,
): string[] {
  const out: string[] = [];
  const walk = (value: unknown, name: string, left: number) => {
    out.push(name);
    if (left === 0 || !value || typeof value !== 'object' || Array.isArray(value)) return;
    const proto = Object.getPrototypeOf(value);
    if ((proto !== Object.prototype && proto !== null) || '$$typeof' in value) return;
    for (const key of Object.keys(value))
      walk((value as Record<string, unknown>)[key], `${name}.${key}`, left - 1);
  };
  for (const name of Object.keys(mod)) {
    if (name === 'default' || name === '__esModule') continue;
    if (opaque.includes(name)) out.push(name);
    else walk(mod[name], name, depth);
  }
  return out.sort();
}

function parts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((n) => Number.parseInt(n, 10));
  return [major, minor, patch];
}

/** Negative, zero or positive as `a` is older than, equal to or newer than `b`. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export interface SurfaceChange {
  added: string[];
  removed: string[];
}

export function surfaceChange(from: Surface, to: Surface): SurfaceChange {
  const flat = (s: Surface) =>
    new Set(Object.entries(s).flatMap(([m, names]) => names.map((n) => `${m}: ${n}`)));
  const [a, b] = [flat(from), flat(to)];
  return { added: [...b].filter((x) => !a.has(x)), removed: [...a].filter((x) => !b.has(x)) };
}

/**
 * Why `version` with `surface` does not fit the record of `history` (null when it does): a
 * surface that changed under an already recorded version (a change without a bump), a bump that
 * is too small for the change (a removal needs a new major, an addition a new minor), a version
 * not recorded yet.
 */
export function surfaceProblem(
  label: string,
  version: string,
  surface: Surface,
  history: Record<string, Surface>,
): string | null {
  const recorded = history[version];
  const describe = (c: SurfaceChange) =>
    [
      c.added.length ? `added ${c.added.slice(0, 8).join(', ')}${c.added.length > 8 ? ', …' : ''}` : '',
      c.removed.length
        ? `removed ${c.removed.slice(0, 8).join(', ')}${c.removed.length > 8 ? ', …' : ''}`
        : '',
    ]
      .filter(Boolean)
      .join('; ');
  if (recorded) {
    const change = surfaceChange(recorded, surface);
    if (change.added.length === 0 && change.removed.length === 0) return null;
    return (
      `${label} ${version}: its exports changed without a version bump (${describe(change)}). ` +
      'Bump the version (a new minor for added names, a new major for removed ones), then record it.'
    );
  }
  const previous = Object.keys(history)
    .filter((v) => compareVersions(v, version) < 0)
    .sort(compareVersions)
    .at(-1);
  if (previous) {
    const change = surfaceChange(history[previous] as Surface, surface);
    const [major, minor] = parts(version);
    const [pMajor, pMinor] = parts(previous);
    if (change.removed.length > 0 && major === pMajor)
      return `${label} ${version}: names were removed since ${previous} (${describe(change)}): that needs a new major.`;
    if (change.added.length > 0 && major === pMajor && minor === pMinor)
      return `${label} ${version}: names were added since ${previous} (${describe(change)}): that needs a new minor.`;
  }
  return `${label} ${version} is not recorded yet: record its surface.`;
}
