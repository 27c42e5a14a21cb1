import { adminPaths, ROUTES } from '@qrmenu/shared/paths';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { NavLink, Outlet } from 'react-router-dom';

/**
 * Admin (and every non-manager role) area: a 280 px sidebar and the page beside it. Another role
 * has no area of its own (docs/PRODUCT.md): its sidebar lists only Profil, not an entry that
 * would lead it to the 404 page.
 */
export function SidebarLayout() {
  const { isAdmin } = useSession();
  return (
    <div className="qm-admin" data-layout="sidebar">
      <aside className="qm-sidebar" data-testid="sidebar">
        <div className="qm-brand">QR menyu</div>
        <nav className="qm-side-nav">
          {isAdmin ? (
            <>
              <NavLink to={adminPaths.restaurants} className="qm-side-link">
                {t.restaurants}
              </NavLink>
              <NavLink to={adminPaths.managers} className="qm-side-link">
                {t.managers}
              </NavLink>
              <NavLink to={ROUTES.admin.reports} className="qm-side-link">
                {t.reports.title}
              </NavLink>
            </>
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
