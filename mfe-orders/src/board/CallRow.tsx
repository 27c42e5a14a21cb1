import type { TableCall } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Flex, type FlexProps, Note, Text } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';
import { ageText } from './model';

/** What a call is called: «<stol>: <what the guest pressed>» (the row's text and its button's name). */
export const callKind = (call: TableCall) => t.orders.callKinds[call.kind] ?? call.kind;

/**
 * A guest's call in a row: its table and what the guest pressed, its age, `details` under them,
 * and the row's button (`action`) beside; the board's pending calls and a waiter's «Barcha stollar».
 */
export function CallRow({
  call,
  now,
  details,
  action,
  ...row
}: { call: TableCall; now: number; details?: ReactNode; action: ReactNode } & FlexProps) {
  return (
    <Flex align="center" gap="3" p="3" borderWidth="1px" borderRadius="lg" {...row}>
      <Box flex="1" minW="0">
        <Text fontWeight="bold" overflowWrap="anywhere">
          {call.table}: {callKind(call)}
        </Text>
        <Note>{ageText(call.createdAt, now)}</Note>
        {details}
      </Box>
      {action}
    </Flex>
  );
}
