/**
 * Menedjerlar: what the admin does to a manager's account. "Parolni tiklash" sets a new password
 * (a dialog); "Nofaol qilish" (after Ha / Yo'q) stops the manager from logging in; "Faollashtirish"
 * lets it log in again. A reset and a deactivation end the manager's sessions at once, on every
 * server (the API does it).
 */
import { useResetManagerPassword, useSetManagerActive } from '@qrmenu/shared/query';
import type { ManagerAccount } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, HStack, useFormDialog } from '@qrmenu/shared/ui';
import { ActiveToggle } from '../common/ActiveToggle';
import { PasswordResetDialog } from '../common/PasswordResetDialog';

export function ManagerAccountActions({ manager }: { manager: ManagerAccount }) {
  const reset = useResetManagerPassword();
  const setActive = useSetManagerActive();
  const dialog = useFormDialog<ManagerAccount>();

  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="xs" variant="outline" onClick={() => dialog.openEdit(manager)}>
        {t.resetPassword}
      </Button>
      <ActiveToggle
        active={manager.is_active}
        login={manager.login}
        setActive={(isActive) => setActive.mutateAsync({ id: manager._id, isActive })}
        busy={setActive.isPending}
        texts={{
          activated: t.managerActivated,
          deactivated: t.managerDeactivated,
          deactivateHint: t.deactivateHint,
        }}
        button={{ size: 'xs' }}
      />
      <PasswordResetDialog
        dialog={dialog}
        login={manager.login}
        reset={(id, password) => reset.mutateAsync({ id, password })}
        updated={t.passwordReset}
        testId="manager-password"
      />
    </HStack>
  );
}
