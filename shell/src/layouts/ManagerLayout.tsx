import { t } from '@qrmenu/shared/texts';
import { NavLink, Outlet } from 'react-router-dom';

/** Manager area: content above a fixed bottom bar (Asosiy, Menyu, Kategoriyalar, Profil). */
export function ManagerLayout() {
  return (
    <div className="qm-manager" data-layout="manager">
      <main className="qm-manager-content">
        <Outlet />
      </main>
      <nav className="qm-bottom-bar" aria-label={t.menu}>
        <NavLink to="/admin" end className="qm-tab">
          {t.home}
        </NavLink>
        <NavLink to="/productStopList" className="qm-tab">
          {t.menu}
        </NavLink>
        <NavLink to="/categoryList" className="qm-tab">
          {t.categories}
        </NavLink>
        {/* Spec 2: Profil has no action wired in the bottom bar. */}
        <button type="button" className="qm-tab">
          {t.profile}
        </button>
      </nav>
    </div>
  );
}
