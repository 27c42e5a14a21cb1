/**
 * Layers: SQL lives in `src/db/` and `src/repos/` only. Routes, access checks, the integration
 * importer and providers, and the menu page call repositories (`app.repos`); a query written
 * anywhere else fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** The folders that must not hold SQL. */
const NO_SQL = ['routes', 'integration', 'http', 'public-menu', 'storage', 'state', 'images'];

const SQL_SIGNS: [string, RegExp][] = [
  ['an import of kysely', /from\s+['"]kysely['"]/],
  ['a query builder call', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/],
  ['a raw sql template', /\bsql\s*(<[^>]*>)?\s*`/],
  ['a query on a database handle', /\.db\s*\.\s*[A-Za-z$_]/],
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

export function sqlOutsideRepos(text: string): string[] {
  return SQL_SIGNS.filter(([, re]) => re.test(text)).map(([what]) => what);
}

describe('layers', () => {
  it('recognises SQL (the check works)', () => {
    expect(sqlOutsideRepos("import { sql } from 'kysely';")).toEqual(['an import of kysely']);
    expect(sqlOutsideRepos("await q.deleteFrom('products').execute()")).toEqual(['a query builder call']);
    expect(sqlOutsideRepos('const one = sql<number>`1`;')).toEqual(['a raw sql template']);
    expect(sqlOutsideRepos('await app.db.transaction().execute(work)')).toEqual([
      'a query on a database handle',
    ]);
    expect(sqlOutsideRepos('await app.repos.products.find(id); answerCache(app.db)')).toEqual([]);
  });

  it.each(NO_SQL)('src/%s holds no SQL (it calls repositories)', (folder) => {
    const found = files(join(SRC, folder))
      .map((file) => ({ file: relative(SRC, file), signs: sqlOutsideRepos(readFileSync(file, 'utf8')) }))
      .filter((f) => f.signs.length > 0);
    expect(found).toEqual([]);
  });
});
