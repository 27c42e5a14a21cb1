/**
 * The UI facade: the only module importing `@chakra-ui/react`. Remotes get Chakra through here.
 */

export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export * from './chakra';
export {
  BackButton,
  DEFAULT_IMAGE_SRC,
  EmptyState,
  ImageOrDefault,
  type ImageOrDefaultProps,
  LoadingSkeleton,
  NotAvailable,
  RemoteFallback,
  StatusBadge,
} from './common';
export {
  applyServerErrors,
  fieldErrorText,
  formResolver,
  NumberField,
  type NumberFieldProps,
  SelectField,
  type SelectFieldProps,
  type SelectOption,
  SwitchField,
  type SwitchFieldProps,
  TextField,
  type TextFieldProps,
} from './fields';
export {
  type NotifyOptions,
  notify,
  SYNC_ERROR_DURATION_MS,
  TOAST_DURATION_MS,
  Toaster,
  toaster,
} from './notify';
export { PAGE_SIZE, Pagination, type PaginationState, usePagination } from './pagination';
export { system } from './system';
export { UiProvider } from './UiProvider';
