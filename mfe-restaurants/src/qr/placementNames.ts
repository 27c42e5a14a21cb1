/**
 * What a manager types to name placements: one name ("Eshik"), several separated by commas
 * ("Eshik, Instagram"), or a range ("Stol 1-20": Stol 1 ... Stol 20).
 */
import { PLACEMENT_LIMITS, PLACEMENT_PARAM } from '@qrmenu/shared/schemas';

export type NamesResult = { ok: true; names: string[] } | { ok: false; error: 'range' | 'tooMany' | 'empty' };

const RANGE = /^(.*?)(\d+)\s*[-–—]\s*(\d+)$/;

export function expandPlacementNames(text: string): NamesResult {
  const names: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim().replace(/\s+/g, ' ');
    if (!item) continue;
    const range = RANGE.exec(item);
    if (!range) {
      names.push(item);
      continue;
    }
    const prefix = range[1] ?? '';
    const from = Number(range[2]);
    const to = Number(range[3]);
    if (to < from) return { ok: false, error: 'range' };
    if (to - from + 1 > PLACEMENT_LIMITS.perRequest) return { ok: false, error: 'tooMany' };
    for (let n = from; n <= to; n++) names.push(`${prefix}${n}`);
  }
  if (names.length === 0) return { ok: false, error: 'empty' };
  if (names.length > PLACEMENT_LIMITS.perRequest) return { ok: false, error: 'tooMany' };
  if (names.some((n) => n.length > PLACEMENT_LIMITS.name)) return { ok: false, error: 'range' };
  return { ok: true, names: [...new Set(names)] };
}

/** A placement's code: the menu's address with the placement (`?p=<id>`). */
export function placementUrl(menuUrl: string, placementId: string): string {
  return `${menuUrl}?${PLACEMENT_PARAM}=${encodeURIComponent(placementId)}`;
}

/**
 * A table's code in the restaurant's Telegram bot: its direct Mini App link,
 * `https://t.me/<bot>?startapp=<id>` (core.telegram.org/api/links, "Direct mini app links": the
 * parameter is A-Z a-z 0-9 _ - and at most 512 characters; a placement's id, 24 hex digits or 18
 * and 22 base64url, always is). Null for an id that is not one.
 */
export function telegramTableUrl(bot: string, placementId: string): string | null {
  return /^[\w-]{1,512}$/.test(placementId) ? `https://t.me/${bot}?startapp=${placementId}` : null;
}
