/**
 * The UI facade: the only module importing `@chakra-ui/react`. Remotes get Chakra through here.
 * The form parts (react-hook-form) are `@qrmenu/shared/forms`: they load with the first form.
 */

export { ChartLegend } from './ChartLegend';
export {
  AXIS_COLOR,
  ChartSvg,
  type ColumnPlot,
  columnPlot,
  GRID_COLOR,
  niceMax,
  shortDay,
  YGrid,
} from './ChartSvg';
export { type Choice, ChoiceField, ChoiceSelect } from './ChoiceField';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { CARD_FRAME } from './cardFrame';
export * from './chakra';
export { combineQueries } from './combineQueries';
export {
  BackButton,
  DEFAULT_IMAGE_SRC,
  EmptyState,
  ImageOrDefault,
  type ImageOrDefaultProps,
  LoadingSkeleton,
  Note,
  PlainList,
  pictureSrcSet,
  RemoteFallback,
  StatusBadge,
} from './common';
export { type DataColumn, type DataRow, DataTable, numberColumns } from './DataTable';
export { DayField } from './DayField';
export { DeleteButton, type DeleteButtonProps, type DeleteSpec, useResourceDelete } from './DeleteButton';
export { DialogShell, type DialogShellProps } from './DialogShell';
export { type FormDialogState, useFormDialog } from './dialogState';
export {
  type ImageUpload,
  ImageUploadField,
  type ImageUploadFieldProps,
  type UploadProgress,
  useImageUpload,
} from './ImageUploadField';
export { LazyDialog, useIdlePreload } from './LazyDialog';
export {
  ListPage,
  type ListPageProps,
  type ListResource,
  ListState,
  type ListStateProps,
  type ResourceList,
  useResourceList,
} from './ListPage';
export { type NotifyOptions, notify, toaster, toastLayout } from './notify';
export { OrderTotals } from './OrderTotals';
export { Page, type PageHeaderProps, type PageProps, usePaths, useRouteParams } from './Page';
export { PageState, type PageStateProps, type QueryState } from './PageState';
export { type PageSteps, Pagination, type PaginationState, pageSteps, usePagination } from './pagination';
export { checkPickedFiles, uploadErrorText } from './pickedImages';
export { Section } from './Section';
export { saveFile } from './saveFile';
export { system } from './system';
export { UiProvider } from './UiProvider';
export { type ConfirmDelete, type ConfirmDeleteOptions, useConfirmDelete } from './useConfirmDelete';
export { VISUALLY_HIDDEN } from './visuallyHidden';
