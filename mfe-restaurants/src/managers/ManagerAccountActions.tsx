/**
 * Menedjerlar: what the admin does to a manager's account. "Parolni tiklash" sets a new password
 * (a dialog); "Nofaol qilish" (after Ha / Yo'q) stops the manager from logging in; "Faollashtirish"
 * lets it log in again. A reset and a deactivation end the manager's sessions at once, on every
 * server (the API does it).
 */
import { useResetManagerPassword, useSetManagerActive } from '@qrmenu/shared/query';
import type { ManagerAccount } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, ConfirmDialog, HStack, notify, useFormDialog } from '@qrmenu/shared/ui';
import { useState } from 'react';
import { PasswordResetDialog } from '../common/PasswordResetDialog';

export function ManagerAccountActions({ manager }: { manager: ManagerAccount }) {
  const reset = useResetManagerPassword();
  const setActive = useSetManagerActive();
  const dialog = useFormDialog<ManagerAccount>();
  const [confirming, setConfirming] = useState(false);

  const toggle = async (isActive: boolean) => {
    try {
      await setActive.mutateAsync({ id: manager._id, isActive });
      notify.success(isActive ? t.managerActivated : t.managerDeactivated);
    } catch {
      notify.error(t.editError);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="xs" variant="outline" onClick={() => dialog.openEdit(manager)}>
        {t.resetPassword}
      </Button>
      {manager.is_active ? (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          {t.deactivate}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="outline"
          colorPalette="green"
          loading={setActive.isPending}
          onClick={() => toggle(true)}
        >
          {t.activate}
        </Button>
      )}
      <PasswordResetDialog
        dialog={dialog}
        login={manager.login}
        reset={(id, password) => reset.mutateAsync({ id, password })}
        updated={t.passwordReset}
        testId="manager-password"
      />
      <ConfirmDialog
        open={confirming}
        title={t.deactivateConfirm(manager.login)}
        description={t.deactivateHint}
        loading={setActive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => toggle(false)}
      />
    </HStack>
  );
}
