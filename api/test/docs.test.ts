/**
 * The documentation stands alone and says what the code says:
 * - every relative link of the READMEs and `docs/` reaches a file of the repository, and a
 *   heading of it when it names one (GitHub's anchors);
 * - no markdown file points outside the repository or cites an issue or a specification section
 *   by number (a reader who clones the project has neither);
 * - every Uzbek text quoted «…» in README.md and docs/ is a text of the catalogue
 *   (`@qrmenu/shared/texts`, the guests' page's words), word for word;
 * - every `docs/<NAME>.md` a comment of the code cites is a file of `docs/`, and the part it
 *   names after it (`docs/ORDERS.md, "Limits"`) is a heading of that file, or a paragraph's bold
 *   lead, that begins so.
 * It lives in the API's project because that one runs on Node and reads files; it checks the
 * whole repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { LANGUAGE_NAMES } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import GithubSlugger from 'github-slugger';
import { Lexer, type Token, type Tokens, walkTokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { GUEST_WORDS } from '../src/public-menu/language';

const ROOT = resolve(import.meta.dirname, '../..');

/** Folders that hold no documentation of ours (dependencies, builds, reports, data). */
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  '.reports',
  'test-results',
  'playwright-report',
]);

function markdownFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const lex = (text: string): Token[] => new Lexer().lex(text);

/** A heading's text as GitHub renders it (code spans without their backticks, no markup). */
function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) =>
      'tokens' in token && token.tokens ? plainText(token.tokens) : 'text' in token ? token.text : '',
    )
    .join('');
}

/** The anchors GitHub gives a file's headings (`## The guests' menu page` -> `the-guests-menu-page`). */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  walkTokens(lex(markdown), (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  });
  return anchors;
}

/** Every link and image target of a file, reference definitions included. */
function linksOf(markdown: string): string[] {
  const tokens = lex(markdown);
  const hrefs: string[] = [];
  walkTokens(tokens, (token) => {
    if (token.type === 'link' || token.type === 'image') hrefs.push((token as Tokens.Link).href);
  });
  const definitions = (tokens as Token[] & { links?: Record<string, { href: string }> }).links ?? {};
  for (const def of Object.values(definitions)) hrefs.push(def.href);
  return hrefs;
}

const EXTERNAL = /^(https?:|mailto:)/i;

/** What is wrong with the links of `file` (a path under `root`), one line each; [] when nothing. */
export function brokenLinks(file: string, markdown: string, root = ROOT): string[] {
  const problems: string[] = [];
  for (const href of linksOf(markdown)) {
    if (EXTERNAL.test(href)) continue;
    const [rawPath = '', anchor] = href.split('#', 2);
    const path = decodeURIComponent(rawPath);
    if (path.startsWith('/') || /^[a-z]+:/i.test(path)) {
      problems.push(`${href}: not a path relative to the file`);
      continue;
    }
    const target = path === '' ? file : resolve(dirname(file), path);
    const inside = relative(root, target);
    if (inside.startsWith('..') || resolve(root, inside) !== target) {
      problems.push(`${href}: outside the repository`);
      continue;
    }
    if (!existsSync(target)) {
      problems.push(`${href}: no such file`);
      continue;
    }
    if (anchor && !(target.endsWith('.md') && anchorsOf(readFileSync(target, 'utf8')).has(anchor))) {
      problems.push(`${href}: no heading #${anchor} in ${relative(root, target)}`);
    }
  }
  return problems;
}

/** Mentions a reader of the repository cannot follow: files outside it, issue or spec numbers. */
const OUTSIDE = [
  /\.\.\/shared\//,
  /\/work\//,
  /\bCONTRACT\.md\b/,
  /\bSTACK-NOTES\b/,
  /\bproduct-spec\b/,
  /\bissues?\s+#?\d/i,
  /\bspec(?:ification)?(?:\s+section)?s?\s+\d/i,
];

export function outsideMentions(markdown: string): string[] {
  return markdown
    .split('\n')
    .flatMap((line, i) => (OUTSIDE.some((re) => re.test(line)) ? [`line ${i + 1}: ${line.trim()}`] : []));
}

// ---------- the Uzbek texts quoted «…» ----------

const HOLE = '\u0001';

