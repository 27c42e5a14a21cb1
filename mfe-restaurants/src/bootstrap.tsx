/** Standalone run of the remote: its screens under their routes (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalone } from '@qrmenu/shared/standalone';
import { Navigate, Route } from 'react-router-dom';
import ManagersPage from './managers/ManagersPage';
import ManagerHome from './restaurants/ManagerHome';
import RestaurantDetailPage from './restaurants/RestaurantDetailPage';
import RestaurantFormPage from './restaurants/RestaurantFormPage';
import RestaurantsPage from './restaurants/RestaurantsPage';

void renderStandalone(
  <>
    <Route path={ROUTES.admin.home} element={<ManagerHome />} />
    <Route path={ROUTES.admin.restaurants} element={<RestaurantsPage />} />
    <Route path={ROUTES.admin.restaurantNew} element={<RestaurantFormPage />} />
    <Route path={ROUTES.admin.restaurantEdit} element={<RestaurantFormPage />} />
    <Route path={ROUTES.admin.restaurant} element={<RestaurantDetailPage />} />
    <Route path={ROUTES.manager.restaurant} element={<RestaurantDetailPage />} />
    <Route path={ROUTES.admin.managers} element={<ManagersPage />} />
    <Route path="*" element={<Navigate to={ROUTES.admin.restaurants} replace />} />
  </>,
);
