/**
 * `/orders` (a manager's own restaurant, «Buyurtmalar» in the bottom bar; a waiter's, their
 * tables) and `/admin/orders/:id` (an admin, any restaurant): the live board (docs/ORDERS.md,
 * "The board"). Today's orders and the pending calls come from the shared hooks; the live stream
 * (`live/liveBoard.ts`) keeps both up to date, rings and counts the waiting orders in the tab's
 * title. A move is shown at once and put back, with a toast, if the server refuses it; on a shared
 * device it first asks the person's PIN.
 *
 * A waiter's board holds their tables (the server's own scope) and its moves (no «Tayyor»), with
 * no history or switches; «Barcha stollar» lists the other waiters' tables to take one over.
 *
 * Phone first: one column (calls, Yangi, Qabul qilingan, Tayyor); from a tablet's width the
 * kitchen view puts the three states side by side.
 */
import { tashkentDay } from '@qrmenu/shared/query';
import { orders } from '@qrmenu/shared/resources';
import type { Order, TableCall } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  combineQueries,
  EmptyState,
  LoadingSkeleton,
  Page,
  PageState,
  SimpleGrid,
  Stack,
} from '@qrmenu/shared/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { OrdersNav } from '../common/OrdersNav';
import { type PinnedAction, useStaffPin } from '../common/pin';
import { useNow } from '../common/useNow';
import { useOrdersRestaurant } from '../common/useOrdersRestaurant';
import { useSendMove } from '../common/useSendMove';
import { startLiveBoard } from '../live/liveBoard';
import { CallsList } from './CallsList';
import { FinishedToday, TodaySummary } from './FinishedToday';
import { LiveControls } from './LiveControls';
import { BOARD_COLUMNS, type BoardColumn, groupBoard, type Move } from './model';
import { OrderColumn } from './OrderColumn';
import { OthersList } from './OthersList';
import { RejectDialog } from './RejectDialog';
import { type TableScope, TableScopeSwitch } from './TableScopeSwitch';

const COLUMN_TITLES: Record<BoardColumn, string> = {
  sent: t.orders.status.sent as string,
  accepted: t.orders.status.accepted as string,
  ready: t.orders.status.ready as string,
};

/**
 * Moves an order (shown at once), with the rollback's toast; "Rad etish" asks its reason first;
 * on a shared device each move goes with the person's PIN (`withPin`).
 */
function useBoardMoves(withPin: (action: PinnedAction) => void) {
  const [rejecting, setRejecting] = useState<Order | null>(null);
  const send = useSendMove(withPin, 'orders');
  const onMove = useCallback(
    (order: Order, m: Move) => (m.status === 'rejected' ? setRejecting(order) : send(order, m.status)),
    [send],
  );
  const reject = (order: Order, reason: string) => {
    setRejecting(null);
    send(order, 'rejected', reason);
  };
  return { onMove, rejecting, reject, closeReject: () => setRejecting(null) };
}

/** The day in Tashkent changes at midnight: today's board starts empty again. */
function useDayChange(now: number, onChange: () => void) {
  const day = useRef(tashkentDay(now));
  useEffect(() => {
    const current = tashkentDay(now);
    if (current !== day.current) {
      day.current = current;
      onChange();
    }
  }, [now, onChange]);
}

export default function OrdersBoardPage() {
  const { restaurantId, linkId, missing } = useOrdersRestaurant();
  const { isAuthenticated, isManager, isWaiter, role } = useSession();
  const today = orders.useToday(restaurantId);
  const calls = orders.useCalls(restaurantId);
  const now = useNow();
  const pin = useStaffPin();
  const moves = useBoardMoves(pin.withPin);
  const [scope, setScope] = useState<TableScope>('mine');
  useDayChange(
    now,
    useCallback(() => {
      void today.refetch();
      void calls.refetch();
    }, [today.refetch, calls.refetch]),
  );
  useEffect(() => {
    if (isAuthenticated) startLiveBoard(restaurantId);
  }, [isAuthenticated, restaurantId]);

  const board = useMemo(() => (today.data ? groupBoard(today.data) : undefined), [today.data]);
  const data = useMemo(
    () => (board && calls.data ? { board, orders: today.data as Order[], calls: calls.data } : undefined),
    [board, calls.data, today.data],
  );
  const state = combineQueries([today, calls], data);

  return (
    <Page
      title={t.orders.title}
      back={isManager || isWaiter ? undefined : true}
      actions={<LiveControls />}
      testId="orders-board"
    >
      {isWaiter ? (
        <TableScopeSwitch scope={scope} onChange={setScope} />
      ) : (
        <OrdersNav restaurantId={linkId} />
      )}
      {isWaiter && scope === 'all' ? <OthersList now={now} withPin={pin.withPin} /> : null}
      <PageState
        query={state}
        errorText={orders.texts.loadError}
        {...missing}
        isEmpty={() => false}
        loading={<LoadingSkeleton rows={3} height="32" />}
      >
        {({
          board: b,
          orders: rows,
          calls: pending,
        }: {
          board: ReturnType<typeof groupBoard>;
          orders: Order[];
          calls: TableCall[];
        }) => (
          <Stack gap="5">
            <TodaySummary orders={rows} />
            <CallsList calls={pending} now={now} withPin={pin.withPin} />
            {BOARD_COLUMNS.every((c) => b.columns[c].length === 0) ? (
              <EmptyState message={orders.texts.empty} />
            ) : (
              // phone: one column; tablet and up: the kitchen's three columns side by side
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
                {BOARD_COLUMNS.map((status) => (
                  <OrderColumn
                    key={status}
                    title={COLUMN_TITLES[status]}
                    testId={`column-${status}`}
                    rows={b.columns[status]}
                    now={now}
                    onMove={moves.onMove}
                    moverRole={role}
                  />
                ))}
              </SimpleGrid>
            )}
            <FinishedToday orders={b.finished} now={now} restaurantId={restaurantId} withPin={pin.withPin} />
          </Stack>
        )}
      </PageState>
      <RejectDialog order={moves.rejecting} onClose={moves.closeReject} onReject={moves.reject} />
      {pin.dialog}
    </Page>
  );
}
