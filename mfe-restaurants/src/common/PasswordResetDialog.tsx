import { FormDialog, PasswordField } from '@qrmenu/shared/forms';
import { managerPasswordBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { FormDialogState } from '@qrmenu/shared/ui';

/**
 * «<login>: yangi parol»: a new password for an account the page lists (a manager, a waiter, the
 * kitchen). The same form everywhere: one field, the server's password rules (a manager's and a
 * staff member's new password are one schema), edit only.
 */
export function PasswordResetDialog<R extends { _id: string }>({
  dialog,
  login,
  reset,
  updated,
  testId,
}: {
  dialog: FormDialogState<R>;
  login: string;
  /** Sets the new password of the record's account. */
  reset: (id: string, password: string) => Promise<unknown>;
  /** The toast once it is set. */
  updated: string;
  /** `data-testid` prefix: `<testId>` for the form, `<testId>-dialog` for the dialog. */
  testId: string;
}) {
  return (
    <FormDialog
      dialog={dialog}
      title={t.resetPasswordTitle(login)}
      schema={managerPasswordBody}
      values={() => ({ password: '' })}
      onCreate={() => Promise.reject(new Error('a reset only edits'))}
      onUpdate={(changed, record) => reset(record._id, changed.password ?? '')}
      texts={{ updated, createError: t.editError, updateError: t.editError }}
      submitText={t.resetPassword}
      testId={testId}
      dialogTestId={`${testId}-dialog`}
    >
      {(form) => <PasswordField form={form} name="password" label={t.newPassword} purpose="new" />}
    </FormDialog>
  );
}
