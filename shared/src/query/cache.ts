/**
 * Writing a write's answer into the cached lists: every module's view of those lists shows the
 * server's new state at once, without refetching whole lists.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { CountedList } from '../api';
import { queryClient } from './client';

/**
 * In every cached `{items, count}` list under `prefix` (e.g. `queryKeys.products.managerAll()`:
 * each restaurant's), replaces the items that `changed` has (same `_id`) by the new ones. Other
 * items keep their identity (memoised rows do not re-render); a list holding none is left as it is.
 */
export function replaceInLists<T extends { _id: string }>(prefix: QueryKey, changed: readonly T[]): void {
  if (changed.length === 0) return;
  const byId = new Map(changed.map((item) => [item._id, item]));
  queryClient.setQueriesData<CountedList<T>>({ queryKey: prefix }, (list) => {
    if (!list || !Array.isArray(list.items)) return undefined;
    let replaced = false;
    const items = list.items.map((item) => {
      const next = byId.get(item._id);
      if (!next) return item;
      replaced = true;
      return next;
    });
    return replaced ? { ...list, items } : undefined;
  });
}
