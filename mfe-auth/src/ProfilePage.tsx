/**
 * Profile: login (a staff member's name), role, Faol/Nofaol, a staff member's own Telegram link,
 * the own password change, and the logout (confirmation Ha / Yo'q, then the server ends the
 * session, the stored one is cleared and the page reloads).
 */
import { api } from '@qrmenu/shared/api';
import { useProfile } from '@qrmenu/shared/query';
import { signOut, useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  Card,
  ConfirmDialog,
  Page,
  PageState,
  Stack,
  StatusBadge,
  Text,
} from '@qrmenu/shared/ui';
import { type ReactNode, useState } from 'react';
import { PasswordChangeForm } from './PasswordChangeForm';
import { TelegramLink } from './TelegramLink';

/** The page reload after logout (an object so tests can observe it; jsdom cannot reload). */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" justify="space-between" gap="4" py="2" borderBottomWidth="1px">
      <Text color="fg.muted">{label}</Text>
      <Box fontWeight="medium" minW="0" textAlign="end">
        {children}
      </Box>
    </Stack>
  );
}

export default function ProfilePage() {
  const profile = useProfile();
  const { isWaiter, isKitchen } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  return (
    <Page title={t.profile} maxW="md" centered>
      <Card.Root>
        <Card.Body>
          {/* the failure is also an error toast, once per failure */}
          <PageState
            query={profile}
            errorText={t.profileLoadError}
            loading={<Text role="status">{t.loading}</Text>}
          >
            {(p) => (
              <Stack gap="0" data-testid="profile">
                <Row label={t.fields.login}>{p.login}</Row>
                {p.name ? <Row label={t.staff.name}>{p.name}</Row> : null}
                <Row label={t.fields.role}>{t.roleNames[p.role] ?? p.role}</Row>
                <Row label={t.status}>
                  <StatusBadge active={p.is_active} />
                </Row>
              </Stack>
            )}
          </PageState>
        </Card.Body>
        <Card.Footer flexDirection="column" alignItems="stretch" gap="6">
          {/* a staff member's own Telegram (docs/TELEGRAM.md, "A staff member's own chat") */}
          {(isWaiter || isKitchen) && profile.data ? (
            <TelegramLink linked={profile.data.telegram_linked === true} />
          ) : null}
          <PasswordChangeForm />
          <Button
            colorPalette="red"
            variant="outline"
            alignSelf="flex-start"
            onClick={() => setConfirming(true)}
          >
            {t.signOut}
          </Button>
        </Card.Footer>
      </Card.Root>
      <ConfirmDialog
        open={confirming}
        title={t.signOutConfirm}
        onCancel={() => setConfirming(false)}
        loading={leaving}
        onConfirm={async () => {
          setLeaving(true);
          // the server refuses this token from now on; offline, the local logout still happens
          await api.auth.logout().catch(() => undefined);
          setConfirming(false);
          signOut();
          browser.reload();
        }}
      />
    </Page>
  );
}
