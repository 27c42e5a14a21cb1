/**
 * Menedjerlar: what the admin does to a manager's account. "Parolni tiklash" sets a new password
 * (a dialog); "Nofaol qilish" (after Ha / Yo'q) stops the manager from logging in; "Faollashtirish"
 * lets it log in again. A reset and a deactivation end the manager's sessions at once, on every
 * server (the API does it).
 */
import { FormDialog, TextField } from '@qrmenu/shared/forms';
import { useResetManagerPassword, useSetManagerActive } from '@qrmenu/shared/query';
import { type ManagerAccount, managerPasswordBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, ConfirmDialog, HStack, notify, useFormDialog } from '@qrmenu/shared/ui';
import { useState } from 'react';

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
      <FormDialog
        dialog={dialog}
        title={t.resetPasswordTitle(manager.login)}
        schema={managerPasswordBody}
        values={() => ({ password: '' })}
        onCreate={() => Promise.reject(new Error('a reset only edits'))}
        onUpdate={(changed, record) =>
          reset.mutateAsync({ id: record._id, password: changed.password ?? '' })
        }
        texts={{ updated: t.passwordReset, createError: t.editError, updateError: t.editError }}
        submitText={t.resetPassword}
        testId="manager-password"
        dialogTestId="manager-password-dialog"
      >
        {(form) => (
          <TextField
            form={form}
            name="password"
            label={t.newPassword}
            type="password"
            required
            autoComplete="new-password"
          />
        )}
      </FormDialog>
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
