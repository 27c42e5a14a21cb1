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

/** Each source of `cases` gets the findings `check` names for it (none: it keeps the rule). */
function expectFindings(check: (text: string) => string[], cases: [source: string, found: string[]][]) {
  for (const [source, found] of cases) expect(check(source), source).toEqual(found);
}

describe('layers', () => {
  it('recognises SQL (the check works)', () => {
    expectFindings(sqlOutsideRepos, [
      ["import { sql } from 'kysely';", ['an import of kysely']],
      ["await q.deleteFrom('products').execute()", ['a query builder call']],
      ['const one = sql<number>`1`;', ['a raw sql template']],
      ['await app.db.transaction().execute(work)', ['a query on a database handle']],
      ['await app.catalog.products.find(id); answerCache(app.db)', []],
    ]);
  });

  it.each(NO_SQL)('src/%s holds no SQL (it calls repositories)', (folder) => {
    expect(checked(folder, (_file, text) => sqlOutsideRepos(text))).toEqual([]);
  });
});

/** The layers that each keep a rule of their own: what breaks it, and sources it finds breaking it (or not). */
const LAYER_RULES: {
  folder: string;
  rule: string;
  breaker: string;
  check: (file: string, text: string) => string[];
  /** A file of the layer, as the check reads its path. */
  file: string;
  cases: [source: string, found: string[]][];
}[] = [
  {
    folder: 'routes',
    rule: 'go through the services only',
    breaker: 'a route that reaches past its service',
    check: routeViolations,
    file: 'routes/x.ts',
    cases: [
      [
        "import { fromBool, newId, type ProductsTable } from '../db';",
        [
          'rows of the database (db)',
          'a row helper (fromBool)',
          'a row helper (newId)',
          'a table or row type (ProductsTable)',
        ],
      ],
      ["import { toProduct } from '../repos/products';", ['a repository (repos/products)']],
      [
        "import { translationsColumn } from '../services/translations';",
        ['a service module (services/translations): call app.<service>', 'a row helper (translationsColumn)'],
      ],
      ['await app.repos.products.delete([id]);', ['a call through app.repos']],
      ['const row = await request.server.repos.products.find(id);', ['a call through app.repos']],
      [
        "import { ownerCheck } from '../http/access';\nawait app.catalog.products.update(id, body, ownerCheck(request));",
        [],
      ],
    ],
  },
  {
    folder: 'repos',
    rule: 'import nothing above them',
    breaker: 'a repository that reaches up',
    check: repositoryViolations,
    file: 'repos/x.ts',
    cases: [
      [
        "import { stopsOf } from '../integration/pos/stop-list';",
        ['an upper layer (integration/pos/stop-list)'],
      ],
      ["import { conflict } from '../http/errors';", ['an upper layer (http/errors)']],
      [
        "import { activeFrom } from '../services/catalog/availability';",
        ['an upper layer (services/catalog/availability)'],
      ],
      [
        "import { sql } from 'kysely';\nimport { type ProductRow, toBool } from '../db';\nimport { chunks } from './query';\nimport { parseTranslations } from '@qrmenu/shared/schemas';",
        [],
      ],
    ],
  },
  {
    folder: 'services',
    rule: 'take no HTTP request and throw no HTTP error',
    breaker: 'a service that handles HTTP',
    check: serviceViolations,
    file: 'services/catalog/x.ts',
    cases: [
      ["import type { FastifyRequest } from 'fastify';", ['an HTTP request type (FastifyRequest)']],
      ["import { ownedRestaurantId } from '../../http/access';", ['HTTP handling (http/access)']],
      ["import { TRANSLATIONS_RULE } from '../../routes/descriptions';", ['a route (routes/descriptions)']],
      ["import { notFound } from '../../http/errors';", ['HTTP handling (http/errors)']],
      ["import { notFound } from '../../domain/errors';", []],
    ],
  },
];

describe.each(LAYER_RULES)('layer $folder', ({ folder, rule, breaker, check, file, cases }) => {
  it(`recognises ${breaker} (the check works)`, () => {
    expectFindings((text) => check(file, text), cases);
  });

  it(`src/${folder} ${rule}`, () => {
    expect(checked(folder, check)).toEqual([]);
  });
});
