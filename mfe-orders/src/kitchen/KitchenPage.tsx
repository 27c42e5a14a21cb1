/**
 * `/kitchen`: the kitchen's view (docs/SCREENS.md, "The kitchen"): today's accepted orders by age,
 * oldest first (what to cook next), each with «Tayyor»; beside them the ready ones waiting for a
 * waiter. Live, with the board's stream and sound (`live/liveBoard.ts`); the server gives the
 * kitchen the orders past «Yangi» only. On a kitchen tablet signed in as a device, «Tayyor» asks
 * the cook's PIN and is recorded under them.
 */
import { isMissing } from '@qrmenu/shared/api';
import { orders } from '@qrmenu/shared/resources';
import type { Order } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { LoadingSkeleton, Page, PageState, SimpleGrid } from '@qrmenu/shared/ui';
import { useCallback, useEffect, useMemo } from 'react';
import { LiveControls } from '../board/LiveControls';
import type { Move } from '../board/model';
import { OrderColumn } from '../board/OrderColumn';
import { useStaffPin } from '../common/pin';
import { useNow } from '../common/useNow';
import { useSendMove } from '../common/useSendMove';
import { startLiveBoard } from '../live/liveBoard';

const oldestFirst = (a: Order, b: Order) => a.createdAt.localeCompare(b.createdAt);

interface KitchenRows {
  cooking: Order[];
  ready: Order[];
}

const COLUMNS: [keyof KitchenRows, string][] = [
  ['cooking', t.staff.kitchenCooking],
  ['ready', t.staff.kitchenReady],
];

export default function KitchenPage() {
  const { isAuthenticated } = useSession();
  const today = orders.useToday(undefined);
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

  const send = useSendMove(pin.withPin, 'kitchen');
  const onMove = useCallback((order: Order, m: Move) => send(order, m.status), [send]);

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
        {(rows: KitchenRows) => (
          // a phone: one column; a tablet: what to cook beside what waits for a waiter
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
            {COLUMNS.map(([part, title]) => (
              <OrderColumn
                key={part}
                title={title}
                rows={rows[part]}
                now={now}
                onMove={onMove}
                moverRole="kitchen"
                testId={`kitchen-${part}`}
              />
            ))}
          </SimpleGrid>
        )}
      </PageState>
      {pin.dialog}
    </Page>
  );
}
