/**
 * The landing pages validate nothing until a dialog opens: what they import statically must not
 * reach the zod schemas (a value import of `@qrmenu/shared/schemas` loads zod, ~27 KiB gzip) nor
 * the form kit (`@qrmenu/shared/forms` loads react-hook-form, ~11 KiB brotli).
 * Dynamic `import()`s (the dialogs, the QR code) and type-only imports are fine.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');

/** Static value imports of a file: `[specifier, names]`, type-only ones left out. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/gms)) {
    if (m[1]) continue; // import type { ... }
    const names = m[2] ?? '';
    const onlyTypes =
      /^\{[^}]*\}$/.test(names.trim()) && names.split(',').every((n) => /^\W*type\s/.test(n.trim()));
    if (!onlyTypes) out.push(m[3] as string);
  }
  for (const m of text.matchAll(/^import\s+'([^']+)'/gm)) out.push(m[1] as string);
  return out;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every package a page reaches through static imports of this module's own files. */
function reachedPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local) visit(local);
      } else packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

const FORM_PACKAGES = ['@qrmenu/shared/schemas', 'zod', '@qrmenu/shared/forms', 'react-hook-form'];

describe('zod and the form kit stay off the pages that validate nothing yet', () => {
  it.each([
    'restaurants/RestaurantsPage.tsx',
    'restaurants/ManagerHome.tsx',
    'restaurants/RestaurantDetailPage.tsx',
  ])('%s imports no schema values, no zod, no form kit', (page) => {
    const packages = reachedPackages(path.join(src, page));
    expect(packages).toContain('@qrmenu/shared/ui');
    expect([...packages].filter((p) => FORM_PACKAGES.includes(p) || p === 'qrcode')).toEqual([]);
  });

  it('sees a value import of the schemas and the form kit where there is one (the form page)', () => {
    const packages = reachedPackages(path.join(src, 'restaurants/RestaurantFormPage.tsx'));
    expect(packages).toContain('@qrmenu/shared/schemas');
    expect(packages).toContain('@qrmenu/shared/forms');
  });
});
