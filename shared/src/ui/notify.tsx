import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { t } from '../texts';

/** Toast auto-close: 2000 ms, 5000 ms for the sync error (docs/SCREENS.md, "What every screen shares"). */
export const TOAST_DURATION_MS = 2000;
export const SYNC_ERROR_DURATION_MS = 5000;

/**
 * Where toasts appear: top right from `md` up; on a phone at the bottom, above the manager's
 * 60 px bottom bar and the stop-list's action bar over it (a toast under the finger that just
 * pressed the bar's button would stay, paused), so that they never cover the page title and
 * "Orqaga" after a save.
 */
export function toastLayout(isPhone: boolean) {
  return isPhone
    ? ({
        placement: 'bottom',
        offsets: { top: '16px', bottom: '144px', left: '16px', right: '16px' },
      } as const)
    : ({ placement: 'top-end', offsets: '16px' } as const);
}

const isPhone = typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 47.99em)').matches;

export const toaster = createToaster({ ...toastLayout(isPhone), pauseOnPageIdle: true, max: 5 });

export interface NotifyOptions {
  duration?: number;
  description?: string;
}

type ToastType = 'success' | 'error' | 'info' | 'warning';

/** Error toasts still on screen: a success dismisses them (the error they told is over). */
const shownErrors = new Set<string>();

function show(type: ToastType, text: string, options: NotifyOptions = {}): string {
  if (type === 'success') {
    for (const id of shownErrors) toaster.dismiss(id);
    shownErrors.clear();
  }
  const id = toaster.create({
    type,
    title: text,
    description: options.description,
    duration: options.duration ?? TOAST_DURATION_MS,
    closable: true,
  });
  if (type === 'error') shownErrors.add(id);
  return id;
}

/** Uzbek toasts: `notify.success(t.restaurantCreated)`, `notify.error(t.deleteError)`, ... */
export const notify = {
  success: (text: string, options?: NotifyOptions) => show('success', text, options),
  error: (text: string, options?: NotifyOptions) => show('error', text, options),
  info: (text: string, options?: NotifyOptions) => show('info', text, options),
  warning: (text: string, options?: NotifyOptions) => show('warning', text, options),
  /** The sync failure is shown for 5 s: its text is long and says what to do. */
  syncError: (text: string, options?: NotifyOptions) =>
    show('error', text, { ...options, duration: options?.duration ?? SYNC_ERROR_DURATION_MS }),
  dismiss: (id?: string) => toaster.dismiss(id),
};

/** Renders the toasts; `UiProvider` includes it once. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t.notifications}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {/* named in Uzbek: the library's default name is English */}
            {toast.closable && <Toast.CloseTrigger aria-label={t.close} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