/**
 * Stands for any argument of a catalogue function: a text where the template writes it, 1 where
 * it is compared to a number, itself for any property read of it.
 */
const ANY: unknown = new Proxy(
  {},
  {
    get: (_target, key) =>
      key === Symbol.toPrimitive ? (hint: string) => (hint === 'number' ? 1 : HOLE) : ANY,
  },
);

/** Every text of a catalogue object; a function's text with its arguments as HOLEs (and once with nulls). */
function catalogueTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const arity = Math.max(1, fn.length);
    return [ANY, null].flatMap((arg) => {
      try {
        return catalogueTexts(fn(...Array.from({ length: arity }, () => arg)));
      } catch {
        return [];
      }
    });
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(catalogueTexts);
  return [];
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

const CATALOGUE = [t, GUEST_WORDS, LANGUAGE_NAMES].flatMap(catalogueTexts).map(squash);

/** The quotes «…» of a file, spaces of line breaks squashed. */
export const quotesOf = (markdown: string): string[] =>
  [...markdown.matchAll(/«([^»]+)»/g)].map((m) => squash(m[1] ?? ''));

/**
 * Whether a quote is (part of) a catalogue text, word for word; in the quote `N` and `<name>`
 * stand for what the screen fills in.
 */
export function inCatalogue(quote: string, catalogue = CATALOGUE): boolean {
  const pattern = quote
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/<[^<>]+>/g, '.+')
    .replace(/\bN\b/g, '.+');
  const re = new RegExp(pattern, 'u');
  return catalogue.some((text) => re.test(text));
}

// ---------- the code's comments citing docs/ ----------

/** Source files whose comments may cite docs/ (the code, its tests, scripts, styles). */
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|sh|css|html)$/;

