/**
 * The provider's list of a day as the admin uploads it (docs/PAYMENTS.md, "Reconciliation"):
 * JSON, either an array of `{ id, amount, state }` or Payme's GetStatement answer as Payme
 * documents it (`{ result: { transactions: [...] } }`, its other fields ignored), or CSV with the
 * header row `id,amount,state` (amount in tiyin, Click's states on Payme's scale). Read whole or
 * refused whole: a bad file changes nothing, and says why (`line`: the CSV's line, or the JSON
 * entry's number, from 1).
 *
 * A GetStatement answer may cover more than the day compared (Payme's `from`/`to` are whatever the
 * cashbox's report asked): given the day, entries whose `time` (Payme's creation time, what our own
 * side of the day is read by) falls on another Tashkent day are left out and counted
 * (`otherDays`), so they are neither compared nor silently lost.
 */
import { type ProviderStatementEntry, providerStatement } from './payments';

export type ProviderFileError = 'empty' | 'not_json' | 'csv_header' | 'bad_entry' | 'too_many';

export type ProviderFileResult =
  | { ok: true; transactions: ProviderStatementEntry[]; otherDays?: number }
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

/** Tashkent's calendar day (UTC+5 all year) of a time in ms. */
const tashkentDayOf = (ms: number) => new Date(ms + 5 * 3_600_000).toISOString().slice(0, 10);

function fromJson(text: string, day: string | undefined): ProviderFileResult {
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
  const entries: unknown[] = [];
  const numbers: number[] = [];
  let otherDays = 0;
  for (const [index, e] of list.entries()) {
    if (day && e && typeof e.time === 'number' && tashkentDayOf(e.time) !== day) {
      otherDays += 1;
      continue;
    }
    // GetStatement's entries carry more than the three fields compared: only those are taken
    entries.push(e && typeof e === 'object' ? { id: e.id, amount: e.amount, state: e.state } : e);
    numbers.push(index + 1);
  }
  const read = checked(entries, (i) => numbers[i] ?? 0);
  return read.ok && otherDays > 0 ? { ...read, otherDays } : read;
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

/**
 * Reads an uploaded file's text: JSON when it starts like JSON, else CSV. `day` (YYYY-MM-DD, the
 * statement's): JSON entries with a `time` of another day are left out and counted.
 */
export function parseProviderFile(text: string, day?: string): ProviderFileResult {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '') return { ok: false, error: 'empty' };
  return body.startsWith('[') || body.startsWith('{') ? fromJson(body, day) : fromCsv(body);
}
