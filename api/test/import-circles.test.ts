/**
 * No module may import itself back through others (an import circle): a circle makes the load
 * order decide what is still undefined, and ties layers that should stand apart. A small walker
 * over relative imports (static, `export ... from`, `import()`; type-only imports count too).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The source folders checked: every package's own source. */
export const CIRCLE_CHECKED = [
  'api/src',
  'shared/src',
  'shell/src',
  'mfe-auth/src',
  'mfe-restaurants/src',
  'mfe-catalog/src',
  'mfe-stoplist/src',
  'mfe-orders/src',
  'mfe-reports/src',
];

const EXTENSIONS = ['.ts', '.tsx', '.mts'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\.(m?js|jsx)$/, ''));
  for (const candidate of [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec?.startsWith('.')) continue;
    const target = resolveImport(file, spec);
    if (target) out.push(target);
  }
  return out;
}

/** Every circle found by a depth-first walk, each as the list of files around it. */
export function findCircles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return circles.map((c) => c.map((f) => relative(ROOT, f)));
}

describe('import circles', () => {
  it('finds a circle when there is one (the walker works)', () => {
    const here = join(ROOT, 'api/test/fixtures/import-circle');
    expect(findCircles(sourceFiles(here))).toEqual([
      [
        'api/test/fixtures/import-circle/a.ts',
        'api/test/fixtures/import-circle/b.ts',
        'api/test/fixtures/import-circle/a.ts',
      ],
    ]);
  });

  it.each(CIRCLE_CHECKED)('%s has none', (dir) => {
    expect(findCircles(sourceFiles(join(ROOT, dir)))).toEqual([]);
  });
});
