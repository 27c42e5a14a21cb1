/**
 * Which remote/expose serves each page, and which pages are warmed after login. Apart from the
 * route table (`routes.tsx`), which lazily loads the area layout that reads `PREFETCH`: neither
 * imports the other.
 */
import type { RemoteRef } from './remotes';

/** Which remote/expose serves each page (docs/ARCHITECTURE.md). */
export const PAGES = {
  login: { remote: 'mfe_auth', expose: './LoginPage' },
  profile: { remote: 'mfe_auth', expose: './ProfilePage' },
  managerHome: { remote: 'mfe_restaurants', expose: './ManagerHome' },
  restaurants: { remote: 'mfe_restaurants', expose: './RestaurantsPage' },
  restaurantDetail: { remote: 'mfe_restaurants', expose: './RestaurantDetailPage' },
  restaurantForm: { remote: 'mfe_restaurants', expose: './RestaurantFormPage' },
  managers: { remote: 'mfe_restaurants', expose: './ManagersPage' },
  staff: { remote: 'mfe_restaurants', expose: './StaffPage' },
  // a remote /config.json does not name shows "not available" on its routes
  categoryList: { remote: 'mfe_catalog', expose: './CategoryListPage' },
  productTable: { remote: 'mfe_catalog', expose: './ProductTablePage' },
  productDetail: { remote: 'mfe_catalog', expose: './ProductDetailPage' },
  productOptions: { remote: 'mfe_catalog', expose: './ProductOptionPage' },
  productOptionRows: { remote: 'mfe_catalog', expose: './ProductOptionRowPage' },
  untranslated: { remote: 'mfe_catalog', expose: './UntranslatedPage' },
  stopList: { remote: 'mfe_stoplist', expose: './StopListPage' },
  ordersBoard: { remote: 'mfe_orders', expose: './OrdersBoardPage' },
  ordersHistory: { remote: 'mfe_orders', expose: './OrdersHistoryPage' },
  orderingSettings: { remote: 'mfe_orders', expose: './OrderingSettingsPage' },
  // «Hisobot»: its charts load with it only (never warmed ahead: PREFETCH leaves it out)
  reports: { remote: 'mfe_reports', expose: './ReportsPage' },
  restaurantsReport: { remote: 'mfe_reports', expose: './RestaurantsReportPage' },
  kitchen: { remote: 'mfe_orders', expose: './KitchenPage' },
} as const satisfies Record<string, RemoteRef>;

/**
 * Pages whose code is fetched once the page on screen has settled (warm-up.ts), so the first move
 * to another module waits on no network. The catalog's category list and product table: a
 * manager's bottom bar and an admin's restaurant rows lead there.
 */
const CATALOG = [PAGES.categoryList, PAGES.productTable] as const;
export const PREFETCH = {
  sidebar: [PAGES.profile],
  admin: [PAGES.restaurants, PAGES.profile, PAGES.managers, PAGES.restaurantForm, ...CATALOG],
  // the stop-list is the manager's most used screen (Menyu): ready before the first tap; the
  // orders board is the bottom bar's other live screen
  manager: [
    PAGES.managerHome,
    PAGES.stopList,
    PAGES.ordersBoard,
    PAGES.profile,
    PAGES.restaurantDetail,
    ...CATALOG,
  ],
  // a waiter's board and a kitchen's view are their screens: ready before the first tap
  waiter: [PAGES.ordersBoard, PAGES.profile],
  kitchen: [PAGES.kitchen, PAGES.stopList, PAGES.profile],
} as const satisfies Record<string, readonly RemoteRef[]>;
