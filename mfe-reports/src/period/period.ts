/**
 * The period a report shows, kept in the page's address so that a reload, a shared link and the
 * admin's move from the restaurants to one of them keep it: `?p=today|yesterday|week|month30`,
 * `?p=month&m=YYYY-MM`, or `?p=custom&from=&to=`; the section in `?s=`. Days are Tashkent's
 * (`tashkentDay`), counted by the calendar at noon UTC, so no time zone moves a day. A custom period
 * is checked here before anything is asked (a start after the end, more than REPORT_LIMITS.days).
 */
import { tashkentDay } from '@qrmenu/shared/query';
import { REPORT_KINDS, REPORT_LIMITS } from '@qrmenu/shared/resources';
import type { ReportKind } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';

export const PRESETS = ['today', 'yesterday', 'week', 'month30', 'month', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface PeriodChoice {
  preset: Preset;
  /** `YYYY-MM` of the month preset. */
  month: string;
  /** The custom period as typed. */
  from: string;
  to: string;
  section: ReportKind;
}

export type PeriodResult = { ok: true; from: string; to: string } | { ok: false; error: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + n);
  return at.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;

const isDay = (day: string) => DAY.test(day) && addDays(day, 0) === day;

/** The last day of a `YYYY-MM` month. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0, 12)).toISOString().slice(0, 10);
}

export function readChoice(search: string, today = tashkentDay()): PeriodChoice {
  const q = new URLSearchParams(search);
  const preset = (PRESETS as readonly string[]).includes(q.get('p') ?? '') ? (q.get('p') as Preset) : 'week';
  const month = MONTH.test(q.get('m') ?? '') ? (q.get('m') as string) : today.slice(0, 7);
  const section = (REPORT_KINDS as readonly string[]).includes(q.get('s') ?? '')
    ? (q.get('s') as ReportKind)
    : 'takings';
  return { preset, month, from: q.get('from') ?? '', to: q.get('to') ?? '', section };
}

export function writeChoice(c: PeriodChoice): string {
  const q = new URLSearchParams({ p: c.preset });
  if (c.preset === 'month') q.set('m', c.month);
  if (c.preset === 'custom') {
    q.set('from', c.from);
    q.set('to', c.to);
  }
  if (c.section !== 'takings') q.set('s', c.section);
  return `?${q.toString()}`;
}

/** The days a choice means, or why it means none (in Uzbek). */
export function periodOf(c: PeriodChoice, today = tashkentDay()): PeriodResult {
  switch (c.preset) {
    case 'today':
      return { ok: true, from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { ok: true, from: y, to: y };
    }
    case 'week':
      return { ok: true, from: addDays(today, -6), to: today };
    case 'month30':
      return { ok: true, from: addDays(today, -29), to: today };
    case 'month':
      return { ok: true, from: `${c.month}-01`, to: monthEnd(c.month) };
    case 'custom': {
      if (!isDay(c.from) || !isDay(c.to)) return { ok: false, error: t.reports.badDay };
      if (c.from > c.to) return { ok: false, error: t.reports.badRange };
      if (daysBetween(c.from, c.to) > REPORT_LIMITS.days)
        return { ok: false, error: t.reports.tooLong(REPORT_LIMITS.days) };
      return { ok: true, from: c.from, to: c.to };
    }
  }
}

/** The change from `previous` to `current` in whole percent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}
