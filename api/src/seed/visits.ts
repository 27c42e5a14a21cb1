/**
 * The showcase restaurant's first two weeks of guests, so the manager's chart («Menyuni
 * ko'rishlar») and the admin's «30 kun» have something to show: views by day, QR placement and
 * language, and unique visitors, made up but shaped like a real week (more on the weekend, a
 * little more each week, today only begun). Written through the visits' repository as the
 * visit counter writes its batches (`addViews`, a day's visitors in its sketch: `putSketch`),
 * then the past days folded as the counter folds them (`foldDays`): the stored rows are the
 * ones real visits leave.
 */
import { createHash } from 'node:crypto';
import type { Repositories } from '../repos';
import { addDays, dayOf } from '../visits/day';
import { Sketch } from '../visits/sketch';

/** How many days back the demo's visits go (today included). */
export const DEMO_VISIT_DAYS = 14;

/** Share of the views per QR placement ('' is a code without one, «QR kod»). */
function placementShares(placementIds: ReadonlyMap<string, string>): [string, number][] {
  const shares: [string, number][] = [['', 0.08]];
  // the tables share 55 %, the first ones (by the window) a little more than the last
  const tables = [...placementIds.entries()].filter(([name]) => name.startsWith('Stol '));
  const weights = tables.map((_, i) => tables.length - i / 2);
  const sum = weights.reduce((a, b) => a + b, 0);
  tables.forEach(([, id], i) => {
    shares.push([id, (0.55 * (weights[i] as number)) / sum]);
  });
  const other: Record<string, number> = { Eshik: 0.15, Instagram: 0.22 };
  for (const [name, id] of placementIds) if (other[name]) shares.push([id, other[name]]);
  return shares;
}

const LANGUAGE_SHARES: [string, number][] = [
  ['uz', 0.55],
  ['ru', 0.35],
  ['en', 0.1],
];

/** A guest's page views on a day: more on Friday and the weekend, growing week by week. */
function viewsOn(day: string, daysAgo: number): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday ... 6 Saturday
  const week = weekday === 0 || weekday === 6 ? 1.45 : weekday === 5 ? 1.2 : 1;
  const wobble = 0.9 + ((daysAgo * 37) % 21) / 100; // fixed, so two demos draw the same curve
  const full = Math.round((70 + (DEMO_VISIT_DAYS - daysAgo) * 3) * week * wobble);
  return daysAgo === 0 ? Math.round(full * 0.45) : full;
}

/** A visitor's hash as the counter adds it to a sketch (its salt and inputs are the demo's own). */
const visitorHash = (restaurantId: string, day: string, n: number) =>
  createHash('sha256').update(`demo\u0000${restaurantId}\u0000${day}\u0000${n}`).digest();

/**
 * Writes the demo's visits of the last DEMO_VISIT_DAYS days (`placementIds`: name -> id of the
 * restaurant's placements). Answers the number of views written.
 */
export async function writeDemoVisits(
  repos: Repositories,
  restaurantId: string,
  placementIds: ReadonlyMap<string, string>,
  at = Date.now(),
): Promise<number> {
  const today = dayOf(at);
  const shares = placementShares(placementIds);
  const views: {
    restaurant_id: string;
    day: string;
    placement_id: string;
    language: string;
    views: number;
  }[] = [];
  const sketches: { day: string; sketch: Sketch }[] = [];
  let total = 0;
  for (let daysAgo = DEMO_VISIT_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const day = addDays(today, -daysAgo);
    const dayViews = viewsOn(day, daysAgo);
    for (const [placement_id, share] of shares) {
      for (const [language, languageShare] of LANGUAGE_SHARES) {
        const n = Math.round(dayViews * share * languageShare);
        if (n > 0) views.push({ restaurant_id: restaurantId, day, placement_id, language, views: n });
        total += n;
      }
    }
    // about two in three views are a guest's first of the day
    const uniques = Math.round(dayViews * 0.68);
    const sketch = new Sketch();
    for (let i = 0; i < uniques; i++) sketch.addHash(visitorHash(restaurantId, day, i));
    sketches.push({ day, sketch });
  }
  await repos.transaction(async (trx) => {
    await trx.visits.addViews(views);
    for (const { day, sketch } of sketches) await trx.visits.putSketch(restaurantId, day, sketch.encode());
  });
  await repos.visits.foldDays(today, (registers) => Sketch.decode(registers).estimate());
  return total;
}
