/**
 * «Qurilmalar» (docs/SCREENS.md, "Xodimlar"): the restaurant's devices that stay signed in (a
 * kitchen tablet): whose account, which browser, since and until when; «Chiqarish» (after Ha /
 * Yo'q) ends one's session at once.
 */
import { useRevokeDevice, useStaffDevices } from '@qrmenu/shared/query';
import type { StaffDevice } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  ConfirmDialog,
  Flex,
  LoadingSkeleton,
  Note,
  notify,
  PageState,
  PlainList,
  Section,
  Text,
} from '@qrmenu/shared/ui';
import { useState } from 'react';

const date = (iso: string) =>
  new Date(iso).toLocaleString('uz-UZ', {
    timeZone: 'Asia/Tashkent',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

export function DevicesSection({ restaurantId }: { restaurantId: string | undefined }) {
  const devices = useStaffDevices(restaurantId);
  const revoke = useRevokeDevice();
  const [ending, setEnding] = useState<StaffDevice | null>(null);

  const end = (device: StaffDevice) =>
    revoke.mutate(device._id, {
      onSuccess: () => notify.success(t.staff.revoked),
      onError: () => notify.error(t.staff.revokeError),
      onSettled: () => setEnding(null),
    });

  return (
    <Section title={t.staff.devicesTitle} hint={t.staff.devicesHint} data-testid="devices">
      <PageState
        query={devices}
        errorText={t.staff.devicesLoadError}
        emptyText={t.staff.devicesEmpty}
        loading={<LoadingSkeleton rows={2} />}
      >
        {(list) => (
          <PlainList display="grid" gap="2">
            {list.map((device) => (
              <Flex
                as="li"
                key={device._id}
                gap="3"
                p="3"
                borderWidth="1px"
                borderRadius="md"
                align={{ base: 'stretch', sm: 'center' }}
                direction={{ base: 'column', sm: 'row' }}
                data-testid="device"
              >
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" overflowWrap="anywhere">
                    {device.name ?? device.login} · {t.staff.roles[device.role]}
                  </Text>
                  <Note overflowWrap="anywhere">{device.label}</Note>
                  <Note>
                    {t.staff.deviceSince(date(device.createdAt))} ·{' '}
                    {t.staff.deviceUntil(date(device.expiresAt))}
                  </Note>
                </Box>
                <Button minH="11" variant="outline" colorPalette="red" onClick={() => setEnding(device)}>
                  {t.staff.revoke}
                </Button>
              </Flex>
            ))}
          </PlainList>
        )}
      </PageState>
      <ConfirmDialog
        open={ending !== null}
        title={ending ? t.staff.revokeConfirm(ending.label) : ''}
        description={t.staff.revokeHint}
        loading={revoke.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && end(ending)}
      />
    </Section>
  );
}
