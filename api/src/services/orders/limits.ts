/**
 * How often a guest may order or call (docs/ORDERS.md, "Limits"), per minute:
 * - per address (IPv6 by its /64, `addressKey`: a subscriber's hosts are one address, else
 *   one guest alone could fill the per-restaurant limit), in this process's memory: a bounded
 *   map (at most `addresses` addresses, the least recently seen forgotten first), so a flood
 *   of addresses costs a fixed amount of memory.
 *   Behind a balancer each server counts its own share (the per-table limit is the shared one);
 *   a restaurant's Wi-Fi puts many guests behind one address, hence the generous default;
 * - per table, counted in the database (the orders and calls a table made in the window), so it
 *   holds whichever server a request reaches;
 * - per restaurant, the orders of all its tables together, counted in the database as well
 *   (ORDER_RATE_LIMIT_PER_RESTAURANT): a few tables' worth of spam cannot grow without end the
 *   work of the kitchen and of its Telegram chat, which takes 20 messages a minute (docs/TELEGRAM.md).
 *   Its default (120 a minute, 2 a second: the orders benchmark's Friday evening) is four times
 *   what one address may send, so one guest alone cannot fill it.
 * - lookups of tables that do not exist, per address (its key as the failed-login limit and the
 *   visit counter take it: IPv6 by its /64), in this process's memory like the orders' count:
 *   table codes are not to be guessed (`newCodeId`: 128 random bits), and whoever tries is
 *   refused every table once past `tableMissesPerAddress` misses in `tableMissWindowMs`.
 * A refusal is 429 `rate_limited` with `Retry-After`: the seconds until the oldest counted
 * request leaves the window.
 */
import { limitReached } from '../../domain/errors';

export interface OrderRateLimits {
  windowMs: number;
  ordersPerAddress: number;
  ordersPerTable: number;
  /** All the restaurant's tables together. */
  ordersPerRestaurant: number;
  callsPerAddress: number;
  callsPerTable: number;
  /** Addresses remembered at most (memory bound of the per-address count). */
  addresses: number;
  /**
   * Lookups of a table that does not exist one address may make per `tableMissWindowMs` (a guess
   * at table codes); past it every table lookup from there is 429 until the oldest miss ages out.
   */
  tableMissesPerAddress: number;
  tableMissWindowMs: number;
}

export const DEFAULT_ORDER_RATE_LIMITS: OrderRateLimits = {
  windowMs: 60_000,
  ordersPerAddress: 30,
  ordersPerTable: 10,
  ordersPerRestaurant: 120,
  callsPerAddress: 30,
  callsPerTable: 6,
  addresses: 10_000,
  tableMissesPerAddress: 30,
  tableMissWindowMs: 10 * 60_000,
};

const retryAfter = (oldest: number, windowMs: number, at: number) =>
  Math.max(1, Math.ceil((oldest + windowMs - at) / 1000));

/** Requests per key in a sliding window, in memory, for at most `maxKeys` keys. */
export class AddressWindow {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Counts a request of `key` allowed `max` a window; throws 429 when it is past that. */
  take(key: string, max: number, what: string, at = Date.now()): void {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > at - this.windowMs);
    if (recent.length >= max) {
      this.remember(key, recent);
      throw limitReached(
        `Too many ${what} from this address`,
        retryAfter(recent[0] as number, this.windowMs, at),
      );
    }
    recent.push(at);
    this.remember(key, recent);
  }

  /** Throws 429 when `key` has `max` requests in the window already; counts nothing. */
  refuseIfPast(key: string, max: number, what: string, at = Date.now()): void {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > at - this.windowMs);
    if (recent.length >= max) {
      throw limitReached(
        `Too many ${what} from this address`,
        retryAfter(recent[0] as number, this.windowMs, at),
      );
    }
  }

  get size(): number {
    return this.hits.size;
  }

  private remember(key: string, recent: number[]): void {
    // re-inserted: the map's order is the order keys were last seen in
    this.hits.delete(key);
    this.hits.set(key, recent);
    while (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next().value as string;
      this.hits.delete(oldest);
    }
  }
}

/**
 * The per-table (or, `whose` saying so, per-restaurant) check over what the database counted:
 * `recent` are the newest request times in the window (ISO, newest first, at most `max`).
 */
export function checkTable(
  recent: readonly string[],
  max: number,
  windowMs: number,
  what: string,
  whose = 'from this table',
): void {
  if (recent.length < max) return;
  const oldest = Date.parse(recent[max - 1] as string);
  throw limitReached(`Too many ${what} ${whose}`, retryAfter(oldest, windowMs, Date.now()));
}

/** The start of the window ending now, as the timestamp columns store it. */
export const windowStart = (windowMs: number) => new Date(Date.now() - windowMs).toISOString();
