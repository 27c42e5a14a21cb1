/**
 * Dishes named loosely in the kitchen's chat (docs/TELEGRAM.md, "The stop-list"): case and the
 * Uzbek apostrophe's forms (o' oʻ o‘ o’) do not matter (`searchKey`, the back office's search
 * rule), nor one typo (a letter missing, added, changed or two swapped). The best kind of match
 * wins: the whole name, then a name that begins with the words, then one that contains them,
 * then one typo away.
 */
import { searchKey } from '@qrmenu/shared/texts';

/** Optimal string alignment distance, stopped early past `max` (names are short). */
export function typoDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = v;
    }
  }
  return d[a.length]?.[b.length] ?? max + 1;
}

/** The items whose name matches `query` best (none: nothing near it). */
export function matchNames<T extends { name: string }>(items: readonly T[], query: string): T[] {
  const q = searchKey(query);
  if (!q) return [];
  const keyed = items.map((item) => ({ item, key: searchKey(item.name) }));
  const tiers: ((key: string) => boolean)[] = [
    (key) => key === q,
    (key) => key.startsWith(q),
    (key) => key.includes(q),
    (key) => typoDistance(key, q) <= 1 || key.split(' ').some((word) => typoDistance(word, q) <= 1),
  ];
  for (const tier of tiers) {
    const found = keyed.filter(({ key }) => tier(key)).map(({ item }) => item);
    if (found.length > 0) return found;
  }
  return [];
}
