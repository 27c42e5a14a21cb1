/**
 * Orders from the table (docs/ORDERS.md): the board's pages (live, history, switches) for the
 * admin (any restaurant, by id) and the manager (its own), their texts and hooks.
 */
import { ROUTES } from '../paths';
import {
  useCallDone,
  useChoosePosTerminalGroup,
  useMapPlacementTable,
  useMoveOrder,
  useOrderDays,
  useOrderingSettings,
  useOrdersOfDay,
  useOrdersToday,
  useOrdersTodaySummary,
  usePosTables,
  useRetryPosOrder,
  useTableCalls,
  useUpdateOrdering,
  useWaitingOrdersCount,
} from '../query';
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
  useToday: useOrdersToday,
  useDay: useOrdersOfDay,
  useDays: useOrderDays,
  useTodaySummary: useOrdersTodaySummary,
  useWaitingCount: useWaitingOrdersCount,
  useMove: useMoveOrder,
  useCalls: useTableCalls,
  useCallDone,
  useSettings: useOrderingSettings,
  useUpdateSettings: useUpdateOrdering,
  // into the POS (docs/ORDERS.md, "Into the POS")
  useRetryPos: useRetryPosOrder,
  usePosTables,
  useChooseTerminalGroup: useChoosePosTerminalGroup,
  useMapPlacementTable,
} as const satisfies Resource<Order>;
