/**
 * A long period's days in weeks for a chart: up to 62 days a bar a day, beyond that a bar per
 * seven days from the period's first (the last one may be shorter); a bucket's label is its first day.
 */
import { shortDay } from './scale';

export const DAYS_PER_BAR_LIMIT = 62;

export interface Bucket<T> {
  key: string;
  label: string;
  /** "10.03" or "10.03 – 16.03" */
  span: string;
  days: T[];
}

export function buckets<T extends { day: string }>(days: readonly T[]): Bucket<T>[] {
  const size = days.length > DAYS_PER_BAR_LIMIT ? 7 : 1;
  const out: Bucket<T>[] = [];
  for (let i = 0; i < days.length; i += size) {
    const part = days.slice(i, i + size);
    const first = part[0] as T;
    const last = part[part.length - 1] as T;
    out.push({
      key: first.day,
      label: shortDay(first.day),
      span: part.length === 1 ? shortDay(first.day) : `${shortDay(first.day)} – ${shortDay(last.day)}`,
      days: part,
    });
  }
  return out;
}

export const sumOf = <T>(items: readonly T[], value: (item: T) => number) =>
  items.reduce((s, item) => s + value(item), 0);
