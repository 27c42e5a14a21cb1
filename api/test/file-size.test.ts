/**
 * Small files: a source file (the API's, the shared package's, the shell's, every remote's) over
 * 400 lines says at its top why it stays whole (`Kept whole:` and the reason), or it is split by
 * what it does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;
/** How far down the top a reason is looked for: the file's header comment. */
const TOP_LINES = 20;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|jsx?|mjs)$/.test(name) ? [path] : [];
  });
}

/** The source folders: the API's, the shared package's, the shell's and every remote's. */
const SOURCE_DIRS = [
  'api/src',
  'shared/src',
  'shell/src',
  ...readdirSync(ROOT)
    .filter((name) => name.startsWith('mfe-'))
    .map((name) => `${name}/src`),
];

/** A file's problem: over the limit without a reason at its top. */
export function unexplainedLength(text: string): string | null {
  const lines = text.split('\n').length;
  if (lines <= MAX_LINES) return null;
  const top = text.split('\n').slice(0, TOP_LINES).join('\n');
  return /Kept whole: \S/.test(top) ? null : `${lines} lines and no "Kept whole: <why>" at its top`;
}

describe('file size', () => {
  it('recognises a long file without a reason (the check works)', () => {
    const long = (head: string) => `${head}\n${'const x = 1;\n'.repeat(MAX_LINES)}`;
    expect(unexplainedLength(long('/** A module. */'))).toMatch(/no "Kept whole/);
    expect(unexplainedLength(long('/**\n * A module.\n * Kept whole: one table.\n */'))).toBeNull();
    expect(unexplainedLength('const short = 1;\n')).toBeNull();
  });

  it('every source file over 400 lines says at its top why it stays whole', () => {
    const problems = SOURCE_DIRS.flatMap((dir) =>
      sourceFiles(join(ROOT, dir)).flatMap((path) => {
        const problem = unexplainedLength(readFileSync(path, 'utf8'));
        return problem ? [`${relative(ROOT, path)}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });
});
