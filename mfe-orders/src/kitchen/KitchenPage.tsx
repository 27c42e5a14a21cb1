/**
 * `/kitchen`: the kitchen's view (docs/SCREENS.md, "The kitchen"): today's accepted orders by age,
 * oldest first (what to cook next), each with «Tayyor»; beside them the ready ones waiting for a
 * waiter. Live, with the board's stream and sound (`live/liveBoard.ts`); the server gives the
 * kitchen the orders past «Yangi» only. On a kitchen tablet signed in as a device, «Tayyor» asks
 * the cook's PIN and is recorded under them.
 */
import { isApiError, isMissing } from '@qrmenu/shared/api';
import { orders } from '@qrmenu/shared/resources';
import type { Order } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { Box, Heading, LoadingSkeleton, notify, Page, PageState, SimpleGrid, Stack } from '@qrmenu/shared/ui';
import { useCallback, useEffect, useId, useMemo } from 'react';
import { LiveControls } from '../board/LiveControls';
import type { Move } from '../board/model';
import { OrderCard } from '../board/OrderCard';
import { pinProblem, staffRefusal, useStaffPin } from '../common/pin';
import { useNow } from '../common/useNow';
import { startLiveBoard } from '../live/liveBoard';

const oldestFirst = (a: Order, b: Order) => a.createdAt.localeCompare(b.createdAt);

interface KitchenRows {
  cooking: Order[];
  ready: Order[];
}

function Section({
  title,
  rows,
  now,
  onMove,
  testId,
}: {
  title: string;
  rows: Order[];
  now: number;
  onMove: (order: Order, move: Move) => void;
  testId: string;
}) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={testId} minW="0">
      <Heading as="h2" size="md" mb="2" id={headingId}>
        {title} ({rows.length})
      </Heading>
      {rows.length === 0 ? (
        <Box color="fg.muted" fontSize="sm" py="2">
          {t.orders.columnEmpty}
        </Box>
      ) : (
        <Stack gap="3">
          {rows.map((order) => (
            <OrderCard key={order._id} order={order} now={now} onMove={onMove} moverRole="kitchen" />
          ))}
        </Stack>
      )}
    </Box>
  );
}

export default function KitchenPage() {
  const { isAuthenticated } = useSession();
  const today = orders.useToday(undefined);
  const move = orders.useMove();
  const now = useNow();
  const pin = useStaffPin();
  useEffect(() => {
    if (isAuthenticated) startLiveBoard(undefined);
  }, [isAuthenticated]);

  const data = useMemo<KitchenRows | undefined>(() => {
    if (!today.data) return undefined;
    return {
      cooking: today.data.filter((o) => o.status === 'accepted').sort(oldestFirst),
      ready: today.data.filter((o) => o.status === 'ready').sort(oldestFirst),
    };
  }, [today.data]);

  const { withPin } = pin;
  const onMove = useCallback(
    (order: Order, m: Move) =>
      withPin((code) =>
        move
          .mutateAsync({ order, status: m.status, ...(code ? { pin: code } : {}) })
          .catch((error: unknown) => {
            // a PIN's refusal is the PIN dialog's to say
            if (!pinProblem(error)) {
              console.error('[kitchen] move', error);
              notify.error(
                staffRefusal(error) ??
                  (isApiError(error) && error.status === 409 ? t.orders.moveConflict : t.orders.moveError),
              );
            }
            throw error;
          }),
      ),
    [move.mutateAsync, withPin],
  );

  return (
    <Page title={t.staff.kitchenTitle} actions={<LiveControls />} testId="kitchen-page">
      <PageState
        query={{ ...today, data }}
        errorText={t.orders.loadError}
        isNotFound={isMissing}
        isEmpty={(d: KitchenRows) => d.cooking.length === 0 && d.ready.length === 0}
        emptyText={t.staff.kitchenEmpty}
        loading={<LoadingSkeleton rows={3} height="32" />}
      >
        {({ cooking, ready }: KitchenRows) => (
          // a phone: one column; a tablet: what to cook beside what waits for a waiter
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
            <Section
              title={t.staff.kitchenCooking}
              rows={cooking}
              now={now}
              onMove={onMove}
              testId="kitchen-cooking"
            />
            <Section
              title={t.staff.kitchenReady}
              rows={ready}
              now={now}
              onMove={onMove}
              testId="kitchen-ready"
            />
          </SimpleGrid>
        )}
      </PageState>
      {pin.dialog}
    </Page>
  );
}
