/** Standalone run of the remote: the manager's board, history and switches, the kitchen's view (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalonePages } from '@qrmenu/shared/standalone';
import OrdersBoardPage from './board/OrdersBoardPage';
import OrdersHistoryPage from './history/OrdersHistoryPage';
import KitchenPage from './kitchen/KitchenPage';
import OrderingSettingsPage from './settings/OrderingSettingsPage';

const A = ROUTES.admin;
const M = ROUTES.manager;

void renderStandalonePages(
  [
    [[M.orders, A.orders], OrdersBoardPage],
    [[M.orderHistory, A.orderHistory], OrdersHistoryPage],
    [[M.orderingSettings, A.orderingSettings], OrderingSettingsPage],
    [[ROUTES.staff.kitchen], KitchenPage],
  ],
  M.orders,
);
