/**
 * Whether a product is on the guests' menu (`is_active`), the one rule for every writer: the
 * importer, the POS's stop-list and the manager's stop-list. A product is on the menu unless the
 * POS holds it off (hidden in the POS's menu, or on the POS's stop-list) or its manager stopped
 * it; the manager's stop is kept over POS syncs until the manager resumes it, and a resume lifts
 * only the manager's stop. (A manager's edit of `is_active` sets it directly.)
 */
import type { PosProduct } from '../../integration/pos/types';

export interface AvailabilityFlags {
  /** 1: the POS's menu hides it (iiko: not included in the menu; Poster: hidden at the spot). */
  pos_hidden: number;
  /** 1: on the POS's stop-list. */
  pos_stopped: number;
  /** 1: the manager stopped it (the stop-list screen). */
  stopped_by_manager: number;
}

/** The POS keeps the product off the menu. */
export const heldOffByPos = (f: Pick<AvailabilityFlags, 'pos_hidden' | 'pos_stopped'>): boolean =>
  f.pos_hidden === 1 || f.pos_stopped === 1;

/** `is_active` from the flags. */
export const activeFrom = (f: AvailabilityFlags): 0 | 1 =>
  heldOffByPos(f) || f.stopped_by_manager === 1 ? 0 : 1;

/**
 * What a POS product's own state makes of its flags and `is_active` (undefined for the JSON
 * feed, which says nothing about availability), the manager's stop kept.
 */
export function posAvailability(
  p: object | PosProduct,
  stoppedByManager = 0,
): (Pick<AvailabilityFlags, 'pos_hidden' | 'pos_stopped'> & { is_active: 0 | 1 }) | undefined {
  if (!('available' in p)) return undefined;
  const flags = { pos_hidden: p.available ? 0 : 1, pos_stopped: p.stopped ? 1 : 0 };
  return { ...flags, is_active: activeFrom({ ...flags, stopped_by_manager: stoppedByManager }) };
}
