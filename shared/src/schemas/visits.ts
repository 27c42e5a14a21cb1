/**
 * Placements (where a restaurant put a QR code: "Stol 1", "Eshik", "Instagram") and the guests'
 * visit counts (docs/PRODUCT.md, "Visits"). A code of a placement opens `/m/<slug>?p=<placement id>`; a code
 * without one (every code printed before placements existed) counts as "QR kod".
 */
import { z } from 'zod';
import { id, requiredText } from './fields';

/** The query parameter a placement's code carries. */
export const PLACEMENT_PARAM = 'p';
/**
 * The query parameter the bot's menu button's address carries (`/m/<slug>?tg=1`): the page was
 * opened as the restaurant's Telegram Mini App (docs/TELEGRAM.md, "The menu inside Telegram").
 */
export const MINI_APP_PARAM = 'tg';
/** Most placements one request creates ("Stol 1-20" is 20) and a restaurant may have. */
export const PLACEMENT_LIMITS = { perRequest: 100, perRestaurant: 300, name: 60 } as const;
/** Days the stats answer covers, today included. */
export const VISIT_DAYS = 30;

export const placement = z.object({
  _id: z.string(),
  restaurant_id: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type Placement = z.infer<typeof placement>;

export const placementName = requiredText(PLACEMENT_LIMITS.name);
export const placementCreateBody = z.strictObject({
  restaurant_id: id,
  /** One name, or a range expanded by the client ("Stol 1-20": Stol 1 ... Stol 20). */
  names: z.array(placementName).min(1).max(PLACEMENT_LIMITS.perRequest),
});
export type PlacementCreateBody = z.infer<typeof placementCreateBody>;
export const placementUpdateBody = z.strictObject({ name: placementName });
export type PlacementUpdateBody = z.infer<typeof placementUpdateBody>;

/** `YYYY-MM-DD`, the restaurant's day (Tashkent time, UTC+5). */
export const visitDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const visitCount = z.object({ visits: z.number().int(), unique: z.number().int() });
export type VisitCount = z.infer<typeof visitCount>;

export const visitStats = z.object({
  /** The last VISIT_DAYS days, oldest first, days without visits as zeros. */
  days: z.array(visitCount.extend({ day: visitDay })),
  /** Unique visitors of 7 and 30 days are sums of each day's (a guest back tomorrow counts again). */
  totals: z.object({ today: visitCount, week: visitCount, month: visitCount }),
  /** Visits of the 30 days by placement, most first; `placement_id` null: a code without one ("QR kod"). */
  placements: z.array(
    z.object({ placement_id: z.string().nullable(), name: z.string().nullable(), visits: z.number().int() }),
  ),
  /** Visits of the 30 days by the page's language, most first. */
  languages: z.array(z.object({ language: z.string(), visits: z.number().int() })),
});
export type VisitStats = z.infer<typeof visitStats>;

export const visitAnswers = {
  placements: z.object({ data: z.array(placement) }),
  placementsCreated: z.object({ data: z.array(placement) }),
  placement: z.object({ data: placement }),
  visitStats: z.object({ data: visitStats }),
} as const;
