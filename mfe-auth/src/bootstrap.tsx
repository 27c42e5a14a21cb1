/**
 * Standalone run of the remote (`pnpm --filter @qrmenu/mfe-auth dev`): its pages without the
 * shell. `/` login, `/admin` and `/admin/profile` the profile.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { QueryClientProvider, queryClient } from '@qrmenu/shared/query';
import { loadRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { sessionStore } from '@qrmenu/shared/session';
import { UiProvider } from '@qrmenu/shared/ui';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Outlet, Route, Routes } from 'react-router-dom';
import LoginPage from './LoginPage';
import ProfilePage from './ProfilePage';

function Frame() {
  return (
    <div style={{ fontFamily: 'system-ui, sans-serif' }}>
      <nav style={{ display: 'flex', gap: 12, padding: 8, background: '#edf2f7', fontSize: 13 }}>
        <strong>mfe_auth (standalone)</strong>
        <Link to={ROUTES.login}>/</Link>
        <Link to={ROUTES.admin.profile}>/admin/profile</Link>
      </nav>
      <Outlet />
    </div>
  );
}

async function start() {
  await loadRuntimeConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <JotaiProvider store={sessionStore}>
        <QueryClientProvider client={queryClient}>
          <UiProvider>
            <BrowserRouter>
              <Routes>
                <Route element={<Frame />}>
                  <Route path={ROUTES.login} element={<LoginPage />} />
                  <Route path={ROUTES.admin.home} element={<ProfilePage />} />
                  <Route path={ROUTES.admin.profile} element={<ProfilePage />} />
                </Route>
              </Routes>
            </BrowserRouter>
          </UiProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </StrictMode>,
  );
}

void start();
