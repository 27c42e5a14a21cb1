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
  Heading,
  LoadingSkeleton,
  notify,
  PageState,
  Stack,
} from '@qrmenu/shared/ui';
import { useId, useMemo } from 'react';
import { type PinnedAction, sayRefusal } from '../common/pin';
import { CallRow, callKind } from './CallRow';
import { OrderCard } from './OrderCard';

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
      sayRefusal('[orders] take over', t.staff.takeError),
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
            {calls.map((call) => (
              <CallRow
                key={call._id}
                call={call}
                now={now}
                wrap="wrap"
                data-testid="other-call"
                action={
                  <TakeButton
                    label={`${call.table}: ${callKind(call)}`}
                    busy={takeCall.isPending}
                    onTake={() =>
                      withPin((pin) => taken(takeCall.mutateAsync(pin ? { call, pin } : { call })))
                    }
                  />
                }
              />
            ))}
            {orders.map((order) => (
              <OrderCard
                key={order._id}
                order={order}
                now={now}
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
