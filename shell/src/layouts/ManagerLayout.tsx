import { ROUTES } from '@qrmenu/shared/paths';
import { useWaitingOrdersCount } from '@qrmenu/shared/query';
import { t } from '@qrmenu/shared/texts';
import { NavLink, Outlet } from 'react-router-dom';

/**
 * Buyurtmalar's badge: the orders waiting to be accepted, read from the cache the orders board
 * keeps live (no request of its own: nothing shows before the board was opened in this tab).
 */
function WaitingOrders() {
  const waiting = useWaitingOrdersCount();
  if (waiting === 0) return null;
  return (
    <span className="qm-tab-badge" data-testid="orders-badge">
      <span aria-hidden="true">{waiting}</span>
      <span className="qm-visually-hidden">{`, ${t.orders.newCount(waiting)}`}</span>
    </span>
  );
}

/**
 * Manager area: content above a fixed bottom bar (Asosiy, Buyurtmalar, Menyu, Hisobot,
 * Kategoriyalar, Profil), each tab a 44 px+ target. Profil opens the profile page, where the manager signs out.
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
        <NavLink to={ROUTES.manager.orders} className="qm-tab">
          {t.orders.title}
          <WaitingOrders />
        </NavLink>
        <NavLink to={ROUTES.manager.stopList} className="qm-tab">
          {t.menu}
        </NavLink>
        <NavLink to={ROUTES.manager.reports} className="qm-tab">
          {t.reports.title}
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