function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** A comment's line break with its leading ` * `, `// ` or `# `. */
const COMMENT_BREAK = /\n\s*(?:\*|\/\/|#)\s*/g;

/**
 * The `docs/<NAME>.md` a source file's comments cite, each with the part named after it
 * (`docs/PAYMENTS.md, "Click"`, across a comment's line break too); a mention outside a comment
 * (a path in the code) is not a citation.
 */
export function docCitations(source: string): { doc: string; section: string | null }[] {
  const found: { doc: string; section: string | null }[] = [];
  const re = /(?<![\w./-])docs\/([A-Za-z0-9_-]+\.md)(?:,\s*"((?:[^"\n]|\n\s*(?:\*|\/\/|#)\s*)+)")?/g;
  for (const m of source.matchAll(re)) {
    const before = source.slice(source.lastIndexOf('\n', m.index) + 1, m.index);
    if (!/^\s*(?:\*|#)|\/\/|\/\*/.test(before)) continue;
    found.push({ doc: m[1] as string, section: m[2] ? m[2].replace(COMMENT_BREAK, ' ') : null });
  }
  return found;
}

/** Without case, quotes and code marks: `**Durable before "Yuborildi".**` reads as the citation writes it. */
const plain = (text: string) => text.toLowerCase().replace(/["«»`]/g, '');

/** Whether `markdown` has a heading, or a paragraph's bold lead, beginning with `section`. */
export function hasSection(markdown: string, section: string): boolean {
  const wanted = plain(section);
  return markdown.split('\n').some((line) => {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) return plain(heading[1] ?? '').startsWith(wanted);
    return plain(line).includes(`**${wanted}`);
  });
}

/** What the comments of `source` cite that docs/ does not have, one line each; [] when nothing. */
export function brokenCitations(source: string, root = ROOT): string[] {
  return docCitations(source).flatMap(({ doc, section }) => {
    const target = join(root, 'docs', doc);
    if (!existsSync(target)) return [`docs/${doc}: no such file`];
    if (section && !hasSection(readFileSync(target, 'utf8'), section)) {
      return [`docs/${doc}, "${section}": no such heading`];
    }
    return [];
  });
}

// ---------- the checks ----------

const FILES = markdownFiles();
const shown = (file: string) => relative(ROOT, file);

describe('the documentation', () => {
  it('finds the markdown files (the README, docs/, the packages)', () => {
    const names = FILES.map(shown);
    expect(names).toContain('README.md');
    expect(names).toContain('docs/PRODUCT.md');
    expect(names).toContain('api/README.md');
  });

  it('recognises broken links, outside mentions and foreign quotes (the checks work)', () => {
    const file = join(ROOT, 'docs/x.md');
    expect(brokenLinks(file, '[a](PRODUCT.md) [b](API.md#errors) [c](https://example.com)')).toEqual([]);
    expect(brokenLinks(file, '[a](MISSING.md)')).toEqual(['MISSING.md: no such file']);
    expect(brokenLinks(file, '[a](PRODUCT.md#no-such-heading)')).toEqual([
      'PRODUCT.md#no-such-heading: no heading #no-such-heading in docs/PRODUCT.md',
    ]);
    // the folder beside the repository, spelled in parts so that this file names no path outside it
    const beside = ['..', 'shared'].join('/');
    const contract = `../${beside}/${'CONTRACT'}.md`;
    expect(brokenLinks(file, `[a](${contract})`)).toEqual([`${contract}: outside the repository`]);
    expect(brokenLinks(file, '`[not a link](MISSING.md)`')).toEqual([]);
    expect(anchorsOf("## Behind a reverse proxy (`TRUST_PROXY`)\n## The guests' menu page")).toEqual(
      new Set(['behind-a-reverse-proxy-trust_proxy', 'the-guests-menu-page']),
    );
    const specPath = `${beside}/spec/${'product'}-spec.md`;
    expect(outsideMentions(`see \`${specPath}\`\nfine\nas issue 19 says`)).toEqual([
      `line 1: see \`${specPath}\``,
      'line 3: as issue 19 says',
    ]);
    expect(outsideMentions('(spec 5) and spec 2, 4')).toHaveLength(1);
    expect(inCatalogue('Login yoki parol xato')).toBe(true);
    expect(inCatalogue("Juda ko'p urinish. N daqiqadan keyin qayta urinib ko'ring.")).toBe(true);
    expect(inCatalogue('Mahsulotlar: <name>')).toBe(true);
    expect(inCatalogue('Login yoki parol notogri')).toBe(false);
  });

  it.each(FILES.map(shown))('%s: every relative link resolves inside the repository', (name) => {
    const file = join(ROOT, name);
    expect(brokenLinks(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it.each(FILES.map(shown))('%s: names nothing outside the repository, no issue numbers', (name) => {
    expect(outsideMentions(readFileSync(join(ROOT, name), 'utf8'))).toEqual([]);
  });

  it('recognises what comments cite of docs/ (the check works)', () => {
    const source = [
      '/**',
      ' * Orders (docs/ORDERS.md, "Limits"), releases (docs/RELEASES.md, "What is checked',
      ' * at registration"), docs/MISSING.md, docs/PRODUCT.md, "No such part"',
      ' */',
      "const path = 'docs/ALSO-MISSING.md';",
      '// and docs/ORDERS.md, "Durable before Yuborildi"',
    ].join('\n');
    expect(docCitations(source)).toEqual([
      { doc: 'ORDERS.md', section: 'Limits' },
      { doc: 'RELEASES.md', section: 'What is checked at registration' },
      { doc: 'MISSING.md', section: null },
      { doc: 'PRODUCT.md', section: 'No such part' },
      { doc: 'ORDERS.md', section: 'Durable before Yuborildi' },
    ]);
    expect(brokenCitations(source)).toEqual([
      'docs/MISSING.md: no such file',
      'docs/PRODUCT.md, "No such part": no such heading',
    ]);
  });

  it('every docs/*.md a code comment cites exists, with the part it names', () => {
    const files = sourceFiles();
    expect(files.map(shown)).toContain('api/src/services/releases/files.ts');
    const problems = files.flatMap((file) =>
      brokenCitations(readFileSync(file, 'utf8')).map((problem) => `${shown(file)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  const QUOTING = FILES.map(shown).filter((name) => name === 'README.md' || name.startsWith('docs/'));
  it.each(QUOTING)('%s: every «…» is a text of the catalogue, word for word', (name) => {
    const quotes = quotesOf(readFileSync(join(ROOT, name), 'utf8'));
    expect(quotes.filter((quote) => !inCatalogue(quote))).toEqual([]);
  });
});
