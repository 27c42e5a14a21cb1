/**
 * Layers (docs/ARCHITECTURE.md, "Layers"): routes -> services -> repositories -> db.
 * - SQL lives in `src/db/` and `src/repos/` only: a query written anywhere else fails here.
 * - A route (`src/routes/`) validates, checks access, calls one service (`app.catalog`, ...) and
 *   answers: it reads and writes nothing through `app.repos`, and imports no repository, no
 *   table or row type, no row helper (ids, timestamps, 0/1 booleans, translations, patches) and
 *   no service module (it calls the app's decorations).
 * - A repository imports nothing above it: no service, route, http, integration or other layer.
 * - A service takes repositories and never an HTTP request: no route, no `FastifyRequest` or
 *   `FastifyReply`, nothing of `src/http/`, not even its errors: it throws the domain's
 *   (`src/domain/errors.ts`), which each edge maps (docs/ARCHITECTURE.md, "Errors").
 * Each detector is shown to fail on a violation before it is run over the tree.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** The folders that must not hold SQL. */
const NO_SQL = [
  'routes',
  'services',
  'integration',
  'telegram',
  'http',
  'public-menu',
  'storage',
  'state',
  'images',
];

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

const IMPORT = /(?:^|[\s;])(?:import|export)\s([^'"`;]*?)from\s*['"]([^'"]+)['"]/gm;

interface Import {
  /** What is imported (`{ a, type B }`, `* as x`, a default name). */
  names: string[];
  /** The module: a path under src/ without its extension (`repos/products`), or a package name. */
  module: string;
  /** True for a module of src/ (a relative import). */
  local: boolean;
}

/** The imports of a source file at `file` (a path under src/). */
export function importsOf(file: string, text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[2] as string;
    const local = spec.startsWith('.');
    const module = local
      ? relative(SRC, resolve(dirname(join(SRC, file)), spec)).replace(/\.(t|j)sx?$/, '')
      : spec;
    const names = (m[1] as string)
      .replace(/[{}]/g, ' ')
      .split(/[\s,]+/)
      .filter((n) => n && n !== 'type' && n !== 'as' && n !== '*');
    out.push({ names, module, local });
  }
  return out;
}

const under = (module: string, folder: string) => module === folder || module.startsWith(`${folder}/`);

/** Row helpers: what builds or reads a row (services/catalog/rows.ts and friends own them). */
const ROW_HELPERS = new Set([
  'newId',
  'now',
  'fromBool',
  'toBool',
  'translationsColumn',
  'translationsChange',
  'patchOf',
  'newRestaurantRow',
  'newCategoryRow',
  'newProductRow',
  'newOptionRow',
  'newOptionRowRow',
]);
/** Kysely table and row types of db/schema.ts (`ProductsTable`, `ProductRow`, ...). */
const TABLE_OR_ROW = /^[A-Z]\w*(Table|Row)$/;

export function routeViolations(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const { names, module } of importsOf(file, text)) {
    if (under(module, 'repos')) found.add(`a repository (${module})`);
    if (under(module, 'services')) found.add(`a service module (${module}): call app.<service>`);
    if (module === 'db' || module === 'db/schema' || module === 'db/util')
      found.add(`rows of the database (${module})`);
    for (const name of names) {
      if (ROW_HELPERS.has(name)) found.add(`a row helper (${name})`);
      if (TABLE_OR_ROW.test(name)) found.add(`a table or row type (${name})`);
    }
  }
  if (/\.repos\b/.test(text)) found.add('a call through app.repos');
  return [...found];
}

/** What a repository may import: the database's types and helpers, other repositories, packages. */
export function repositoryViolations(file: string, text: string): string[] {
  return importsOf(file, text)
    .filter(({ module, local }) => local && !under(module, 'db') && !under(module, 'repos'))
    .map(({ module }) => `an upper layer (${module})`);
}

export function serviceViolations(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const { module } of importsOf(file, text)) {
    if (under(module, 'routes')) found.add(`a route (${module})`);
    if (under(module, 'http')) found.add(`HTTP handling (${module})`);
  }
  for (const type of ['FastifyRequest', 'FastifyReply']) {
    if (new RegExp(`\\b${type}\\b`).test(text)) found.add(`an HTTP request type (${type})`);
  }
  return [...found];
}

