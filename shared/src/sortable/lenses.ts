/**
 * How a move finds and rewrites a list inside cached data: the cache holds `T[]` (options, rows),
 * `{items, count}` (categories, a restaurant's products), or a larger list of which the moved
 * list is a part (a category's products inside the restaurant's list).
 */
import type { CountedList } from '../api';

export interface ListLens<D, T> {
  /** The list a move reorders, or undefined when the data does not hold it. */
  read(data: D): readonly T[] | undefined;
  /** The data with that list replaced by `items` (new objects only where something changed). */
  write(data: D, items: readonly T[]): D;
}

interface Identified {
  _id: string;
}

/** Cached data that is the list itself. */
export function plainList<T>(): ListLens<readonly T[], T> {
  return { read: (data) => data, write: (_data, items) => [...items] };
}

/** Cached `{items, count}`. */
export function countedList<T>(): ListLens<CountedList<T>, T> {
  return {
    read: (data) => data.items,
    write: (data, items) => ({ ...data, items: [...items], count: items.length }),
  };
}

/**
 * The items `pick` selects within a larger list (a category's products in the restaurant's list,
 * contiguous because the server sorts that list by category, then product): a new order of those
 * items takes their places, the others stay where they are. A new order holding other items
 * (one that moved in from elsewhere) replaces the picked ones where the first of them was.
 */
export function subList<D, T extends Identified>(
  outer: ListLens<D, T>,
  pick: (item: T) => boolean,
): ListLens<D, T> {
  return {
    read: (data) => outer.read(data)?.filter(pick),
    write: (data, items) => {
      const all = outer.read(data) ?? [];
      const slots = all.flatMap((item, i) => (pick(item) ? [i] : []));
      const sameIds =
        slots.length === items.length && slots.every((slot) => items.some((n) => n._id === all[slot]?._id));
      if (sameIds) {
        const next = [...all];
        slots.forEach((slot, k) => {
          next[slot] = items[k] as T;
        });
        return outer.write(data, next);
      }
      const incoming = new Set(items.map((n) => n._id));
      const stays = (item: T) => !pick(item) && !incoming.has(item._id);
      const rest = all.filter(stays);
      const firstPicked = all.findIndex(pick);
      const at = firstPicked < 0 ? rest.length : all.slice(0, firstPicked).filter(stays).length;
      return outer.write(data, [...rest.slice(0, at), ...items, ...rest.slice(at)]);
    },
  };
}

/** `items` with the one at `from` moved to `to` (clamped to the list), as the server does it. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(to, next.length - 1));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}
