/**
 * Profile: login, role, Faol/Nofaol, and the logout (confirmation Ha / Yo'q, then the session is
 * cleared and the page reloads).
 */
import { useProfile } from '@qrmenu/shared/query';
import { signOut } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  Card,
  ConfirmDialog,
  Heading,
  notify,
  Stack,
  StatusBadge,
  Text,
} from '@qrmenu/shared/ui';
import { useEffect, useRef, useState } from 'react';

/** The page reload after logout (an object so tests can observe it; jsdom cannot reload). */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" justify="space-between" gap="4" py="2" borderBottomWidth="1px">
      <Text color="fg.muted">{label}</Text>
      <Box fontWeight="medium">{children}</Box>
    </Stack>
  );
}

export default function ProfilePage() {
  const { data: profile, isPending, isError, errorUpdatedAt } = useProfile();
  const [confirming, setConfirming] = useState(false);

  // Spec 8: failures are toasts. One per failure (errorUpdatedAt), not per render or StrictMode rerun.
  const toasted = useRef(0);
  useEffect(() => {
    if (isError && errorUpdatedAt !== toasted.current) {
      toasted.current = errorUpdatedAt;
      notify.error(t.profileLoadError);
    }
  }, [isError, errorUpdatedAt]);

  return (
    <Box maxW="md" mx="auto" p={{ base: '2', md: '4' }}>
      <Heading size="lg" mb="4">
        {t.profile}
      </Heading>
      <Card.Root>
        <Card.Body>
          {isPending ? (
            <Text role="status">{t.loading}</Text>
          ) : isError || !profile ? (
            <Text color="red.600" role="alert">
              {t.profileLoadError}
            </Text>
          ) : (
            <Stack gap="0" data-testid="profile">
              <Row label={t.fields.login}>{profile.login}</Row>
              <Row label={t.fields.role}>{profile.role}</Row>
              <Row label={t.status}>
                <StatusBadge active={profile.is_active} />
              </Row>
            </Stack>
          )}
        </Card.Body>
        <Card.Footer>
          <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
            {t.signOut}
          </Button>
        </Card.Footer>
      </Card.Root>
      <ConfirmDialog
        open={confirming}
        title={t.signOutConfirm}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          signOut();
          browser.reload();
        }}
      />
    </Box>
  );
}
