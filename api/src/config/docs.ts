/**
 * Writes the tables of docs/CONFIGURATION.md from the variables' table (env.ts):
 * `pnpm docs:config` rewrites what lies between the two markers and nothing else;
 * `api/test/config.test.ts` fails when the file and the table differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findWorkspaceRoot } from './data-dir';
import { defaultOf, GROUPS, type Group, OTHER_VARIABLES, SETTINGS } from './env';

const BEGIN_TABLES = '<!-- the tables below are written by `pnpm docs:config` from api/src/config/env.ts -->';
const END_TABLES = '<!-- end of the written tables -->';

/** A markdown table with its columns padded to one width (as a formatter would leave it). */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Every group's heading and table, in the order of GROUPS. */
function configurationTables(): string {
  const entries = [...Object.entries(SETTINGS), ...Object.entries(OTHER_VARIABLES)];
  return (Object.keys(GROUPS) as Group[])
    .map((group) => {
      const inGroup = entries.filter(([, entry]) => entry.group === group);
      // the values column where the server parses them (the others' readers take what they get)
      const parsed = inGroup.some(([, entry]) => 'values' in entry);
      const rows = inGroup.map(([name, entry]) => [
        `\`${name}\``,
        defaultOf(entry),
        ...(parsed ? ['values' in entry ? entry.values : ''] : []),
        entry.meaning,
      ]);
      const head = parsed ? ['variable', 'default', 'values', 'meaning'] : ['variable', 'default', 'meaning'];
      return `### ${GROUPS[group]}\n\n${table(head, rows)}`;
    })
    .join('\n\n');
}

/** `doc` with the text between the markers replaced by the tables. */
export function withTables(doc: string): string {
  const begin = doc.indexOf(BEGIN_TABLES);
  const end = doc.indexOf(END_TABLES);
  if (begin < 0 || end < begin) throw new Error(`the markers are missing: ${BEGIN_TABLES} ... ${END_TABLES}`);
  return `${doc.slice(0, begin + BEGIN_TABLES.length)}\n\n${configurationTables()}\n\n${doc.slice(end)}`;
}

export const CONFIGURATION_DOC = join(
  findWorkspaceRoot(fileURLToPath(new URL('.', import.meta.url))) ?? '.',
  'docs',
  'CONFIGURATION.md',
);

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const before = readFileSync(CONFIGURATION_DOC, 'utf8');
  const after = withTables(before);
  if (after !== before) writeFileSync(CONFIGURATION_DOC, after);
  process.stdout.write(
    `${CONFIGURATION_DOC}: ${after === before ? 'already up to date' : 'tables rewritten'}\n`,
  );
}
