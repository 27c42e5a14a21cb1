import { ROUTES } from '@qrmenu/shared/paths';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { BottomBarLayout, type BottomTab, ORDERS_TAB, PROFILE_TAB } from './ManagerLayout';

/**
 * The restaurant's staff on the floor (docs/SCREENS.md, "The staff's screens"): a bottom bar of
 * only their own pages, phone first. A waiter: Buyurtmalar (their tables' board, with the count of
 * orders waiting to be accepted), Profil; the kitchen: Oshxona (its view), Stop-list, Profil.
 */
const KITCHEN_TABS: readonly BottomTab[] = [
  { to: ROUTES.staff.kitchen, label: t.staff.kitchenTitle },
  { to: ROUTES.manager.stopList, label: t.stopList },
  PROFILE_TAB,
];
const WAITER_TABS: readonly BottomTab[] = [ORDERS_TAB, PROFILE_TAB];

export function StaffLayout() {
  const { isKitchen } = useSession();
  return (
    <BottomBarLayout
      layout={isKitchen ? 'kitchen' : 'waiter'}
      tabs={isKitchen ? KITCHEN_TABS : WAITER_TABS}
    />
  );
}
