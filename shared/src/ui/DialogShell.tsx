import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { t } from '../texts';

export interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Its width from `md` up; on a phone it takes the whole screen. */
  size?: 'md' | 'lg';
  testId?: string;
  children: ReactNode;
}

/**
 * A dialog with its title and a close button ("Yopish"), the whole screen on a phone and centred
 * from `md` up, its body scrolling inside: the form dialogs and the QR code.
 */
export function DialogShell({ open, onClose, title, size = 'md', testId, children }: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size={{ base: 'full', md: size }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t.close} />
            </Dialog.CloseTrigger>
            <Dialog.Body pb="6">{children}</Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
