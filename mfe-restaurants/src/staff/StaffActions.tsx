/**
 * What the manager does to a staff account («Xodimlar»): «Tahrirlash» (its name and role),
 * «Parolni tiklash», «PIN berish» (a new PIN, shown once, for the manager to tell its person),
 * «Telegramni uzish» when linked, «Nofaol qilish» (after Ha / Yo'q) or «Faollashtirish». A new
 * password, a new role and a deactivation end the account's sessions and devices at once (the
 * API does it).
 */
import { FormDialog, SelectField, TextField } from '@qrmenu/shared/forms';
import {
  useNewStaffPin,
  useResetStaffPassword,
  useUnlinkStaffTelegram,
  useUpdateStaff,
} from '@qrmenu/shared/query';
import { type StaffMember, staffEditFields } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Button, DialogShell, HStack, notify, Stack, Text, useFormDialog } from '@qrmenu/shared/ui';
import { useState } from 'react';
import { ActiveToggle } from '../common/ActiveToggle';
import { PasswordResetDialog } from '../common/PasswordResetDialog';
import { ROLE_OPTIONS } from './StaffCreateForm';

/** A staff row's buttons: small, but 36 px high to hit on a phone. */
const ROW_BUTTON = { size: 'xs', minH: '9', variant: 'outline' } as const;

export function StaffActions({ member }: { member: StaffMember }) {
  const update = useUpdateStaff();
  const reset = useResetStaffPassword();
  const newPin = useNewStaffPin();
  const unlink = useUnlinkStaffTelegram();
  const edit = useFormDialog<StaffMember>();
  const password = useFormDialog<StaffMember>();
  const [pin, setPin] = useState<string | null>(null);

  return (
    <HStack gap="2" flexWrap="wrap">
      <Button {...ROW_BUTTON} onClick={() => edit.openEdit(member)}>
        {t.edit}
      </Button>
      <Button {...ROW_BUTTON} onClick={() => password.openEdit(member)}>
        {t.resetPassword}
      </Button>
      <Button
        {...ROW_BUTTON}
        loading={newPin.isPending}
        onClick={() =>
          newPin.mutate(member._id, {
            onSuccess: (answer) => setPin(answer.pin),
            onError: () => notify.error(t.staff.pinError),
          })
        }
      >
        {t.staff.newPin}
      </Button>
      {member.telegram_linked ? (
        <Button
          {...ROW_BUTTON}
          loading={unlink.isPending}
          onClick={() =>
            unlink.mutate(member._id, {
              onSuccess: () => notify.success(t.staff.telegramUnlinked),
              onError: () => notify.error(t.editError),
            })
          }
        >
          {t.staff.unlinkTelegram}
        </Button>
      ) : null}
      <ActiveToggle
        active={member.is_active}
        login={member.login}
        setActive={(isActive) => update.mutateAsync({ id: member._id, body: { is_active: isActive } })}
        busy={update.isPending}
        texts={{
          activated: t.staff.activated,
          deactivated: t.staff.deactivated,
          deactivateHint: t.staff.deactivateHint,
        }}
        button={ROW_BUTTON}
      />
      <FormDialog
        dialog={edit}
        title={t.staff.editTitle(member.login)}
        schema={staffEditFields}
        values={(record) => ({ name: record?.name ?? '', role: record?.role ?? 'waiter' })}
        onCreate={() => Promise.reject(new Error('an account is made on the page, not here'))}
        onUpdate={(changed, record) =>
          update.mutateAsync({
            id: record._id,
            body: {
              ...(changed.name !== undefined ? { name: changed.name } : {}),
              ...(changed.role !== undefined ? { role: changed.role } : {}),
            },
          })
        }
        texts={{ updated: t.staff.updated, createError: t.editError, updateError: t.editError }}
        testId="staff-edit"
        dialogTestId="staff-edit-dialog"
      >
        {(form) => (
          <>
            <TextField form={form} name="name" label={t.staff.name} autoComplete="off" />
            <SelectField form={form} name="role" label={t.staff.role} required options={ROLE_OPTIONS} />
          </>
        )}
      </FormDialog>
      <PasswordResetDialog
        dialog={password}
        login={member.login}
        reset={(id, password) => reset.mutateAsync({ id, password })}
        updated={t.staff.passwordReset}
        testId="staff-password"
      />
      <DialogShell
        open={pin !== null}
        onClose={() => setPin(null)}
        title={t.staff.newPin}
        testId="staff-pin-dialog"
      >
        <Stack gap="4">
          <Text role="status" fontSize="lg" data-testid="staff-pin">
            {pin ? t.staff.pinShown(member.login, pin) : ''}
          </Text>
          <Button alignSelf="flex-end" minH="11" colorPalette="blue" onClick={() => setPin(null)}>
            {t.close}
          </Button>
        </Stack>
      </DialogShell>
    </HStack>
  );
}
