/**
 * A visit's day: the calendar day in Tashkent (UTC+5 all year, no daylight saving), where the
 * restaurants are, so "today" turns at their midnight and not at 05:00.
 */
const OFFSET_MS = 5 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export function dayOf(at: number = Date.now()): string {
  return new Date(at + OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `n` days (negative: back). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** When the day after the one of `at` begins (a timestamp). */
export function nextDayStart(at: number): number {
  return (Math.floor((at + OFFSET_MS) / DAY_MS) + 1) * DAY_MS - OFFSET_MS;
}
