/**
 * A form dialog's open/record state. It lives in the UI facade, not in `@qrmenu/shared/forms`:
 * a list page holds its dialogs' state while the dialogs (and react-hook-form) load lazily.
 */
import { useCallback, useMemo, useState } from 'react';

/** Which record a form dialog edits (null: create) and whether it is open. */
export interface FormDialogState<R> {
  open: boolean;
  record: R | null;
  openCreate: () => void;
  openEdit: (record: R) => void;
  close: () => void;
  /** Grows with each opening: every opening starts a fresh form. */
  opening: number;
}

export function useFormDialog<R>(): FormDialogState<R> {
  const [state, setState] = useState<{ open: boolean; record: R | null; opening: number }>({
    open: false,
    record: null,
    opening: 0,
  });
  const openCreate = useCallback(
    () => setState((s) => ({ open: true, record: null, opening: s.opening + 1 })),
    [],
  );
  const openEdit = useCallback(
    (record: R) => setState((s) => ({ open: true, record, opening: s.opening + 1 })),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return useMemo(() => ({ ...state, openCreate, openEdit, close }), [state, openCreate, openEdit, close]);
}
