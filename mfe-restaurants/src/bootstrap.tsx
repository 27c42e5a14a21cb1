/**
 * Standalone page of the remote (`pnpm --filter @qrmenu/mfe-restaurants dev`): the exposed
 * screens under their routes, for working on this module without the shell. Log in through the
 * shell (same origin storage) or put `accessToken` / `role` into localStorage by hand.
 */

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
              <Route path="/admin" element={<ManagerHome />} />
              <Route path="/admin/restaurants" element={<RestaurantsPage />} />
              <Route path="/admin/restaurants/new" element={<RestaurantFormPage />} />
              <Route path="/admin/restaurants/:id/edit" element={<RestaurantFormPage />} />
              <Route path="/admin/viewRestaurant/:id/:slug" element={<RestaurantDetailPage />} />
              <Route path="/viewRestaurant/:id" element={<RestaurantDetailPage />} />
              <Route path="/admin/managers" element={<ManagersPage />} />
              <Route path="*" element={<Navigate to="/admin/restaurants" replace />} />
            </Routes>
          </BrowserRouter>
        </UiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void main();
