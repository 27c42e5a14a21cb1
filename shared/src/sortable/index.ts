/**
 * `@qrmenu/shared/sortable`: lists the user puts in the restaurant's order. Its own subpath, so that
 * @dnd-kit loads with the first page that sorts, not with the login page or lists that do not.
 */
export { countedList, type ListLens, moveItem, plainList, subList } from './lenses';
export {
  SORTABLE_CSS,
  SortableList,
  type SortableListProps,
  type SortableRow,
  TOUCH_HOLD_MS,
} from './SortableList';
export { type MoveMutationOptions, type MoveVariables, useMoveMutation } from './useMoveMutation';
