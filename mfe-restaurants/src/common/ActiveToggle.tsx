import { t } from '@qrmenu/shared/texts';
import { Button, type ButtonProps, ConfirmDialog, notify } from '@qrmenu/shared/ui';
import { useState } from 'react';

/**
 * An account's «Nofaol qilish» (after Ha / Yo'q: it can no longer log in, its sessions end) or
 * «Faollashtirish»: a manager's on «Menedjerlar», a staff member's on «Xodimlar».
 */
export function ActiveToggle({
  active,
  login,
  setActive,
  busy,
  texts,
  button,
}: {
  active: boolean;
  login: string;
  /** Sets the account active or not (the server ends its sessions). */
  setActive: (isActive: boolean) => Promise<unknown>;
  busy: boolean;
  /** The toasts of each way, and what the question says the deactivation does. */
  texts: { activated: string; deactivated: string; deactivateHint: string };
  /** The row's buttons' look (size, height). */
  button: ButtonProps;
}) {
  const [confirming, setConfirming] = useState(false);
  const toggle = async (isActive: boolean) => {
    try {
      await setActive(isActive);
      notify.success(isActive ? texts.activated : texts.deactivated);
    } catch {
      notify.error(t.editError);
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      {active ? (
        <Button {...button} variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          {t.deactivate}
        </Button>
      ) : (
        <Button
          {...button}
          variant="outline"
          colorPalette="green"
          loading={busy}
          onClick={() => toggle(true)}
        >
          {t.activate}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.deactivateConfirm(login)}
        description={texts.deactivateHint}
        loading={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => toggle(false)}
      />
    </>
  );
}
