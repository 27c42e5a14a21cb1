/**
 * A waiter's «Barcha stollar» (docs/PRODUCT.md, "Tables to waiters"): today's open orders and
 * pending calls of the tables given to other waiters, each with «O'zimga olish»: one tap (on a
 * shared device with the PIN) takes it over, recorded, and it joins the waiter's own board.
 */
import { isMissing } from '@qrmenu/shared/api';
import { useOthersToday, useProfile, useTakeCall, useTakeOrder } from '@qrmenu/shared/query';
import type { Order, TableCall } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  combineQueries,
  Flex,
  Heading,
  LoadingSkeleton,
  notify,
  PageState,
  Stack,
  Text,
} from '@qrmenu/shared/ui';
import { useId, useMemo } from 'react';
import { type PinnedAction, pinProblem, staffRefusal } from '../common/pin';
import { ageText } from './model';
import { OrderCard } from './OrderCard';

const noMove = () => {};
const OPEN: readonly Order['status'][] = ['sent', 'accepted', 'ready'];

/** Another waiter's: given to one who is not me, and not taken over by me. */
const othersOf = (me: string) => (item: { table_waiter_id?: string | null; taken_by?: string | null }) =>
  !!item.table_waiter_id && item.table_waiter_id !== me && item.taken_by !== me;

function TakeButton({ label, onTake, busy }: { label: string; onTake: () => void; busy: boolean }) {
  return (
    <Button
      minH="11"
      colorPalette="blue"
      variant="outline"
      alignSelf={{ base: 'stretch', sm: 'start' }}
      aria-label={t.staff.takeOverOf(label)}
      loading={busy}
      onClick={onTake}
    >
      {t.staff.takeOver}
    </Button>
  );
}

export function OthersList({ now, withPin }: { now: number; withPin: (action: PinnedAction) => void }) {
  const headingId = useId();
  const profile = useProfile();
  // not live: asked again every 20 s while open, and after each take-over
  const others = useOthersToday({ refetchInterval: 20_000 });
  const takeOrder = useTakeOrder();
  const takeCall = useTakeCall();
  const me = profile.data?._id;
  const data = useMemo(() => {
    if (!others.data || !me) return undefined;
    const theirs = othersOf(me);
    return {
      orders: others.data.orders
        .filter((o) => OPEN.includes(o.status) && theirs(o))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      calls: others.data.calls.filter(theirs),
    };
  }, [others.data, me]);
  const state = combineQueries([others, profile], data);

  const taken = (promise: Promise<unknown>) =>
    promise.then(
      () => notify.success(t.staff.takenOver),
      (error: unknown) => {
        if (!pinProblem(error)) {
          console.error('[orders] take over', error);
          notify.error(staffRefusal(error) ?? t.staff.takeError);
        }
        throw error;
      },
    );

  return (
    <Box as="section" aria-labelledby={headingId} data-testid="other-tables">
      <Heading as="h2" size="md" mb="1" id={headingId}>
        {t.staff.othersTable}
      </Heading>
      <PageState
        query={state}
        errorText={t.orders.loadError}
        isNotFound={isMissing}
        isEmpty={(d: NonNullable<typeof data>) => d.orders.length === 0 && d.calls.length === 0}
        emptyText={t.orders.empty}
        loading={<LoadingSkeleton rows={2} height="24" />}
      >
        {({ orders, calls }: { orders: Order[]; calls: TableCall[] }) => (
          <Stack gap="3">
            {calls.map((call) => {
              const kind = t.orders.callKinds[call.kind] ?? call.kind;
              return (
                <Flex
                  key={call._id}
                  align="center"
                  gap="3"
                  p="3"
                  borderWidth="1px"
                  borderRadius="lg"
                  wrap="wrap"
                  data-testid="other-call"
                >
                  <Box flex="1" minW="0">
                    <Text fontWeight="bold" overflowWrap="anywhere">
                      {call.table}: {kind}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {ageText(call.createdAt, now)}
                    </Text>
                  </Box>
                  <TakeButton
                    label={`${call.table}: ${kind}`}
                    busy={takeCall.isPending}
                    onTake={() =>
                      withPin((pin) => taken(takeCall.mutateAsync(pin ? { call, pin } : { call })))
                    }
                  />
                </Flex>
              );
            })}
            {orders.map((order) => (
              <OrderCard
                key={order._id}
                order={order}
                now={now}
                onMove={noMove}
                instead={
                  <TakeButton
                    label={t.orders.cardName(order.number, order.table)}
                    busy={takeOrder.isPending}
                    onTake={() =>
                      withPin((pin) => taken(takeOrder.mutateAsync(pin ? { order, pin } : { order })))
                    }
                  />
                }
              />
            ))}
          </Stack>
        )}
      </PageState>
    </Box>
  );
}
