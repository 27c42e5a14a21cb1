/**
 * Standalone page of the remote (`pnpm --filter @qrmenu/mfe-restaurants dev`): the exposed
 * screens under their routes, for working on this module without the shell. Log in through the
 * shell (same origin storage) or put `accessToken` / `role` into localStorage by hand.
 */

import { ROUTES } from '@qrmenu/shared/paths';
import { QueryClientProvider, queryClient } from '@qrmenu/shared/query';
import { loadRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { UiProvider } from '@qrmenu/shared/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import ManagersPage from './managers/ManagersPage';
import ManagerHome from './restaurants/ManagerHome';
import RestaurantDetailPage from './restaurants/RestaurantDetailPage';
import RestaurantFormPage from './restaurants/RestaurantFormPage';
import RestaurantsPage from './restaurants/RestaurantsPage';

async function main() {
  await loadRuntimeConfig();
  const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          <BrowserRouter>
            <Routes>
              <Route path={ROUTES.admin.home} element={<ManagerHome />} />
              <Route path={ROUTES.admin.restaurants} element={<RestaurantsPage />} />
              <Route path={ROUTES.admin.restaurantNew} element={<RestaurantFormPage />} />
              <Route path={ROUTES.admin.restaurantEdit} element={<RestaurantFormPage />} />
              <Route path={ROUTES.admin.restaurant} element={<RestaurantDetailPage />} />
              <Route path={ROUTES.manager.restaurant} element={<RestaurantDetailPage />} />
              <Route path={ROUTES.admin.managers} element={<ManagersPage />} />
              <Route path="*" element={<Navigate to={ROUTES.admin.restaurants} replace />} />
            </Routes>
          </BrowserRouter>
        </UiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void main();
