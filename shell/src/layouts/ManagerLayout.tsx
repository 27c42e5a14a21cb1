import { ROUTES } from '@qrmenu/shared/paths';
import { useWaitingOrdersCount } from '@qrmenu/shared/query';
import { t } from '@qrmenu/shared/texts';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';

/**
 * Buyurtmalar's badge: the orders waiting to be accepted, read from the cache the orders board
 * keeps live (no request of its own: nothing shows before the board was opened in this tab).
 */
export function WaitingOrders() {
  const waiting = useWaitingOrdersCount();
  if (waiting === 0) return null;
  return (
    <span className="qm-tab-badge" data-testid="orders-badge">
      <span aria-hidden="true">{waiting}</span>
      <span className="qm-visually-hidden">{`, ${t.orders.newCount(waiting)}`}</span>
    </span>
  );
}

/** A phone's area: the page above a fixed bottom bar of `tabs` (each a 44 px+ target). */
export function BottomBarLayout({ layout, tabs }: { layout: string; tabs: ReactNode }) {
  return (
    <div className="qm-manager" data-layout={layout}>
      <main className="qm-manager-content">
        <Outlet />
      </main>
      <nav className="qm-bottom-bar" aria-label={t.menu}>
        {tabs}
      </nav>
    </div>
  );
}

/**
 * Manager area: content above a fixed bottom bar (Asosiy, Buyurtmalar, Menyu, Hisobot,
 * Kategoriyalar, Profil), each tab a 44 px+ target. Profil opens the profile page, where the manager signs out.
 */
export function ManagerLayout() {
  return (
    <BottomBarLayout
      layout="manager"
      tabs={
        <>
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
        </>
      }
    />
  );
}
