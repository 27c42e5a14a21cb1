/**
 * The live streams one server holds at most (docs/ORDERS.md, "Limits of the streams";
 * ORDER_STREAMS_* in the configuration), apart from the hub (live.ts) so that the configuration's
 * table reads its defaults without the hub's imports.
 */
export interface LiveLimits {
  /** A guest's streams of one order: past it the oldest is closed for the new one. */
  perOrder: number;
  /** Guests' streams from one address (IPv6: its /64): past it 429. */
  perAddress: number;
  /** Guests' streams in all: past it 503. */
  guests: number;
  /** Staff streams of one account: past it the oldest is closed for the new one. */
  perAccount: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = { perOrder: 3, perAddress: 100, guests: 5000, perAccount: 10 };
