/** The stats answer of a restaurant: built from the repositories' sums and today's sketch. */
import { VISIT_DAYS, type VisitCount, type VisitStats } from '@qrmenu/shared/schemas';
import type { Repositories } from '../repos';
import { addDays, dayOf } from './day';
import { Sketch } from './sketch';

/** Views and unique visitors by day: the folded days' counts, the open days' sketches estimated. */
async function dailyCounts(
  repos: Repositories,
  restaurantId: string,
  from: string,
): Promise<Map<string, { visits: number; unique: number }>> {
  const { views, uniques, open } = await repos.visits.daily(restaurantId, from);
  const out = new Map<string, { visits: number; unique: number }>();
  const of = (day: string) => {
    let c = out.get(day);
    if (!c) {
      c = { visits: 0, unique: 0 };
      out.set(day, c);
    }
    return c;
  };
  for (const r of views) of(r.day).visits += r.visits;
  for (const r of uniques) of(r.day).unique += r.unique;
  for (const r of open) of(r.day).unique += Sketch.decode(r.registers).estimate();
  return out;
}

const byVisits = <T extends { visits: number }>(a: T, b: T) => b.visits - a.visits;

/**
 * The visits of the restaurant's Telegram Mini App (the bot's menu button opens `?tg=1`,
 * docs/TELEGRAM.md, "The menu inside Telegram"), kept as a placement of their own: no placement's
 * id is this word, and the stats name it «Telegram».
 */
export const TELEGRAM_SOURCE = 'telegram';

export async function visitStats(
  repos: Repositories,
  restaurantId: string,
  at = Date.now(),
): Promise<VisitStats> {
  const today = dayOf(at);
  const from = addDays(today, -(VISIT_DAYS - 1));
  const [daily, placements, languages] = await Promise.all([
    dailyCounts(repos, restaurantId, from),
    repos.visits.byPlacement(restaurantId, from),
    repos.visits.byLanguage(restaurantId, from),
  ]);
  const days: VisitStats['days'] = [];
  for (let i = 0; i < VISIT_DAYS; i++) {
    const day = addDays(from, i);
    const c = daily.get(day);
    days.push({ day, visits: c?.visits ?? 0, unique: c?.unique ?? 0 });
  }
  const sum = (last: number): VisitCount =>
    days.slice(-last).reduce((s, d) => ({ visits: s.visits + d.visits, unique: s.unique + d.unique }), {
      visits: 0,
      unique: 0,
    });
  return {
    days,
    totals: { today: sum(1), week: sum(7), month: sum(VISIT_DAYS) },
    placements: placements
      .map((p) => ({
        placement_id: p.placement_id || null,
        name: p.placement_id === TELEGRAM_SOURCE ? 'Telegram' : (p.name ?? null),
        visits: Number(p.visits),
      }))
      .sort(byVisits),
    languages: languages.map((l) => ({ language: l.language, visits: Number(l.visits) })).sort(byVisits),
  };
}

/** Every day with visits, oldest first, as CSV (`day,visits,unique`). */
export async function visitsCsv(repos: Repositories, restaurantId: string): Promise<string> {
  const daily = await dailyCounts(repos, restaurantId, '0000-00-00');
  const lines = ['day,visits,unique'];
  for (const day of [...daily.keys()].sort()) {
    const c = daily.get(day)!;
    lines.push(`${day},${c.visits},${c.unique}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The admin list's "30 kun": the first day of the 30 days. */
export const monthStart = (at = Date.now()) => addDays(dayOf(at), -(VISIT_DAYS - 1));
