/**
 * The UI facade: the only module importing `@chakra-ui/react`. Remotes get Chakra through here.
 * The form parts (react-hook-form) are `@qrmenu/shared/forms`: they load with the first form.
 */

export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { CreateButton } from './CreateButton';
export * from './chakra';
export { combineQueries } from './combineQueries';
export {
  BackButton,
  DEFAULT_IMAGE_SRC,
  EmptyState,
  ImageOrDefault,
  type ImageOrDefaultProps,
  LoadingSkeleton,
  NotAvailable,
  pictureSrcSet,
  RemoteFallback,
  StatusBadge,
} from './common';
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
  type NotifyOptions,
  notify,
  SYNC_ERROR_DURATION_MS,
  TOAST_DURATION_MS,
  Toaster,
  toaster,
  toastLayout,
} from './notify';
export { Page, PageHeader, type PageHeaderProps, type PageProps, usePaths, useRouteParams } from './Page';
export { PageState, type PageStateProps, type QueryState, useFailureToast } from './PageState';
export { PAGE_SIZE, Pagination, type PaginationState, usePagination } from './pagination';
export { checkPickedFiles, isPictureFile, uploadErrorText } from './pickedImages';
export { system } from './system';
export { UiProvider } from './UiProvider';
export { type ConfirmDelete, type ConfirmDeleteOptions, useConfirmDelete } from './useConfirmDelete';
