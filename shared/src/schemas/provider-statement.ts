/**
 * The provider's list of a day as the admin uploads it (docs/PAYMENTS.md, "Reconciliation"):
 * JSON, either an array of `{ id, amount, state }` or Payme's GetStatement answer as Payme
 * documents it (`{ result: { transactions: [...] } }`, its other fields ignored), or CSV with the
 * header row `id,amount,state` (amount in tiyin, Click's states on Payme's scale). Read whole or
 * refused whole: a bad file changes nothing, and says why (`line`: the CSV's line, or the JSON
 * entry's number, from 1).
 */
import { type ProviderStatementEntry, providerStatement } from './payments';

export type ProviderFileError = 'empty' | 'not_json' | 'csv_header' | 'bad_entry' | 'too_many';

export type ProviderFileResult =
  | { ok: true; transactions: ProviderStatementEntry[] }
  | { ok: false; error: ProviderFileError; line?: number };

const CSV_HEADER = ['id', 'amount', 'state'];

function checked(entries: unknown[], lineOf: (index: number) => number): ProviderFileResult {
  const parsed = providerStatement.safeParse(entries);
  if (parsed.success) return { ok: true, transactions: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_big' && issue.path.length === 0) return { ok: false, error: 'too_many' };
  const index = typeof issue?.path[0] === 'number' ? issue.path[0] : 0;
  return { ok: false, error: 'bad_entry', line: lineOf(index) };
}

function fromJson(text: string): ProviderFileResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not_json' };
  }
  const list = Array.isArray(value)
    ? value
    : (value as { result?: { transactions?: unknown } } | null)?.result?.transactions;
  if (!Array.isArray(list)) return { ok: false, error: 'not_json' };
  // GetStatement's entries carry more than the three fields compared: only those are taken
  const entries = list.map((e) =>
    e && typeof e === 'object' ? { id: e.id, amount: e.amount, state: e.state } : e,
  );
  return checked(entries, (i) => i + 1);
}

const cell = (value: string) => value.trim().replace(/^"(.*)"$/, '$1');
const integer = (value: string) => (/^-?\d+$/.test(value) ? Number(value) : Number.NaN);

function fromCsv(text: string): ProviderFileResult {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => cell(h).toLowerCase());
  if (header.join(',') !== CSV_HEADER.join(',')) return { ok: false, error: 'csv_header' };
  const entries: unknown[] = [];
  const lineNumbers: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (index === 0 || line.trim() === '') continue;
    const cells = line.split(',').map(cell);
    if (cells.length !== 3) return { ok: false, error: 'bad_entry', line: index + 1 };
    const [id, amount, state] = cells as [string, string, string];
    entries.push({ id, amount: integer(amount), state: integer(state) });
    lineNumbers.push(index + 1);
  }
  return checked(entries, (i) => lineNumbers[i] ?? 0);
}

/** Reads an uploaded file's text: JSON when it starts like JSON, else CSV. */
export function parseProviderFile(text: string): ProviderFileResult {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '') return { ok: false, error: 'empty' };
  return body.startsWith('[') || body.startsWith('{') ? fromJson(body) : fromCsv(body);
}
