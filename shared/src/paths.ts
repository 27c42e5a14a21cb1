/**
 * Every page's address, written once (docs/SCREENS.md, "Addresses"): the route patterns the shell's table registers,
 * and per role the builders that pages, layouts and remotes link with. Managers live outside the
 * /admin prefix except their home (/admin) and their profile (/admin/profile); react-router
 * matches the patterns case-insensitively (`/productStopList` opens `/ProductStopList`).
 *
 * Plain data, zod-free: the shell's first page (the login screen) reads it.
 */
import { ROLES } from './schemas/roles';

/** Route patterns (react-router syntax; the param names are the spec's). */
export const ROUTES = {
  login: '/',
  /** Where the login screen sends a stored token; it and everything under it redirect to /admin. */
  home: '/home',
  notFound: '/not-found',
  /** Sidebar area (admins and every non-manager role), and the manager's home and profile. */
  admin: {
    home: '/admin',
    restaurants: '/admin/restaurants',
    restaurantNew: '/admin/restaurants/new',
    restaurantEdit: '/admin/restaurants/:id/edit',
    managers: '/admin/managers',
    profile: '/admin/profile',
    /** :id restaurant id, :slug its slug (the page reads the restaurant by slug) */
    restaurant: '/admin/viewRestaurant/:id/:slug',
    /** :id restaurant id */
    categories: '/admin/categoryList/:id',
    /** :category_id, :id restaurant id */
    products: '/admin/viewProduct/:category_id/:id',
    /** :ProductId, :id restaurant id */
    product: '/admin/product-detail/:ProductId/:id',
    /** :ProductId */
    productOptions: '/admin/product-option/:ProductId',
    /** :id option id */
    optionRows: '/admin/product-option-row/:id',
    /** :id restaurant id: what is still untranslated */
    untranslated: '/admin/untranslated/:id',
    /** the federated modules' releases (admins; in the shell itself, docs/RELEASES.md) */
    modules: '/admin/modules',
    /** :id restaurant id: its live orders board (docs/ORDERS.md) */
    orders: '/admin/orders/:id',
    /** :id restaurant id: its orders by day */
    orderHistory: '/admin/orders/:id/history',
    /** :id restaurant id: whether it and its placements take orders */
    orderingSettings: '/admin/orders/:id/settings',
    /** «Hisobot»: the restaurants side by side (docs/REPORTS.md) */
    reports: '/admin/reports',
    /** :id restaurant id: its reports */
    restaurantReports: '/admin/reports/:id',
    /** :id restaurant id: its waiters and kitchen, their tables and devices («Xodimlar») */
    staff: '/admin/staff/:id',
  },
  /** The manager's top-level pages (no /admin prefix). */
  manager: {
    /** :id its own restaurant's id */
    restaurant: '/viewRestaurant/:id',
    /** the own restaurant's card, like /admin */
    restaurantCard: '/getManagerRestaurant',
    categories: '/categoryList',
    /** :category_id */
    products: '/ProductTable/:category_id',
    /** :ProductId, :id restaurant id */
    product: '/product-detail/:ProductId/:id',
    /** :ProductId */
    productOptions: '/product-option/:ProductId',
    /** the options page without a product in the address */
    productOptionsIndex: '/product-option',
    /** :id option id */
    optionRows: '/product-option-row/:id',
    stopList: '/ProductStopList',
    /** the own restaurant's untranslated texts */
    untranslated: '/untranslated',
    /** the own restaurant's live orders board, «Buyurtmalar» in the bottom bar */
    orders: '/orders',
    orderHistory: '/orders/history',
    orderingSettings: '/orders/settings',
    /** the own restaurant's reports, «Hisobot» in the bottom bar */
    reports: '/reports',
    /** the own restaurant's waiters and kitchen («Xodimlar») */
    staff: '/staff',
  },
  /**
   * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"): a waiter's board is
   * `/orders` (their tables'), the kitchen's view is here, its stop-list `/ProductStopList`.
   */
  staff: {
    kitchen: '/kitchen',
  },
} as const;

/** The `:params` of a route pattern: `ParamNames<'/a/:x/:y'>` is `'x' | 'y'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * What a page reads of its address when it serves several patterns (an admin's and a manager's):
 * every param of any of them, each possibly missing (the manager's patterns name fewer).
 */
export type RouteParams<P extends string> = { readonly [K in ParamNames<P>]?: string };

/** A page's patterns: the admin area's and, when a manager has it at top level, the manager's. */
export type RoutePatternPair = readonly [admin: string, manager?: string];

export type PathRole = 'admin' | 'manager';

export interface RestaurantRef {
  _id: string;
  slug: string;
}

