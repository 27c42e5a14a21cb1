/**
 * What a POS mapping leaves out of the menu, and why, told once per mapping run: a product of a
 * type the mapping does not know, a product outside every menu category, ... A POS's enums are
 * compared without case (`enumKey`): the providers' documentation and their live answers do not
 * always agree on it (iiko documents `dish`, answers `Dish`). Nothing is dropped silently: a
 * preview or an import that leaves products out says so in the log, with counts and examples.
 */
import type { PosLogger } from './http';

/** A POS enum value as the mappings compare it: trimmed, lower case; absent = ''. */
export const enumKey = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value).trim().toLowerCase();

/** Examples kept per reason (enough to find them in the POS, few enough for a log line). */
const SAMPLES = 5;

export class SkipReport {
  private readonly reasons = new Map<string, { count: number; samples: string[] }>();

  /** One item left out for `reason` (`sample`: how to find it in the POS, e.g. its name or id). */
  add(reason: string, sample: string): void {
    const entry = this.reasons.get(reason) ?? { count: 0, samples: [] };
    entry.count++;
    if (entry.samples.length < SAMPLES) entry.samples.push(sample);
    this.reasons.set(reason, entry);
  }

  /** One warning per reason (`message`: what was left out of what); nothing when nothing was. */
  log(
    log: PosLogger | undefined,
    context: Record<string, unknown>,
    message = 'POS mapping left items out of the menu',
  ): void {
    for (const [reason, { count, samples }] of this.reasons)
      log?.warn({ ...context, reason, count, samples }, message);
  }
}
