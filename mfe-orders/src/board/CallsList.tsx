/**
 * Waiter calls and bill requests, oldest first, above the orders: each with its table, what the
 * guest pressed and its age, cleared with one tap ("Bajarildi"; it leaves at once and comes back
 * if the server refuses).
 */
import { orders } from '@qrmenu/shared/resources';
import type { TableCall } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, Flex, Heading, notify, Text } from '@qrmenu/shared/ui';
import { useId } from 'react';
import { ageText } from './model';

export function CallsList({ calls, now }: { calls: readonly TableCall[]; now: number }) {
  const headingId = useId();
  const done = orders.useCallDone();
  if (calls.length === 0) return null;
  const sorted = [...calls].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Box as="section" aria-labelledby={headingId} data-testid="calls">
      <Heading as="h2" size="md" mb="2" id={headingId}>
        {t.orders.calls} ({calls.length})
      </Heading>
      <Box as="ul" listStyleType="none" m="0" p="0" display="grid" gap="2">
        {sorted.map((call) => {
          const kind = t.orders.callKinds[call.kind] ?? call.kind;
          return (
            <Flex
              as="li"
              key={call._id}
              align="center"
              gap="3"
              p="3"
              borderWidth="1px"
              borderRadius="lg"
              bg={call.kind === 'bill' ? 'purple.50' : 'orange.50'}
              data-testid="table-call"
            >
              <Box flex="1" minW="0">
                <Text fontWeight="bold" overflowWrap="anywhere">
                  {call.table}: {kind}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {ageText(call.createdAt, now)}
                </Text>
              </Box>
              <Button
                minH="11"
                colorPalette="blue"
                aria-label={t.orders.callDoneOf(kind, call.table)}
                onClick={() =>
                  done.mutate(call, {
                    onError: (error) => {
                      console.error('[orders] call done', error);
                      notify.error(t.orders.callDoneError);
                    },
                  })
                }
              >
                {t.orders.callDone}
              </Button>
            </Flex>
          );
        })}
      </Box>
    </Box>
  );
}
