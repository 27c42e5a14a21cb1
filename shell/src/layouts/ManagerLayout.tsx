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

/** A tab of the bottom bar: its page, its name; `end`: only that page itself (not the ones under it). */
export interface BottomTab {
  to: string;
  label: string;
  end?: boolean;
  /** Beside the name (Buyurtmalar's count of waiting orders). */
  badge?: ReactNode;
}

/** Buyurtmalar, with the count of the orders waiting to be accepted. */
export const ORDERS_TAB: BottomTab = {
  to: ROUTES.manager.orders,
  label: t.orders.title,
  badge: <WaitingOrders />,
};
/** Profil: where one signs out. */
export const PROFILE_TAB: BottomTab = { to: ROUTES.admin.profile, label: t.profile };

/** A phone's area: the page above a fixed bottom bar of `tabs` (each a 44 px+ target). */
export function BottomBarLayout({ layout, tabs }: { layout: string; tabs: readonly BottomTab[] }) {
  return (
    <div className="qm-manager" data-layout={layout}>
      <main className="qm-manager-content">
        <Outlet />
      </main>
      <nav className="qm-bottom-bar" aria-label={t.menu}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className="qm-tab">
            {tab.label}
            {tab.badge}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

const MANAGER_TABS: readonly BottomTab[] = [
  { to: ROUTES.admin.home, label: t.home, end: true },
  ORDERS_TAB,
  { to: ROUTES.manager.stopList, label: t.menu },
  { to: ROUTES.manager.reports, label: t.reports.title },
  { to: ROUTES.manager.categories, label: t.categories },
  PROFILE_TAB,
];

/**
 * Manager area: content above a fixed bottom bar (Asosiy, Buyurtmalar, Menyu, Hisobot,
 * Kategoriyalar, Profil), each tab a 44 px+ target. Profil opens the profile page, where the manager signs out.
 */
export function ManagerLayout() {
  return <BottomBarLayout layout="manager" tabs={MANAGER_TABS} />;
}
