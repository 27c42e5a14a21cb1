/** The period model: presets as Tashkent days (a clock past UTC's midnight set), the address, the checks. */
import { tashkentDay } from '@qrmenu/shared/query';
import { describe, expect, it, vi } from 'vitest';
import { addDays, daysBetween, percentChange, periodOf, readChoice, writeChoice } from '../src/period/period';

describe('the period', () => {
  it("takes today as Tashkent's: at 00:30 there (19:30 UTC) «Bugun» is already the next day", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T19:30:00Z'));
    const today = tashkentDay();
    expect(today).toBe('2026-03-11');
    const at = (p: string) => periodOf(readChoice(`?p=${p}`, today), today);
    expect(at('today')).toEqual({ ok: true, from: '2026-03-11', to: '2026-03-11' });
    expect(at('yesterday')).toEqual({ ok: true, from: '2026-03-10', to: '2026-03-10' });
    expect(at('week')).toEqual({ ok: true, from: '2026-03-05', to: '2026-03-11' });
    expect(at('month30')).toEqual({ ok: true, from: '2026-02-10', to: '2026-03-11' });
    expect(at('month')).toEqual({ ok: true, from: '2026-03-01', to: '2026-03-31' });
    // the default is the last seven days
    expect(periodOf(readChoice('', today), today)).toEqual(at('week'));
  });

  it('a month: February of a leap year, and of another', () => {
    expect(periodOf(readChoice('?p=month&m=2024-02', '2026-03-11'))).toMatchObject({ to: '2024-02-29' });
    expect(periodOf(readChoice('?p=month&m=2026-02', '2026-03-11'))).toMatchObject({ to: '2026-02-28' });
  });

  it('another period: a start after the end, a day that is none, more than 366 days: said, not asked', () => {
    const custom = (from: string, to: string) =>
      periodOf(readChoice(`?p=custom&from=${from}&to=${to}`, '2026-03-11'));
    expect(custom('2026-03-01', '2026-03-07')).toEqual({ ok: true, from: '2026-03-01', to: '2026-03-07' });
    expect(custom('2026-03-08', '2026-03-07')).toEqual({
      ok: false,
      error: "Boshlanish sanasi oxiridan keyin bo'lmasin",
    });
    expect(custom('2026-02-30', '2026-03-07')).toEqual({ ok: false, error: 'Sanani tanlang' });
    expect(custom('', '2026-03-07')).toEqual({ ok: false, error: 'Sanani tanlang' });
    expect(custom('2025-03-01', '2026-03-02')).toEqual({ ok: false, error: 'Davr 366 kundan oshmasin' });
    expect(custom('2024-01-01', '2024-12-31').ok).toBe(true);
  });

  it('the address keeps the choice and the section', () => {
    const c = readChoice('?p=custom&from=2026-03-01&to=2026-03-07&s=dishes', '2026-03-11');
    expect(c).toMatchObject({ preset: 'custom', from: '2026-03-01', to: '2026-03-07', section: 'dishes' });
    expect(readChoice(writeChoice(c), '2026-03-11')).toEqual(c);
    expect(readChoice('?p=nonsense&s=nonsense', '2026-03-11')).toMatchObject({
      preset: 'week',
      section: 'takings',
    });
  });

  it('days and changes', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-01', '2026-03-07')).toBe(7);
    expect(percentChange(112, 100)).toBe(12);
    expect(percentChange(95, 100)).toBe(-5);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
  });
});