/** Where a role's links go: the same names for both roles, each role its own targets. */
export interface RolePaths {
  readonly role: PathRole;
  /** /admin: the restaurant list for admins, the own restaurant's card for managers */
  readonly home: string;
  readonly profile: string;
  /** The restaurant list (a manager sees its own restaurant there). */
  readonly restaurants: string;
  /** Admin only (the shell's table refuses other roles). */
  readonly restaurantNew: string;
  /** Admin only. */
  readonly managers: string;
  /** Back from a restaurant screen: the list for admins, the home card for managers. */
  readonly restaurantsBack: string;
  /** The stop-list (managers only; null for admins). */
  readonly stopList: string | null;
  restaurant(r: RestaurantRef): string;
  /** Admins edit on the form page; a manager edits in the dialog on its home card. */
  restaurantEdit(r: Pick<RestaurantRef, '_id'>): string;
  categories(p: { restaurantId: string }): string;
  products(p: { categoryId: string; restaurantId: string }): string;
  product(p: { productId: string; restaurantId: string }): string;
  productOptions(p: { productId: string }): string;
  optionRows(p: { optionId: string }): string;
  /** What is still untranslated in a restaurant (a manager: its own). */
  untranslated(p: { restaurantId: string }): string;
  /** A restaurant's live orders board (a manager: its own). */
  orders(p: { restaurantId: string }): string;
  /** Its orders by day. */
  orderHistory(p: { restaurantId: string }): string;
  /** Its ordering switches. */
  orderingSettings(p: { restaurantId: string }): string;
  /** A restaurant's reports, «Hisobot» (a manager: its own). */
  reports(p: { restaurantId: string }): string;
  /** Its waiters and kitchen («Xodimlar»; a manager: its own). */
  staff(p: { restaurantId: string }): string;
}

/** A pattern with its `:params` filled in, each one URL-encoded. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

const A = ROUTES.admin;
const M = ROUTES.manager;

export const adminPaths: RolePaths = {
  role: 'admin',
  home: A.home,
  profile: A.profile,
  restaurants: A.restaurants,
  restaurantNew: A.restaurantNew,
  managers: A.managers,
  restaurantsBack: A.restaurants,
  stopList: null,
  restaurant: (r) => fillPath(A.restaurant, { id: r._id, slug: r.slug }),
  restaurantEdit: (r) => fillPath(A.restaurantEdit, { id: r._id }),
  categories: (p) => fillPath(A.categories, { id: p.restaurantId }),
  products: (p) => fillPath(A.products, { category_id: p.categoryId, id: p.restaurantId }),
  product: (p) => fillPath(A.product, { ProductId: p.productId, id: p.restaurantId }),
  productOptions: (p) => fillPath(A.productOptions, { ProductId: p.productId }),
  optionRows: (p) => fillPath(A.optionRows, { id: p.optionId }),
  untranslated: (p) => fillPath(A.untranslated, { id: p.restaurantId }),
  orders: (p) => fillPath(A.orders, { id: p.restaurantId }),
  orderHistory: (p) => fillPath(A.orderHistory, { id: p.restaurantId }),
  orderingSettings: (p) => fillPath(A.orderingSettings, { id: p.restaurantId }),
  reports: (p) => fillPath(A.restaurantReports, { id: p.restaurantId }),
  staff: (p) => fillPath(A.staff, { id: p.restaurantId }),
};

export const managerPaths: RolePaths = {
  role: 'manager',
  home: A.home,
  profile: A.profile,
  restaurants: A.restaurants,
  restaurantNew: A.restaurantNew,
  managers: A.managers,
  restaurantsBack: A.home,
  stopList: M.stopList,
  restaurant: (r) => fillPath(M.restaurant, { id: r._id }),
  restaurantEdit: () => A.home,
  categories: () => M.categories,
  products: (p) => fillPath(M.products, { category_id: p.categoryId }),
  product: (p) => fillPath(M.product, { ProductId: p.productId, id: p.restaurantId }),
  productOptions: (p) => fillPath(M.productOptions, { ProductId: p.productId }),
  optionRows: (p) => fillPath(M.optionRows, { id: p.optionId }),
  untranslated: () => M.untranslated,
  orders: () => M.orders,
  orderHistory: () => M.orderHistory,
  orderingSettings: () => M.orderingSettings,
  reports: () => M.reports,
  staff: () => M.staff,
};

/**
 * The paths of a role: managers get theirs, and so do a restaurant's waiter and kitchen (their
 * board and stop-list are the manager's addresses, of their own restaurant); every other role the
 * admin area's.
 */
export function pathsFor(role: string | null | undefined): RolePaths {
  return role === ROLES.manager || role === ROLES.waiter || role === ROLES.kitchen
    ? managerPaths
    : adminPaths;
}
