/**
 * One list of environment variables (api/src/config/env.ts): docs/CONFIGURATION.md shows exactly
 * that list (`pnpm docs:config` writes it), no code reads a variable the list does not have, the
 * list keeps no variable that nothing reads, and the server reads the environment only through
 * `src/config/`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC, withTables } from '../src/config/docs';
import { OTHER_VARIABLES, SETTINGS } from '../src/config/env';

const ROOT = resolve(import.meta.dirname, '../..');
const LISTED = new Set([...Object.keys(SETTINGS), ...Object.keys(OTHER_VARIABLES)]);
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git']);
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Every code file of the repository (and `.ci/run`, a shell script), by path from the root. */
function sources(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.has(name) || name.startsWith('.data-') || (name.startsWith('.') && name !== '.ci')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return CODE.test(name) || relative(ROOT, path) === join('.ci', 'run') ? [relative(ROOT, path)] : [];
  });
}

const NAME = '([A-Z][A-Z0-9_]*)';
const READS = [
  new RegExp(`\\bprocess\\.env\\.${NAME}`, 'g'), // process.env.PORT
  new RegExp(`\\benv\\.${NAME}`, 'g'), // env.PORT (process.env handed over as `env`)
  new RegExp(`\\benv\\[\\s*['"\`]${NAME}['"\`]\\s*\\]`, 'g'), // env['PORT']
];

/** The variables a source reads by name; `dynamic` when it reads one by a computed name. */
function envReads(text: string): { names: string[]; dynamic: boolean } {
  const names = READS.flatMap((re) => [...text.matchAll(re)].map((m) => m[1] as string));
  // const { A, B, ...rest } = process.env
  for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().split(/[\s:=]/)[0] ?? '';
      if (/^[A-Z][A-Z0-9_]*$/.test(name)) names.push(name);
    }
  }
  const dynamic = /\benv\[(?!\s*(['"`])[A-Z][A-Z0-9_]*\1\s*\])/.test(text);
  return { names: [...new Set(names)], dynamic };
}

const files = sources().filter((file) => file !== join('api', 'test', 'config.test.ts'));
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the environment variables', () => {
  it('recognises reads (the check works)', () => {
    expect(envReads('const a = process.env.PORT; const b = env.PW_CHROMIUM || env["HOST"];')).toEqual({
      names: ['PORT', 'PW_CHROMIUM', 'HOST'],
      dynamic: false,
    });
    expect(envReads('const { TEST_DATABASE_URL, PATH: p, ...rest } = process.env;').names).toEqual([
      'TEST_DATABASE_URL',
      'PATH',
    ]);
    expect(envReads('const v = env[name];').dynamic).toBe(true);
    expect(envReads('const v = process.env[`S3_` + x];').dynamic).toBe(true);
    expect(envReads('settings.PORT; mainEnv.X; environment.Y').names).toEqual([]);
  });

  it('docs/CONFIGURATION.md shows the list as it is (else run `pnpm docs:config`)', () => {
    const doc = readFileSync(CONFIGURATION_DOC, 'utf8');
    expect(doc, 'docs/CONFIGURATION.md differs from api/src/config/env.ts: run `pnpm docs:config`').toBe(
      withTables(doc),
    );
  });

  it('every variable the code reads is in the list (api/src/config/env.ts)', () => {
    const unlisted = files.flatMap((file) =>
      envReads(text(file))
        .names.filter((name) => !LISTED.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(unlisted).toEqual([]);
  });

  it('a variable is read by its name (a computed name escapes the check above)', () => {
    const config = join('api', 'src', 'config');
    const computed = files.filter((file) => !file.startsWith(config) && envReads(text(file)).dynamic);
    expect(computed).toEqual([]);
  });

  it('the server reads the environment only through src/config/ (readSettings)', () => {
    const config = join('api', 'src', 'config');
    const direct = files.filter(
      (file) =>
        file.startsWith(join('api', 'src')) &&
        !file.startsWith(config) &&
        /\bprocess\.env\b/.test(text(file)),
    );
    expect(direct).toEqual([]);
  });

  it('every listed variable is read somewhere (the list keeps no dead entry)', () => {
    const env = join('api', 'src', 'config', 'env.ts');
    const corpus = files
      .filter((file) => file !== env)
      .map(text)
      .join('\n');
    const unread = [...LISTED].filter((name) => !new RegExp(`\\b${name}\\b`).test(corpus));
    expect(unread).toEqual([]);
  });
});
