/**
 * Orders from the table (docs/ORDERS.md): the board's pages (live, history, switches) for the
 * admin (any restaurant, by id) and the manager (its own), their texts and hooks.
 */
import { ROUTES } from '../paths';
import * as q from '../query';
import type { Order } from '../schemas';
import { t } from '../texts';
import type { Resource } from './resource';

const A = ROUTES.admin;
const M = ROUTES.manager;

export const orders = {
  routes: {
    board: [A.orders, M.orders],
    history: [A.orderHistory, M.orderHistory],
    settings: [A.orderingSettings, M.orderingSettings],
  },
  texts: { title: t.orders.title, loadError: t.orders.loadError, empty: t.orders.empty },
  useToday: q.useOrdersToday,
  useDay: q.useOrdersOfDay,
  useDays: q.useOrderDays,
  useTodaySummary: q.useOrdersTodaySummary,
  useWaitingCount: q.useWaitingOrdersCount,
  useMove: q.useMoveOrder,
  useCalls: q.useTableCalls,
  useCallDone: q.useCallDone,
  useSettings: q.useOrderingSettings,
  useUpdateSettings: q.useUpdateOrdering,
  // into the POS (docs/ORDERS.md, "Into the POS")
  useRetryPos: q.useRetryPosOrder,
  usePosTables: q.usePosTables,
  useChooseTerminalGroup: q.useChoosePosTerminalGroup,
  useMapPlacementTable: q.useMapPlacementTable,
} as const satisfies Resource<Order>;
