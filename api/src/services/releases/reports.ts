/**
 * What the shells report of the releases (loads, failures by error name; nothing personal),
 * added up in memory and written every few seconds (and at shutdown) as additions to each
 * release's counters. Bounded: only the releases a module currently serves (stable or canary)
 * are kept, so the buffer holds at most two entries a module, each with at most
 * RELEASE_LIMITS.errorNames names (more fold into `Other`).
 */
import { RELEASE_LIMITS, type ReleaseReport } from '@qrmenu/shared/schemas';

export interface PendingCounts {
  releaseId: string;
  module: string;
  loads: number;
  failures: number;
  names: Record<string, number>;
}

export const OTHER_ERROR = 'Other';

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

  /** Adds a report about release `releaseId` (one the module serves now: the caller checked). */
  add(releaseId: string, report: ReleaseReport): void {
    const failures = Object.values(report.failures).reduce((a, b) => a + b, 0);
    if (report.loads === 0 && failures === 0) return;
    const entry = this.pending.get(releaseId) ?? {
      releaseId,
      module: report.module,
      loads: 0,
      failures: 0,
      names: {},
    };
    entry.loads += report.loads;
    entry.failures += failures;
    entry.names = mergeNames(entry.names, report.failures);
    this.pending.set(releaseId, entry);
  }

  /** Everything added since the last take. */
  take(): PendingCounts[] {
    const out = [...this.pending.values()];
    this.pending.clear();
    return out;
  }
}
