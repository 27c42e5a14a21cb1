/**
 * Standalone run of the remote (`renderStandalone`): `/` login, `/admin` and `/admin/profile` the
 * profile, under a small bar of links.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalone } from '@qrmenu/shared/standalone';
import { Link, Outlet, Route } from 'react-router-dom';
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

void renderStandalone(
  <Route element={<Frame />}>
    <Route path={ROUTES.login} element={<LoginPage />} />
    <Route path={ROUTES.admin.home} element={<ProfilePage />} />
    <Route path={ROUTES.admin.profile} element={<ProfilePage />} />
  </Route>,
);
