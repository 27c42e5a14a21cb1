import { ROUTES } from '@qrmenu/shared/paths';
import { t } from '@qrmenu/shared/texts';
import { NavLink, Outlet } from 'react-router-dom';

/**
 * Manager area: content above a fixed bottom bar (Asosiy, Menyu, Kategoriyalar, Profil), each tab
 * a 44 px+ target. Profil opens the profile page, where the manager signs out.
 */
export function ManagerLayout() {
  return (
    <div className="qm-manager" data-layout="manager">
      <main className="qm-manager-content">
        <Outlet />
      </main>
      <nav className="qm-bottom-bar" aria-label={t.menu}>
        <NavLink to={ROUTES.admin.home} end className="qm-tab">
          {t.home}
        </NavLink>
        <NavLink to={ROUTES.manager.stopList} className="qm-tab">
          {t.menu}
        </NavLink>
        <NavLink to={ROUTES.manager.categories} className="qm-tab">
          {t.categories}
        </NavLink>
        <NavLink to={ROUTES.admin.profile} className="qm-tab">
          {t.profile}
        </NavLink>
      </nav>
    </div>
  );
}
