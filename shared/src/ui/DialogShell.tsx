import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { t } from '../texts';
import { ConfirmDialog } from './ConfirmDialog';
import { useBackCloses } from './useBackCloses';
import { useHeldWhileClosing } from './useHeldWhileClosing';

export interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Its width from `md` up; on a phone it takes the whole screen. */
  size?: 'md' | 'lg';
  testId?: string;
  /**
   * Set while the dialog holds unsaved changes: closing it by Back, Esc, a click outside or the
   * close button asks this question first (Ha closes, Yo'q stays).
   */
  confirmClose?: ReactNode;
  children: ReactNode;
}

/**
 * A dialog with its title and a close button ("Yopish"), the whole screen on a phone and centred
 * from `md` up, its body scrolling inside: the form dialogs and the QR code. The phone's Back
 * button closes it (asking first with `confirmClose`) instead of leaving the page.
 */
export function DialogShell({
  open,
  onClose,
  title,
  size = 'md',
  testId,
  confirmClose,
  children,
}: DialogShellProps) {
  const shownTitle = useHeldWhileClosing(title, open);
  const [asking, setAsking] = useState(false);
  // a question left open when the dialog closed another way (its save ended) is not asked again
  // the next time it opens
  if (!open && asking) setAsking(false);
  /** True when the dialog stays open (a question is asked first). */
  const requestClose = (): boolean => {
    if (confirmClose) {
      setAsking(true);
      return true;
    }
    onClose();
    return false;
  };
  useBackCloses(open, requestClose);
  return (
    <>
      <Dialog.Root
        open={open}
        onOpenChange={(e) => {
          if (!e.open) requestClose();
        }}
        placement="center"
        size={{ base: 'full', md: size }}
        scrollBehavior="inside"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            {/* the phone's "full" size sets a full-height, margin-less box that the md size does not
                undo: from md up it is put back to a centred box as high as its content */}
            <Dialog.Content
              data-testid={testId}
              minH={{ md: 'auto' }}
              my={{ md: 'auto' }}
              borderRadius={{ md: 'l3' }}
            >
              <Dialog.Header>
                <Dialog.Title>{shownTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t.close} />
              </Dialog.CloseTrigger>
              <Dialog.Body pb="6">{children}</Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={open && asking}
        title={confirmClose}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
