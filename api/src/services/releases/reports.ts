/**
 * What the shells report of the releases (docs/OPERATIONS.md, "Failures"): per release, which
 * users loaded it and which saw it fail, by the error's name; nothing personal (a user is a hash
 * of the release and the subject its report token names). Held in memory and written every few
 * seconds (and at shutdown), where each user counts once per release (release-reports repository),
 * so the counters are distinct users: a failure counts the user as having loaded it too (failures
 * never above loads), and a thousand reports of one user are one user.
 *
 * Bounded: only the releases a module serves now are taken (the caller checked), at most
 * MAX_PENDING users a release between two writes, and per release and address at most
 * REPORTERS_PER_ADDRESS distinct signed-in users in `windowMs` (an address cannot stand for a
 * crowd; a big office behind one address counts its first users). The address counts are this
 * server's own.
 *
 * A signed-out user is whatever visitor id its browser sends, so an address can make up as many
 * users as it likes: its share of visitors is what bounds it. That share is a quarter of the
 * canary threshold's minimum of users (`reportersPerAddress`), so no address alone, nor three,
 * can switch a canary off with made-up failing users, nor hide a failing one as cheaply. A
 * signed-in user is an account an admin or a manager made: it cannot be made up, so accounts
 * behind one address (a restaurant's staff on its Wi-Fi) keep the office's share.
 */
import { RELEASE_LIMITS, type ReleaseReport } from '@qrmenu/shared/schemas';

export interface PendingCounts {
  releaseId: string;
  module: string;
  /** Reporter -> the error names it saw (empty: it loaded the release, nothing failed). */
  reporters: Map<string, Set<string>>;
  /** The first error reported since the last write (its name and cleaned message), if any. */
  firstError: { name: string; message: string } | null;
}

/**
 * An error's message as kept: one line, each address without its query string and fragment (a
 * token or a guest's key may ride there, as in the request logs), at most
 * RELEASE_LIMITS.errorMessage characters. A shell sends it so already; the server does not rely on it.
 */
export function cleanErrorMessage(message: string): string {
  const line = message
    .replace(/\b(https?:\/\/[^\s?#)"'<>]*)[?#][^\s)"'<>]*/gi, '$1')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  return line.length > RELEASE_LIMITS.errorMessage
    ? `${line.slice(0, RELEASE_LIMITS.errorMessage - 1)}…`
    : line;
}

export const OTHER_ERROR = 'Other';
/** Distinct users of one release one address may report for, per window, on one server. */
export const REPORTERS_PER_ADDRESS = 20;
export const REPORTERS_WINDOW_MS = 60 * 60 * 1000;
/** The addresses, at the fewest, whose users together reach the threshold's minimum. */
export const ADDRESSES_FOR_THRESHOLD = 4;

/**
 * Distinct users of a release one address may report for: a quarter of the threshold's minimum
 * of users (rounded up, at least 1), at most REPORTERS_PER_ADDRESS. At the default minimum of 20
 * an address speaks for 5 users.
 */
export const reportersPerAddress = (minLoads: number): number =>
  Math.max(1, Math.min(REPORTERS_PER_ADDRESS, Math.ceil(minLoads / ADDRESSES_FOR_THRESHOLD)));
/** Users of one release held between two writes (memory bound). */
const MAX_PENDING = 10_000;
/** (release, address) pairs remembered at most (memory bound: the oldest go first). */
const MAX_ADDRESS_KEYS = 10_000;

/** Adds `more` into `names`, keeping at most RELEASE_LIMITS.errorNames names (the rest: `Other`). */
export function mergeNames(
  names: Record<string, number>,
  more: Record<string, number>,
): Record<string, number> {
  const out = { ...names };
  for (const [name, n] of Object.entries(more)) {
    const key = name in out || Object.keys(out).length < RELEASE_LIMITS.errorNames ? name : OTHER_ERROR;
    out[key] = (out[key] ?? 0) + n;
  }
  return out;
}

export class ReportBuffer {
  private readonly pending = new Map<string, PendingCounts>();
  /** `release \0 address \0 v|u` (visitors or accounts) -> reporter -> until when it counts in its share. */
  private readonly byAddress = new Map<string, Map<string, number>>();

  /** `visitorsPerAddress`: signed-out visitors of a release one address may report for. */
  constructor(
    private readonly visitorsPerAddress = REPORTERS_PER_ADDRESS,
    private readonly windowMs = REPORTERS_WINDOW_MS,
  ) {}

  /**
   * Adds what `reporter` told of release `releaseId` (one the module serves now, named by its
   * report token: the caller checked), from `address`; `visitor`: the token names a signed-out
   * visitor, not an account. False when it was not taken (nothing to count, or past the
   * address's share).
   */
  add(
    releaseId: string,
    reporter: string,
    address: string,
    report: ReleaseReport,
    { visitor = true, at = Date.now() }: { visitor?: boolean; at?: number } = {},
  ): boolean {
    const names = Object.keys(report.failures);
    if (report.loads === 0 && names.length === 0) return false;
    const share = visitor ? this.visitorsPerAddress : REPORTERS_PER_ADDRESS;
    if (!this.admit(`${releaseId}\u0000${address}\u0000${visitor ? 'v' : 'u'}`, reporter, share, at))
      return false;
    const entry = this.pending.get(releaseId) ?? {
      releaseId,
      module: report.module,
      reporters: new Map(),
      firstError: null,
    };
    let seen = entry.reporters.get(reporter);
    if (!seen) {
      if (entry.reporters.size >= MAX_PENDING) return false;
      seen = new Set();
      entry.reporters.set(reporter, seen);
    }
    for (const name of names) if (seen.size < RELEASE_LIMITS.errorNames) seen.add(name);
    // the first error heard of the release (by a reporter counted here): why it failed
    if (!entry.firstError && report.first_error && names.includes(report.first_error.name)) {
      entry.firstError = {
        name: report.first_error.name,
        message: cleanErrorMessage(report.first_error.message),
      };
    }
    this.pending.set(releaseId, entry);
    return true;
  }

  /**
   * Whether the address may still speak for `reporter` about the release (`key`: the release, the
   * address and whether its users are visitors or accounts), at most `share` users counted.
   */
  private admit(key: string, reporter: string, share: number, at: number): boolean {
    const users = this.byAddress.get(key) ?? new Map<string, number>();
    for (const [r, until] of users) if (until <= at) users.delete(r);
    // re-inserted: the map's order is the order keys were last used in
    this.byAddress.delete(key);
    this.byAddress.set(key, users);
    for (const old of this.byAddress.keys()) {
      if (this.byAddress.size <= MAX_ADDRESS_KEYS) break;
      this.byAddress.delete(old);
    }
    if (users.has(reporter)) return true;
    if (users.size >= share) return false;
    users.set(reporter, at + this.windowMs);
    return true;
  }

  /** Everything added since the last take. */
  take(): PendingCounts[] {
    const out = [...this.pending.values()];
    this.pending.clear();
    return out;
  }
}