const checked = (folder: string, check: (file: string, text: string) => string[]) =>
  files(join(SRC, folder))
    .map((path) => {
      const file = relative(SRC, path);
      return { file, found: check(file, readFileSync(path, 'utf8')) };
    })
    .filter((f) => f.found.length > 0);

describe('layers', () => {
  it('recognises SQL (the check works)', () => {
    expect(sqlOutsideRepos("import { sql } from 'kysely';")).toEqual(['an import of kysely']);
    expect(sqlOutsideRepos("await q.deleteFrom('products').execute()")).toEqual(['a query builder call']);
    expect(sqlOutsideRepos('const one = sql<number>`1`;')).toEqual(['a raw sql template']);
    expect(sqlOutsideRepos('await app.db.transaction().execute(work)')).toEqual([
      'a query on a database handle',
    ]);
    expect(sqlOutsideRepos('await app.catalog.products.find(id); answerCache(app.db)')).toEqual([]);
  });

  it.each(NO_SQL)('src/%s holds no SQL (it calls repositories)', (folder) => {
    expect(checked(folder, (_file, text) => sqlOutsideRepos(text))).toEqual([]);
  });

  it('recognises a route that reaches past its service (the check works)', () => {
    const route = 'routes/x.ts';
    expect(routeViolations(route, "import { fromBool, newId, type ProductsTable } from '../db';")).toEqual([
      'rows of the database (db)',
      'a row helper (fromBool)',
      'a row helper (newId)',
      'a table or row type (ProductsTable)',
    ]);
    expect(routeViolations(route, "import { toProduct } from '../repos/products';")).toEqual([
      'a repository (repos/products)',
    ]);
    expect(routeViolations(route, "import { translationsColumn } from '../services/translations';")).toEqual([
      'a service module (services/translations): call app.<service>',
      'a row helper (translationsColumn)',
    ]);
    expect(routeViolations(route, 'await app.repos.products.delete([id]);')).toEqual([
      'a call through app.repos',
    ]);
    expect(routeViolations(route, 'const row = await request.server.repos.products.find(id);')).toEqual([
      'a call through app.repos',
    ]);
    expect(
      routeViolations(
        route,
        "import { ownerCheck } from '../http/access';\nawait app.catalog.products.update(id, body, ownerCheck(request));",
      ),
    ).toEqual([]);
  });

  it('src/routes go through the services only', () => {
    expect(checked('routes', routeViolations)).toEqual([]);
  });

  it('recognises a repository that reaches up (the check works)', () => {
    const repo = 'repos/x.ts';
    expect(repositoryViolations(repo, "import { stopsOf } from '../integration/pos/stop-list';")).toEqual([
      'an upper layer (integration/pos/stop-list)',
    ]);
    expect(repositoryViolations(repo, "import { conflict } from '../http/errors';")).toEqual([
      'an upper layer (http/errors)',
    ]);
    expect(
      repositoryViolations(repo, "import { activeFrom } from '../services/catalog/availability';"),
    ).toEqual(['an upper layer (services/catalog/availability)']);
    expect(
      repositoryViolations(
        repo,
        "import { sql } from 'kysely';\nimport { type ProductRow, toBool } from '../db';\nimport { chunks } from './query';\nimport { parseTranslations } from '@qrmenu/shared/schemas';",
      ),
    ).toEqual([]);
  });

  it('src/repos import nothing above them', () => {
    expect(checked('repos', repositoryViolations)).toEqual([]);
  });

  it('recognises a service that handles HTTP (the check works)', () => {
    const service = 'services/catalog/x.ts';
    expect(serviceViolations(service, "import type { FastifyRequest } from 'fastify';")).toEqual([
      'an HTTP request type (FastifyRequest)',
    ]);
    expect(serviceViolations(service, "import { ownedRestaurantId } from '../../http/access';")).toEqual([
      'HTTP handling (http/access)',
    ]);
    expect(
      serviceViolations(service, "import { TRANSLATIONS_RULE } from '../../routes/descriptions';"),
    ).toEqual(['a route (routes/descriptions)']);
    expect(serviceViolations(service, "import { notFound } from '../../http/errors';")).toEqual([
      'HTTP handling (http/errors)',
    ]);
    expect(serviceViolations(service, "import { notFound } from '../../domain/errors';")).toEqual([]);
  });

  it('src/services take no HTTP request and throw no HTTP error', () => {
    expect(checked('services', serviceViolations)).toEqual([]);
  });
});
