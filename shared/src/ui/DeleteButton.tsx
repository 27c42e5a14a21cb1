/**
 * refine's `<DeleteButton>`: the question (Ha / Yo'q), the resource's delete call and the toasts in
 * one piece. A resource's `remove` (`@qrmenu/shared/resources`) says which call, with what, and
 * what is said; `useResourceDelete` serves lists (one question for every row), `DeleteButton` a
 * page about one thing.
 */
import { Box, Button, type ButtonProps, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { t } from '../texts';
import { type ConfirmDelete, useConfirmDelete } from './useConfirmDelete';

/** How a resource's things are deleted (the `remove` of a resource description). */
export interface DeleteSpec<T, V = unknown> {
  /** The delete mutation hook (`useDeleteProduct`). */
  use: () => { mutateAsync: (variables: V) => Promise<unknown> };
  /** Its variables for `item` (usually the id). */
  variables: (item: T) => V;
  /** What is deleted, under the question (its name). */
  label: (item: T) => string;
  /** What else goes with it (under the name); `warningColor` when it must stand out. */
  warning?: string;
  warningColor?: string;
  /** The toasts of a success and of a failure. */
  success: string;
  error: string;
  /** A reason it cannot be deleted, as an error toast instead of the call. */
  guard?: (item: T) => string | undefined;
}

function describe<T>(spec: Omit<DeleteSpec<T>, 'use' | 'variables'>, item: T): ReactNode {
  if (!spec.warning) return spec.label(item);
  return (
    <Box>
      <Text fontWeight="semibold">{spec.label(item)}</Text>
      <Text mt="2" color={spec.warningColor}>
        {spec.warning}
      </Text>
    </Box>
  );
}

/** The resource's confirm-then-delete: `ask(item)` from each row, `dialog` rendered once. */
export function useResourceDelete<T, V>(
  spec: DeleteSpec<T, V>,
  options: { onDeleted?: (item: T) => void } = {},
): ConfirmDelete<T> {
  const remove = spec.use();
  return useConfirmDelete<T>({
    remove: (item) => remove.mutateAsync(spec.variables(item)),
    successText: spec.success,
    errorText: spec.error,
    guard: spec.guard,
    describe: (item) => describe(spec, item),
    onDeleted: options.onDeleted,
  });
}

export interface DeleteButtonProps<T, V> {
  spec: DeleteSpec<T, V>;
  item: T;
  onDeleted?: (item: T) => void;
  /** The button (default: a red outline "O'chirish"); it gets the function that asks. */
  render?: (ask: () => void) => ReactNode;
  buttonProps?: ButtonProps;
}

/** A button that asks Ha / Yo'q, deletes `item` once on Ha, and toasts the outcome. */
export function DeleteButton<T, V>({ spec, item, onDeleted, render, buttonProps }: DeleteButtonProps<T, V>) {
  const confirm = useResourceDelete(spec, { onDeleted });
  const ask = () => confirm.ask(item);
  return (
    <>
      {render ? (
        render(ask)
      ) : (
        <Button colorPalette="red" variant="outline" size="sm" onClick={ask} {...buttonProps}>
          {t.delete}
        </Button>
      )}
      {confirm.dialog}
    </>
  );
}
