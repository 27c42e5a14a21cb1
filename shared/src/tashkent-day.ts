/**
 * The restaurant's day: Tashkent's calendar day (UTC+5 all year, no daylight saving), where an
 * order's number and day, the visits and the statements are counted. A day cut from an ISO time
 * (`toISOString().slice(0, 10)`) is UTC's and differs from it from 19:00 to 24:00 UTC.
 */
const TASHKENT_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tashkent',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day (YYYY-MM-DD) in Tashkent of a time (now by default). */
export function tashkentDay(at: Date | number | string = Date.now()): string {
  return TASHKENT_DAY.format(typeof at === 'string' ? Date.parse(at) : at);
}
