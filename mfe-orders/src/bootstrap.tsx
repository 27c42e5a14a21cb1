/** Standalone run of the remote: the manager's board, history and switches, the kitchen's view (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalone } from '@qrmenu/shared/standalone';
import { Navigate, Route } from 'react-router-dom';
import OrdersBoardPage from './board/OrdersBoardPage';
import OrdersHistoryPage from './history/OrdersHistoryPage';
import KitchenPage from './kitchen/KitchenPage';
import OrderingSettingsPage from './settings/OrderingSettingsPage';

void renderStandalone(
  <>
    <Route path={ROUTES.manager.orders} element={<OrdersBoardPage />} />
    <Route path={ROUTES.manager.orderHistory} element={<OrdersHistoryPage />} />
    <Route path={ROUTES.manager.orderingSettings} element={<OrderingSettingsPage />} />
    <Route path={ROUTES.staff.kitchen} element={<KitchenPage />} />
    <Route path={ROUTES.admin.orders} element={<OrdersBoardPage />} />
    <Route path={ROUTES.admin.orderHistory} element={<OrdersHistoryPage />} />
    <Route path={ROUTES.admin.orderingSettings} element={<OrderingSettingsPage />} />
    <Route path="*" element={<Navigate to={ROUTES.manager.orders} replace />} />
  </>,
);
