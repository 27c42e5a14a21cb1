/** Standalone run of the remote: a manager's reports and the admin's side by side (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalonePages } from '@qrmenu/shared/standalone';
import ReportsPage from './ReportsPage';
import RestaurantsReportPage from './RestaurantsReportPage';

void renderStandalonePages(
  [
    [[ROUTES.manager.reports, ROUTES.admin.restaurantReports], ReportsPage],
    [[ROUTES.admin.reports], RestaurantsReportPage],
  ],
  ROUTES.manager.reports,
);
