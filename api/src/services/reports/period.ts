/**
 * A report's period: Tashkent days `from`..`to`, both included, at most REPORT_LIMITS.days long,
 * and the period a step earlier (the same number of days, ending the day before `from`) that the
 * figures are compared with. A start after the end, a day that is no calendar day or a period
 * too long answer 400 with the field at fault.
 */
import { REPORT_LIMITS } from '@qrmenu/shared/schemas';
import { invalid } from '../../domain/errors';
import { addDays, DAY_MS } from '../../visits/day';

export interface Span {
  from: string;
  to: string;
  days: number;
}

export interface Periods {
  period: Span;
  previous: Span;
}

const isCalendarDay = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().startsWith(day);
};

export function periodsOf(from: string, to: string): Periods {
  for (const [path, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isCalendarDay(day)) throw invalid(`${path} is not a day`, [{ path, message: 'Not a calendar day' }]);
  }
  if (from > to) {
    throw invalid('The period starts after it ends', [{ path: 'from', message: 'After to' }]);
  }
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > REPORT_LIMITS.days) {
    throw invalid(`A period is at most ${REPORT_LIMITS.days} days`, [
      { path: 'to', message: `At most ${REPORT_LIMITS.days} days after from` },
    ]);
  }
  return {
    period: { from, to, days },
    previous: { from: addDays(from, -days), to: addDays(from, -1), days },
  };
}

/** Every day of a span, oldest first. */
export function daysOf(span: Span): string[] {
  return Array.from({ length: span.days }, (_, i) => addDays(span.from, i));
}

export const inSpan = (span: Span, day: string) => day >= span.from && day <= span.to;
