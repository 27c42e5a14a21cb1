/** Standalone run of the remote: the stop-list screen at its route (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalone } from '@qrmenu/shared/standalone';
import { Navigate, Route } from 'react-router-dom';
import StopListPage from './StopListPage';

void renderStandalone(
  <>
    <Route path={ROUTES.manager.stopList} element={<StopListPage />} />
    <Route path="*" element={<Navigate to={ROUTES.manager.stopList} replace />} />
  </>,
);
