import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { t } from '../texts';
import { useHeldWhileClosing } from './useHeldWhileClosing';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** Defaults to "Ha" / "Yo'q" (every deletion asks: docs/SCREENS.md). */
  confirmText?: string;
  cancelText?: string;
}

/** A yes/no confirmation (every deletion and the logout). */
export function ConfirmDialog({
  open,
  title,
  description,
  onConfirm,
  onCancel,
  loading = false,
  confirmText = t.yes,
  cancelText = t.no,
}: ConfirmDialogProps) {
  const shownTitle = useHeldWhileClosing(title, open);
  const shownDescription = useHeldWhileClosing(description, open);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !loading) onCancel();
      }}
      placement="center"
      size={{ base: 'xs', md: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{shownTitle}</Dialog.Title>
            </Dialog.Header>
            {shownDescription ? <Dialog.Body>{shownDescription}</Dialog.Body> : null}
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={loading}>
                {cancelText}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={loading} loadingText={confirmText}>
                {confirmText}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
