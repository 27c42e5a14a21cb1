/**
 * Standalone page of the remote (`pnpm --filter @qrmenu/mfe-stoplist dev`): the stop-list screen
 * at its route, for working on this module without the shell. Log in through the shell (same
 * origin storage) or put a manager's `accessToken` / `role` into localStorage by hand.
 */

import { ROUTES } from '@qrmenu/shared/paths';
import { QueryClientProvider, queryClient } from '@qrmenu/shared/query';
import { loadRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { UiProvider } from '@qrmenu/shared/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import StopListPage from './StopListPage';

async function main() {
  await loadRuntimeConfig();
  const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          <BrowserRouter>
            <Routes>
              <Route path={ROUTES.manager.stopList} element={<StopListPage />} />
              <Route path="*" element={<Navigate to={ROUTES.manager.stopList} replace />} />
            </Routes>
          </BrowserRouter>
        </UiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void main();
