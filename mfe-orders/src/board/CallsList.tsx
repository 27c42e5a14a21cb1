/**
 * Waiter calls and bill requests, oldest first, above the orders: each with its table, what the
 * guest pressed and its age, cleared with one tap ("Bajarildi"; it leaves at once and comes back
 * if the server refuses), on a shared device with the person's PIN (`withPin`).
 */
import { orders } from '@qrmenu/shared/resources';
import type { TableCall } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, Heading, PlainList } from '@qrmenu/shared/ui';
import { useId } from 'react';
import { ActionsLine } from '../common/ActionsLine';
import { type PinnedAction, sayRefusal } from '../common/pin';
import { CallRow, callKind } from './CallRow';

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
      <PlainList display="grid" gap="2">
        {sorted.map((call) => (
          <CallRow
            as="li"
            key={call._id}
            call={call}
            now={now}
            bg={call.kind === 'bill' ? 'purple.50' : 'orange.50'}
            data-testid="table-call"
            details={<ActionsLine actions={call.actions} />}
            action={
              <Button
                minH="11"
                colorPalette="blue"
                aria-label={t.orders.callDoneOf(callKind(call), call.table)}
                onClick={() =>
                  withPin((pin) =>
                    done
                      .mutateAsync(pin ? { ...call, pin } : call)
                      .catch(sayRefusal('[orders] call done', t.orders.callDoneError)),
                  )
                }
              >
                {t.orders.callDone}
              </Button>
            }
          />
        ))}
      </PlainList>
    </Box>
  );
}
