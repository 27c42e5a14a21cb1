/**
 * What the shell tells the server about the releases it runs (docs/RELEASES.md): per module and
 * release, the page views that loaded it and the failures by the error's name (a load that failed,
 * a render that threw), with the first error's message, so that why a canary stopped can be read
 * after it stopped (one line, at most 300 characters, addresses without their query strings).
 * Nothing personal: no user, no address of the page. Each module release
 * counts once per page view (its first load; each distinct error name once), so a page cannot
 * flood the counts. Sent in one batch a few seconds after the first event (and when the page is
 * hidden or closed, with `keepalive`), at most one batch per interval; held in memory meanwhile
 * (a handful of entries: one per module release). Each batch carries the report token the server
 * gave with this user's releases (`/config.json`'s `reportToken`, renewed with every assignment):
 * the server counts only the releases it names, once per user. Without a token nothing is sent.
 */
import { getRuntimeConfig } from '@qrmenu/shared/runtime-config';

export const REPORT_DELAY_MS = 3000;
const MAX_COUNT = 50;

interface Entry {
  module: string;
  version: string;
  loads: number;
  failures: Record<string, number>;
  first_error?: { name: string; message: string };
}

/** Characters of an error's message sent (RELEASE_LIMITS.errorMessage). */
const MESSAGE_MAX = 300;

/** An error's message as reported: one line, addresses without query strings or fragments, cut. */
export function errorMessageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  const line = (typeof message === 'string' ? message : '')
    .replace(/\b(https?:\/\/[^\s?#)"'<>]*)[?#][^\s)"'<>]*/gi, '$1')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  return line.length > MESSAGE_MAX ? `${line.slice(0, MESSAGE_MAX - 1)}…` : line;
}

const pending = new Map<string, Entry>();
/** What this page view already counted: `module@version` and `module@version#ErrorName`. */
const counted = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;

const entryOf = (module: string, version: string): Entry => {
  const key = `${module}@${version}`;
  let entry = pending.get(key);
  if (!entry) {
    entry = { module, version, loads: 0, failures: {} };
    pending.set(key, entry);
  }
  return entry;
};

/** An error's name as the server takes it (a class name; anything else: `Error`). */
export function errorNameOf(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && /^[A-Za-z_$][\w$.]{0,63}$/.test(name) ? name : 'Error';
}

/** A page view loaded (or tried to load) `module` at `version`. */
export function reportLoad(module: string, version: string): void {
  const key = `${module}@${version}`;
  if (counted.has(key)) return;
  counted.add(key);
  const entry = entryOf(module, version);
  entry.loads = Math.min(MAX_COUNT, entry.loads + 1);
  schedule();
}

/** `module` at `version` failed to load or threw while rendering. */
export function reportFailure(module: string, version: string, error: unknown): void {
  const name = errorNameOf(error);
  const key = `${module}@${version}#${name}`;
  if (counted.has(key)) return;
  counted.add(key);
  const entry = entryOf(module, version);
  if (Object.keys(entry.failures).length >= 8 && !(name in entry.failures)) return;
  entry.failures[name] = Math.min(MAX_COUNT, (entry.failures[name] ?? 0) + 1);
  entry.first_error ??= { name, message: errorMessageOf(error) };
  schedule();
}

function schedule(): void {
  timer ??= setTimeout(flushReports, REPORT_DELAY_MS);
}

/** Sends what is pending (nothing when there is nothing); `keepalive`, so it outlives a closing page. */
export function flushReports(): void {
  clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return;
  const reports = [...pending.values()].slice(0, 20);
  pending.clear();
  const { apiBase, reportToken } = getRuntimeConfig();
  if (!reportToken) return; // nobody known to the server: such reports would not count
  const base = apiBase.replace(/\/+$/, '');
  void fetch(new URL(`${base}/releases/reports`, location.href), {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: reportToken, reports }),
  }).catch(() => undefined); // a lost batch costs only counts
}

/** Sends what is pending when the page is hidden or closed. */
export function flushOnPageHide(): void {
  addEventListener('pagehide', flushReports);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushReports();
  });
}

/** Test hook: forget everything. */
export function resetReports(): void {
  clearTimeout(timer);
  timer = undefined;
  pending.clear();
  counted.clear();
}
