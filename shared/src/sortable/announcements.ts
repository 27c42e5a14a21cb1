/**
 * What a screen reader hears while an item is dragged (dnd-kit's `announcements`), in Uzbek,
 * with 1-based places ("3-o'rin") in the whole list (`offset`: items on earlier pages).
 */
import type { Active, Announcements, Over } from '@dnd-kit/core';
import { t } from '../texts';

interface SortableData {
  sortable?: { index: number };
}

const indexOf = (node: Active | Over | null): number | undefined =>
  (node?.data.current as SortableData | undefined)?.sortable?.index;

export function uzbekAnnouncements(
  labelOf: (id: string) => string,
  count: () => number,
  offset: () => number = () => 0,
): Announcements {
  const name = (active: Active) => labelOf(String(active.id));
  const place = (node: Active | Over | null) => (indexOf(node) ?? 0) + offset() + 1;
  // dnd-kit reports the item over its own place right after the pick: that would replace
  // "ko'tarildi" before a screen reader reads it
  let justPicked = false;
  return {
    onDragStart: ({ active }) => {
      justPicked = true;
      return t.sortable.picked(name(active), place(active), count());
    },
    onDragOver: ({ active, over }) => {
      if (justPicked) {
        justPicked = false;
        if (over?.id === active.id) return undefined;
      }
      return over ? t.sortable.over(name(active), place(over), count()) : t.sortable.outside(name(active));
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t.sortable.dropped(name(active), place(over), count())
        : t.sortable.cancelled(name(active), place(active)),
    onDragCancel: ({ active }) => t.sortable.cancelled(name(active), place(active)),
  };
}
