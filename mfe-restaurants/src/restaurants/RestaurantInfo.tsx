import type { PublicRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Heading, HStack, ImageOrDefault, Note, SimpleGrid, StatusBadge, Text } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';
import { isIntegration } from './RestaurantsTable';

function mask(secret: string): string {
  return secret.length <= 8 ? '••••' : `${secret.slice(0, 6)}…${secret.slice(-2)}`;
}

export function InfoRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box minW="0" data-testid={testId}>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="medium" overflowWrap="anywhere">
        {children}
      </Text>
    </Box>
  );
}

/** Picture, logotype and the fields of a restaurant (the detail screen and the manager's card). */
export function RestaurantInfo({
  restaurant,
  managerLine,
}: {
  restaurant: Restaurant | PublicRestaurant;
  /** The manager's login, or the message why it is missing (admins and the manager itself). */
  managerLine?: ReactNode;
}) {
  const r = restaurant;
  const secrets = 'bot_token' in r ? r : null;
  return (
    <Box>
      <Box position="relative" mb="10">
        <ImageOrDefault
          src={r.image}
          alt={r.name}
          w="100%"
          h={{ base: '40', md: '56' }}
          sizes="(min-width: 62em) 60vw, 100vw"
          borderRadius="lg"
          data-testid="restaurant-image"
        />
        <ImageOrDefault
          src={r.logotype}
          alt={t.fields.logotype}
          boxSize="20"
          sizes="80px"
          borderRadius="full"
          borderWidth="3px"
          borderColor="bg"
          bg="bg"
          position="absolute"
          left="4"
          bottom="-8"
          data-testid="restaurant-logotype"
        />
      </Box>
      <HStack gap="3" flexWrap="wrap" mb="4">
        <Heading size="xl" color={r.is_active ? 'green.700' : 'red.700'} data-testid="restaurant-title">
          {r.name}
        </Heading>
        <StatusBadge active={r.is_active} />
        <Note>{isIntegration(r) ? t.integration : t.manual}</Note>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <InfoRow label={t.fields.slug}>{r.slug}</InfoRow>
        <InfoRow label={t.fields.address}>{r.address}</InfoRow>
        <InfoRow label={t.fields.phone_number}>{r.phone_number}</InfoRow>
        <InfoRow label={t.fields.work_time}>{r.work_time}</InfoRow>
        {managerLine !== undefined ? (
          <InfoRow label={t.fields.manager_id} testId="restaurant-manager">
            {managerLine}
          </InfoRow>
        ) : null}
        {secrets ? (
          <>
            <InfoRow label={t.fields.bot_token}>{secrets.bot_token ? mask(secrets.bot_token) : '—'}</InfoRow>
            <InfoRow label={t.fields.channel_id}>{secrets.channel_id ?? '—'}</InfoRow>
          </>
        ) : null}
      </SimpleGrid>
    </Box>
  );
}
