import { ROUTES } from '@qrmenu/shared/paths';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { NavLink } from 'react-router-dom';
import { BottomBarLayout, WaitingOrders } from './ManagerLayout';

/**
 * The restaurant's staff on the floor (docs/SCREENS.md, "The staff's screens"): a bottom bar of
 * only their own pages, phone first. A waiter: Buyurtmalar (their tables' board, with the count of
 * orders waiting to be accepted), Profil; the kitchen: Oshxona (its view), Stop-list, Profil.
 */
export function StaffLayout() {
  const { isKitchen } = useSession();
  return (
    <BottomBarLayout
      layout={isKitchen ? 'kitchen' : 'waiter'}
      tabs={
        isKitchen ? (
          <>
            <NavLink to={ROUTES.staff.kitchen} className="qm-tab">
              {t.staff.kitchenTitle}
            </NavLink>
            <NavLink to={ROUTES.manager.stopList} className="qm-tab">
              {t.stopList}
            </NavLink>
            <NavLink to={ROUTES.admin.profile} className="qm-tab">
              {t.profile}
            </NavLink>
          </>
        ) : (
          <>
            <NavLink to={ROUTES.manager.orders} className="qm-tab">
              {t.orders.title}
              <WaitingOrders />
            </NavLink>
            <NavLink to={ROUTES.admin.profile} className="qm-tab">
              {t.profile}
            </NavLink>
          </>
        )
      }
    />
  );
}
