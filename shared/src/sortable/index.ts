/**
 * `@qrmenu/shared/sortable`: lists the user puts in order (issue 18). Its own subpath, so that
 * @dnd-kit loads with the first page that sorts, not with the login page or lists that do not.
 */
export { uzbekAnnouncements } from './announcements';
export { countedList, type ListLens, moveItem, plainList, subList } from './lenses';
export {
  SORTABLE_CSS,
  SortableList,
  type SortableListProps,
  type SortableRow,
  TOUCH_HOLD_MS,
  TOUCH_TOLERANCE_PX,
} from './SortableList';
export { type MoveMutationOptions, type MoveVariables, moveKey, useMoveMutation } from './useMoveMutation';
