import { adminPaths, ROUTES } from '@qrmenu/shared/paths';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { NavLink, Outlet } from 'react-router-dom';

/** Admin (and every non-manager role) area: a 280 px sidebar and the page beside it. */
export function SidebarLayout() {
  const { isAdmin } = useSession();
  return (
    <div className="qm-admin" data-layout="sidebar">
      <aside className="qm-sidebar" data-testid="sidebar">
        <div className="qm-brand">QR menyu</div>
        <nav className="qm-side-nav">
          <NavLink to={adminPaths.restaurants} className="qm-side-link">
            {t.restaurants}
          </NavLink>
          {isAdmin ? (
            <NavLink to={adminPaths.managers} className="qm-side-link">
              {t.managers}
            </NavLink>
          ) : null}
          {isAdmin ? (
            <NavLink to={ROUTES.admin.modules} className="qm-side-link">
              {t.modules}
            </NavLink>
          ) : null}
          <NavLink to={adminPaths.profile} className="qm-side-link">
            {t.profile}
          </NavLink>
        </nav>
      </aside>
      <main className="qm-admin-content">
        <Outlet />
      </main>
    </div>
  );
}
