import { type ReactElement, type ReactNode, useState } from 'react';
import { t } from '../texts';
import { ConfirmDialog } from './ConfirmDialog';
import { notify } from './notify';

export interface ConfirmDeleteOptions<T> {
  /** The call (a mutation's `mutateAsync`). */
  remove: (item: T) => Promise<unknown>;
  /** The toasts: success, and failure. */
  successText: string;
  errorText: string;
  /** The question (default "Rostdan ham o'chirmoqchimisiz?"). */
  title?: string;
  /** What is being deleted, under the question (e.g. its name). */
  describe?: (item: T) => ReactNode;
  /** A reason it cannot be deleted, shown as an error toast instead of the call (e.g. `t.slugMissing`). */
  guard?: (item: T) => string | undefined;
  /** After the success toast (e.g. leave the deleted thing's page). */
  onDeleted?: (item: T) => void;
}

export interface ConfirmDelete<T> {
  /** Opens the Ha / Yo'q question for `item`. */
  ask: (item: T) => void;
  /** The dialog: render it once (`{confirmDelete.dialog}`). */
  dialog: ReactElement;
  /** What the open question is about (null when closed). */
  target: T | null;
  pending: boolean;
}

/** Confirm-then-delete (every deletion asks Ha / Yo'q: docs/SCREENS.md): Yo'q makes no call. */
export function useConfirmDelete<T>(options: ConfirmDeleteOptions<T>): ConfirmDelete<T> {
  const [target, setTarget] = useState<{ item: T } | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!target) return;
    const { item } = target;
    const refusal = options.guard?.(item);
    if (refusal) {
      notify.error(refusal);
      setTarget(null);
      return;
    }
    setPending(true);
    try {
      await options.remove(item);
      notify.success(options.successText);
      options.onDeleted?.(item);
    } catch {
      notify.error(options.errorText);
    } finally {
      setPending(false);
      setTarget(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={options.title ?? t.deleteConfirm}
      description={target && options.describe ? options.describe(target.item) : undefined}
      loading={pending}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    />
  );
  return { ask: (item) => setTarget({ item }), dialog, target: target?.item ?? null, pending };
}
