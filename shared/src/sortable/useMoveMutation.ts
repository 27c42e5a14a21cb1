/**
 * One move of an item in a cached list: the screen shows the new order at once (optimistic), the
 * one call goes to the server, its answer (the list in the server's order) replaces the guess;
 * a failure puts the list back as it was and says so in an Uzbek toast.
 *
 *   const move = useMoveMutation({
 *     queryKey: queryKeys.categories.manager(restaurantId),
 *     lens: countedList<Category>(),
 *     run: ({ id, position }) => api.categories.move(id, position),
 *   });
 *   <SortableList items={list.items} onMove={move.move} ... />
 */
import type { MutationOptions, QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { queryClient } from '../query';
import { t } from '../texts';
import { notify } from '../ui';
import { type ListLens, moveItem } from './lenses';

export interface MoveVariables {
  id: string;
  /** The item's 0-based index after the move. */
  position: number;
}

export interface MoveMutationOptions<D, T extends { _id: string }> {
  /** The cached list the move reorders on screen (undefined while its ids are unknown). */
  queryKey: QueryKey | undefined;
  lens: ListLens<D, T>;
  /** The one call; answers the list in its new order. */
  run: (variables: MoveVariables) => Promise<readonly T[]>;
  /** Other cached data the order shows in (a product's detail), refetched after. */
  invalidates?: readonly QueryKey[];
  /** The toast of a failure (default: the order could not be saved, the old one is back). */
  errorText?: string;
}

interface MoveContext<D> {
  key: QueryKey;
  previous: D | undefined;
}

/** The key every running move of one list shares: the last one to finish writes its answer. */
export const moveKey = (queryKey: QueryKey): QueryKey => ['move', ...queryKey];

export function useMoveMutation<D, T extends { _id: string }>(options: MoveMutationOptions<D, T>) {
  const latest = useRef(options);
  latest.current = options;

  /**
   * `onMove` of a `SortableList`: moves `item` to index `to`. A mutation of the one query client
   * without an observer: the page does not re-render for its pending/success states (a drop
   * re-renders only the list, through the cached data), and it finishes even if the page is left.
   */
  const move = useCallback((item: { _id: string }, to: number) => {
    const mutation = queryClient.getMutationCache().build(queryClient, moveOptions(latest.current));
    mutation.execute({ id: item._id, position: to }).catch(() => {
      // the failure is handled in onError (rollback and toast)
    });
  }, []);
  return { move };
}

function moveOptions<D, T extends { _id: string }>(
  options: MoveMutationOptions<D, T>,
): MutationOptions<readonly T[], Error, MoveVariables, MoveContext<D>> {
  const { queryKey, lens, run, invalidates = [], errorText = t.sortable.moveError } = options;
  const key = queryKey ?? [];
  const mutationKey = moveKey(key);
  // this move is still counted while its callbacks run: more than one means another is on its way
  const othersRunning = () => queryClient.isMutating({ mutationKey, exact: true }) > 1;
  return {
    mutationKey,
    mutationFn: (variables) => run(variables),
    // Synchronous, so the new order is in the cache in the same task as the drop.
    onMutate: ({ id, position }) => {
      // A refetch in flight would overwrite the guess with the old order when it lands.
      void queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<D>(key);
      const items = previous === undefined ? undefined : lens.read(previous);
      const from = items?.findIndex((item) => item._id === id) ?? -1;
      if (previous !== undefined && items && from >= 0) {
        queryClient.setQueryData<D>(key, lens.write(previous, moveItem(items, from, position)));
      }
      return { key, previous };
    },
    onSuccess: (answer, _variables, context) => {
      // Another move of this list is still on its way: its answer (later) is the newer truth.
      if (othersRunning()) return;
      const current = queryClient.getQueryData<D>(context.key);
      if (current !== undefined) queryClient.setQueryData<D>(context.key, lens.write(current, answer));
    },
    onError: (_error, _variables, context) => {
      if (context && context.previous !== undefined) {
        queryClient.setQueryData<D>(context.key, context.previous);
      }
      notify.error(errorText);
    },
    onSettled: (_answer, error, _variables, context) => {
      if (othersRunning()) return Promise.resolve();
      const keys = error && context ? [context.key, ...invalidates] : invalidates;
      return Promise.all(keys.map((k) => queryClient.invalidateQueries({ queryKey: k }))).then(() => {});
    },
  };
}
