/** Standalone run of the remote: a manager's reports and the admin's side by side (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalone } from '@qrmenu/shared/standalone';
import { Navigate, Route } from 'react-router-dom';
import ReportsPage from './ReportsPage';
import RestaurantsReportPage from './RestaurantsReportPage';

void renderStandalone(
  <>
    <Route path={ROUTES.manager.reports} element={<ReportsPage />} />
    <Route path={ROUTES.admin.restaurantReports} element={<ReportsPage />} />
    <Route path={ROUTES.admin.reports} element={<RestaurantsReportPage />} />
    <Route path="*" element={<Navigate to={ROUTES.manager.reports} replace />} />
  </>,
);
