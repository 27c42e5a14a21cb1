/**
 * Profil: change one's own password (the current one required). The server ends every other
 * session of this user and answers a new token, stored here so that this tab stays logged in.
 */
import { EntityForm, PasswordField } from '@qrmenu/shared/forms';
import { useChangePassword } from '@qrmenu/shared/query';
import { type PasswordChangeBody, passwordChangeBody } from '@qrmenu/shared/schemas';
import { signIn } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { Heading, Stack } from '@qrmenu/shared/ui';
import { useState } from 'react';

const EMPTY: PasswordChangeBody = { current_password: '', password: '' };

export function PasswordChangeForm() {
  const change = useChangePassword();
  // an empty form again after each change
  const [round, setRound] = useState(0);
  return (
    <Stack gap="3" as="section" aria-labelledby="password-change-heading">
      <Heading as="h2" size="md" id="password-change-heading">
        {t.changePassword}
      </Heading>
      <EntityForm<null, typeof passwordChangeBody, { accessToken: string }, never>
        key={round}
        schema={passwordChangeBody}
        values={() => EMPTY}
        onCreate={(body) => change.mutateAsync(body)}
        afterSave={(saved) => {
          // the old token was ended with the others: this tab goes on with the new one
          if (saved) signIn(saved.accessToken);
        }}
        onSaved={() => setRound((n) => n + 1)}
        texts={{ created: t.passwordChanged, createError: t.passwordChangeError }}
        submitText={t.changePassword}
        testId="password-change"
      >
        {(form) => (
          <Stack gap="3">
            <PasswordField form={form} name="current_password" purpose="current" />
            <PasswordField form={form} name="password" label={t.newPassword} purpose="new" />
          </Stack>
        )}
      </EntityForm>
    </Stack>
  );
}
