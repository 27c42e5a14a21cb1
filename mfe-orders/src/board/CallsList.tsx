/**
 * Waiter calls and bill requests, oldest first, above the orders: each with its table, what the
 * guest pressed and its age, cleared with one tap ("Bajarildi"; it leaves at once and comes back
 * if the server refuses), on a shared device with the person's PIN (`withPin`).
 */
import { orders } from '@qrmenu/shared/resources';
import type { TableCall } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, Flex, Heading, notify, Text } from '@qrmenu/shared/ui';
import { useId } from 'react';
import { ActionsLine } from '../common/ActionsLine';
import { type PinnedAction, pinProblem, staffRefusal } from '../common/pin';
import { ageText } from './model';

const runNow = (action: PinnedAction) => void action(undefined).catch(() => undefined);

export function CallsList({
  calls,
  now,
  withPin = runNow,
}: {
  calls: readonly TableCall[];
  now: number;
  withPin?: (action: PinnedAction) => void;
}) {
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
                <ActionsLine actions={call.actions} />
              </Box>
              <Button
                minH="11"
                colorPalette="blue"
                aria-label={t.orders.callDoneOf(kind, call.table)}
                onClick={() =>
                  withPin((pin) =>
                    done.mutateAsync(pin ? { ...call, pin } : call).catch((error: unknown) => {
                      // a PIN's refusal is the PIN dialog's to say
                      if (!pinProblem(error)) {
                        console.error('[orders] call done', error);
                        notify.error(staffRefusal(error) ?? t.orders.callDoneError);
                      }
                      throw error;
                    }),
                  )
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
