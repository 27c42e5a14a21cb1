/**
 * Kept whole: one call a route, each a few lines in its resource's group; split, the client
 * would lose the one `api` object every module imports.
 *
 * The typed HTTP client of the API: `api.<resource>.<call>()` for every route the front calls.
 * Calls resolve with the answer's payload and reject with `ApiError`.
 */

import type { z } from 'zod';
import type {
  AdminRestaurantsQuery,
  Bill,
  Category,
  CategoryCreateBody,
  CategoryUpdateBody,
  DeployKey,
  FloorTable,
  FloorTablesBody,
  IntegrationCreateBody,
  IntegrationRestaurant,
  LoginBody,
  Manager,
  ManagerAccount,
  ManagerCreateBody,
  ModuleReleases,
  OptionCreateBody,
  OptionRow,
  OptionRowCreateBody,
  OptionRowUpdateBody,
  OptionUpdateBody,
  Order,
  OrderingSettings,
  orderDayTotals,
  orderingSettingsBody,
  orderStatusBody,
  PasswordChangeBody,
  PaymentSettings,
  PaymentSettingsBody,
  PaymentStatement,
  PaymentStatementLine,
  Placement,
  PlacementCreateBody,
  PosAccount,
  PosImportBody,
  PosPreview,
  PosProvider,
  PosTables,
  Product,
  ProductCreateBody,
  ProductDetail,
  ProductImage,
  ProductOption,
  ProductOptionWithRows,
  ProductUpdateBody,
  Profile,
  PublicRestaurant,
  ReconcileBody,
  ReleasedHolds,
  ReleaseHoldBody,
  ReleaseOrigin,
  ReleaseRegisterBody,
  ReleasesOverview,
  ReportFormat,
  ReportKind,
  ReportOf,
  ReportPeriod,
  Restaurant,
  RestaurantCounts,
  RestaurantCreateBody,
  RestaurantsCompareReport,
  RestaurantUpdateBody,
  StaffCreateBody,
  StaffDevice,
  StaffMember,
  StaffUpdateBody,
  StopListBody,
  StopListResult,
  SyncResult,
  TableCall,
  TableScope,
  TelegramLinkCode,
  TelegramStatus,
  UploadTargetType,
  VisitStats,
} from '../schemas';
import {
  apiUrl,
  type CallOptions,
  call,
  http,
  openStream,
  SYNC_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
} from './client';
import { ApiError } from './errors';

export { changedFields, hasChanges } from './changed';

export { ApiError, type ApiErrorDetail, isApiError, isMissing, parseRetryAfter } from './errors';

type Data<T> = { data: T };
export type OrderDayTotals = z.infer<typeof orderDayTotals>;
export type OrderingSettingsBody = z.input<typeof orderingSettingsBody>;
export type OrderStatusBody = z.input<typeof orderStatusBody>;
const data = <T>(p: Promise<Data<T>>): Promise<T> => p.then((r) => r.data);
const enc = encodeURIComponent;
/**
 * A call on a restaurant's data under /manager: the admin names the restaurant
 * (`?restaurant_id=`), a manager's is its own (none named).
 */
const ofRestaurant = <T>(
  path: string,
  restaurantId: string | undefined,
  options: Omit<CallOptions, 'query'> = {},
): Promise<T> => data(call<Data<T>>(path, { ...options, query: { restaurant_id: restaurantId } }));
/** A restaurant's list answered with its count beside it (`{data, count}`). */
const countedOfRestaurant = <T>(path: string, restaurantId: string | undefined): Promise<CountedList<T>> =>
  call<{ data: T[]; count: number }>(path, { query: { restaurant_id: restaurantId } }).then((r) => ({
    items: r.data,
    count: r.count,
  }));
/** The person's PIN on a shared device (a kitchen tablet): each of its actions names them. */
const withPin = (pin: string | undefined) => (pin ? { headers: { 'x-staff-pin': pin } } : {});

export interface AdminRestaurants {
  restaurants: Restaurant[];
  counts: RestaurantCounts;
  /** Guests' visits of the last 30 days by restaurant id ("30 kun"). */
  visits_30d?: Record<string, number>;
}
export interface CountedList<T> {
  items: T[];
  count: number;
}
export interface Deleted {
  _id: string;
}

/** A restaurant answer of `/manager/restaurants/me`: the contract allows a list or one object. */
function pickRestaurant(value: unknown): Restaurant | null {
  if (Array.isArray(value)) return (value[0] as Restaurant | undefined) ?? null;
  if (value && typeof value === 'object') return value as Restaurant;
  return null;
}

function filesForm(
  fields: Record<string, string>,
  files: Iterable<File | Blob> | ArrayLike<File | Blob>,
): FormData {
  const form = new FormData();
  // the fields first: the server checks the target when the first file begins and refuses a
  // field that comes after a file (400)
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of Array.from(files)) form.append('files', f, f instanceof File ? f.name : 'image');
  return form;
}

export const api = {
  health: () => call<{ status: 'ok' }>('health'),

  auth: {
    /** POST /auth/login → the access token. */
    login: (body: LoginBody) =>
      data(call<Data<{ accessToken: string }>>('auth/login', { method: 'post', json: body })),
    /** GET /auth/profile, with the stored token or the one given. */
    profile: (token?: string) => data(call<Data<Profile>>('auth/profile', token ? { token } : {})),
    /** POST /auth/logout: ends this session on the server (the token is refused from now on). */
    logout: () => call<void>('auth/logout', { method: 'post' }),
    /** PUT /auth/password → a new token (every other session of the caller ends). */
    changePassword: (body: PasswordChangeBody) =>
      data(call<Data<{ accessToken: string }>>('auth/password', { method: 'put', json: body })),
  },

  restaurants: {
    /**
     * GET /admin/restaurants → all restaurants with counters (admin); with `limit`, one page of
     * them (`page`, `sort` by 30-day visits), the counters still of all.
     */
    adminList: (page: AdminRestaurantsQuery = {}) =>
      call<AdminRestaurants>('admin/restaurants', { query: page }),
    /** GET /manager/restaurants/me → the caller's restaurant or null (list or object accepted). */
    mine: () => call<Data<unknown>>('manager/restaurants/me').then((r) => pickRestaurant(r?.data)),
    /** POST /admin/restaurants/create */
    create: (body: RestaurantCreateBody) =>
      data(call<Data<Restaurant>>('admin/restaurants/create', { method: 'post', json: body })),
    /** PUT /manager/restaurants/update?slug= with the changed fields only. */
    update: (slug: string, changed: RestaurantUpdateBody) =>
      data(
        call<Data<Restaurant>>('manager/restaurants/update', {
          method: 'put',
          query: { slug },
          json: changed,
        }),
      ),
    /** DELETE /admin/restaurants/delete?slug= */
    deleteBySlug: (slug: string) =>
      data(call<Data<Deleted>>('admin/restaurants/delete', { method: 'delete', query: { slug } })),
    /** DELETE /manager/restaurants/delete?restaurantId= (admin only) */
    deleteById: (restaurantId: string) =>
      data(call<Data<Deleted>>('manager/restaurants/delete', { method: 'delete', query: { restaurantId } })),
    /** GET /admin/restaurants/{id}/old-slugs → its old slugs (redirects), newest first (admin). */
    oldSlugs: (restaurantId: string) =>
      data(call<Data<{ slug: string; createdAt: string }[]>>(`admin/restaurants/${restaurantId}/old-slugs`)),
    /** DELETE /admin/restaurants/{id}/old-slugs/{slug}: the slug stops redirecting and is free (admin). */
    releaseOldSlug: ({ restaurantId, slug }: { restaurantId: string; slug: string }) =>
      data(
        call<Data<{ slug: string }>>(
          `admin/restaurants/${restaurantId}/old-slugs/${encodeURIComponent(slug)}`,
          {
            method: 'delete',
          },
        ),
      ),
    /** GET /user/restaurants/view?slug= (public fields only without an owner/admin token). */
    view: (slug: string) =>
      data(call<Data<Restaurant | PublicRestaurant>>('user/restaurants/view', { query: { slug } })),
  },

  managers: {
    /** GET /admin/managers */
    list: () => data(call<Data<Manager[]>>('admin/managers')),
    /** POST /admin/managers (extension) */
    create: (body: ManagerCreateBody) =>
      data(call<Data<Manager>>('admin/managers', { method: 'post', json: body })),
    /** GET /admin/managers/accounts: every manager, deactivated ones too (the Menedjerlar page). */
    accounts: () => data(call<Data<ManagerAccount[]>>('admin/managers/accounts')),
    /** PUT /admin/managers/:id/password: a new password; the manager's sessions end. */
    resetPassword: (id: string, password: string) =>
      data(
        call<Data<ManagerAccount>>(`admin/managers/${enc(id)}/password`, {
          method: 'put',
          json: { password },
        }),
      ),
    /** PUT /admin/managers/:id/active: deactivation ends the manager's sessions. */
    setActive: (id: string, isActive: boolean) =>
      data(
        call<Data<ManagerAccount>>(`admin/managers/${enc(id)}/active`, {
          method: 'put',
          json: { is_active: isActive },
        }),
      ),
  },

  integration: {
    /** GET /admin/integration/restaurants → external restaurants {id, name}. */
    list: () => data(call<Data<IntegrationRestaurant[]>>('admin/integration/restaurants')),
    /** POST /admin/integration/restaurants/create {id, manager_id} */
    create: (body: IntegrationCreateBody) =>
      data(call<Data<Restaurant>>('admin/integration/restaurants/create', { method: 'post', json: body })),
    /** PUT /admin/integration/restaurants/{_id}/sync, empty body, 60 s timeout. */
    sync: (id: string) =>
      data(
        call<Data<SyncResult>>(`admin/integration/restaurants/${enc(id)}/sync`, {
          method: 'put',
          timeout: SYNC_TIMEOUT_MS,
        }),
      ),
  },

  /** POS integrations (iiko Cloud, Poster): connect, preview, import, status, sync. */
  pos: {
    /** POST /admin/integration/pos/locations → iiko organizations / Poster spots {id, name}. */
    locations: (body: { provider: PosProvider; credentials: Record<string, string> }) =>
      data(
        call<Data<IntegrationRestaurant[]>>('admin/integration/pos/locations', {
          method: 'post',
          json: body,
          timeout: SYNC_TIMEOUT_MS,
        }),
      ),
    /** POST /admin/integration/pos/preview → counts of categories, products, options, pictures. */
    preview: (body: { provider: PosProvider; credentials: Record<string, string>; location_id: string }) =>
      data(
        call<Data<PosPreview>>('admin/integration/pos/preview', {
          method: 'post',
          json: body,
          timeout: SYNC_TIMEOUT_MS,
        }),
      ),
    /** POST /admin/integration/pos/import → the new restaurant and the webhook token (shown once). */
    import: (body: PosImportBody) =>
      data(
        call<Data<{ restaurant: Restaurant; webhook_token: string }>>('admin/integration/pos/import', {
          method: 'post',
          json: body,
          timeout: SYNC_TIMEOUT_MS,
        }),
      ),
    /** GET /admin/integration/pos/{_id} → provider, location, masked credentials, last sync. */
    account: (id: string) => data(call<Data<PosAccount>>(`admin/integration/pos/${enc(id)}`)),
  },

  upload: {
    /** POST /manager/upload (restaurant image or logotype) → the stored URL. */
    restaurantImage: (
      restaurantId: string,
      type: UploadTargetType,
      files: Iterable<File | Blob> | ArrayLike<File | Blob>,
    ) =>
      call<{ url: string }>('manager/upload', {
        method: 'post',
        body: filesForm({ restaurant_id: restaurantId, type }, files),
        timeout: UPLOAD_TIMEOUT_MS,
      }),
    /** POST /manager/upload (product images) → the product's whole image list. */
    productImages: (productId: string, files: Iterable<File | Blob> | ArrayLike<File | Blob>) =>
      data(
        call<Data<ProductImage[]>>('manager/upload', {
          method: 'post',
          body: filesForm({ product_id: productId }, files),
          timeout: UPLOAD_TIMEOUT_MS,
        }),
      ),
  },

  categories: {
    /** GET /manager/category[?restaurant_id=] (admins must give the restaurant). */
    managerList: (restaurantId?: string) => countedOfRestaurant<Category>('manager/category', restaurantId),
    /** POST /manager/category/create */
    create: (body: CategoryCreateBody) =>
      data(call<Data<Category>>('manager/category/create', { method: 'post', json: body })),
    /** PUT /manager/category/update/{id} with the changed fields. */
    update: (id: string, changed: CategoryUpdateBody) =>
      data(call<Data<Category>>(`manager/category/update/${enc(id)}`, { method: 'put', json: changed })),
    /** DELETE /manager/category/delete/{id} */
    remove: (id: string) =>
      data(call<Data<Deleted>>(`manager/category/delete/${enc(id)}`, { method: 'delete' })),
    /** PUT /manager/category/position/{id} {position} → the restaurant's categories in their new order. */
    move: (id: string, position: number) =>
      call<{ data: Category[] }>(`manager/category/position/${enc(id)}`, {
        method: 'put',
        json: { position },
      }).then((r) => r.data),
  },

  products: {
    /** GET /manager/products[?restaurant_id=] → every product of the restaurant. */
    managerList: (restaurantId?: string) => countedOfRestaurant<Product>('manager/products', restaurantId),
    /** GET /user/products/{id} → the product with its category and options (with rows). */
    detail: (id: string) => data(call<Data<ProductDetail>>(`user/products/${enc(id)}`)),
    /** POST /manager/products → the new id. */
    create: (body: ProductCreateBody) =>
      data(call<Data<{ id: string }>>('manager/products', { method: 'post', json: body })),
    /** PUT /manager/products/{id} with the changed fields. */
    update: (id: string, changed: ProductUpdateBody) =>
      data(call<Data<Product>>(`manager/products/${enc(id)}`, { method: 'put', json: changed })),
    /** DELETE /manager/products/{id} */
    remove: (id: string) => data(call<Data<Deleted>>(`manager/products/${enc(id)}`, { method: 'delete' })),
    /**
     * PUT /manager/products/position/{id} {position, category_id?} → the products of the category
     * it is in afterwards, in their new order.
     */
    move: (id: string, position: number, categoryId?: string) =>
      call<{ data: Product[] }>(`manager/products/position/${enc(id)}`, {
        method: 'put',
        json: categoryId === undefined ? { position } : { position, category_id: categoryId },
      }).then((r) => r.data),
  },

  options: {
    /** GET /manager/restaurant-options[?restaurant_id=]: every option of the restaurant with its rows. */
    restaurantList: (restaurantId?: string) =>
      ofRestaurant<ProductOptionWithRows[]>('manager/restaurant-options', restaurantId),
    /** GET /manager/product-option/product/{productId} */
    listByProduct: (productId: string) =>
      data(call<Data<ProductOption[]>>(`manager/product-option/product/${enc(productId)}`)),
    /** POST /manager/product-option */
    create: (body: OptionCreateBody) =>
      data(call<Data<ProductOption>>('manager/product-option', { method: 'post', json: body })),
    /** PUT /manager/product-option/{id} */
    update: (id: string, body: OptionUpdateBody) =>
      data(call<Data<ProductOption>>(`manager/product-option/${enc(id)}`, { method: 'put', json: body })),
    /** DELETE /manager/product-option/{id} */
    remove: (id: string) =>
      data(call<Data<Deleted>>(`manager/product-option/${enc(id)}`, { method: 'delete' })),
    /** PUT /manager/product-option/position/{id} {position} → the product's options in their new order. */
    move: (id: string, position: number) =>
      data(
        call<Data<ProductOption[]>>(`manager/product-option/position/${enc(id)}`, {
          method: 'put',
          json: { position },
        }),
      ),
  },

  optionRows: {
    /** GET /manager/product-option-row/{optionId} */
    listByOption: (optionId: string) =>
      data(call<Data<OptionRow[]>>(`manager/product-option-row/${enc(optionId)}`)),
    /** POST /manager/product-option-row */
    create: (body: OptionRowCreateBody) =>
      data(call<Data<OptionRow>>('manager/product-option-row', { method: 'post', json: body })),
    /** PUT /manager/product-option-row/{id} with the changed fields. */
    update: (id: string, changed: OptionRowUpdateBody) =>
      data(call<Data<OptionRow>>(`manager/product-option-row/${enc(id)}`, { method: 'put', json: changed })),
    /** DELETE /manager/product-option-row/{id} */
    remove: (id: string) =>
      data(call<Data<Deleted>>(`manager/product-option-row/${enc(id)}`, { method: 'delete' })),
    /** PUT /manager/product-option-row/position/{id} {position} → the option's rows in their new order. */
    move: (id: string, position: number) =>
      data(
        call<Data<OptionRow[]>>(`manager/product-option-row/position/${enc(id)}`, {
          method: 'put',
          json: { position },
        }),
      ),
  },

  stopList: {
    /** POST /manager/stop-list {product_ids, action: 'stop' | 'resume'} (extension). */
    apply: (body: StopListBody) =>
      data(call<Data<StopListResult>>('manager/stop-list', { method: 'post', json: body })),
  },

  placements: {
    /** GET /manager/placements (admins name the restaurant). */
    list: (restaurantId?: string) => ofRestaurant<Placement[]>('manager/placements', restaurantId),
    /** POST /manager/placements {restaurant_id, names}: one placement per name. */
    create: (body: PlacementCreateBody) =>
      data(call<Data<Placement[]>>('manager/placements', { method: 'post', json: body })),
    /** PUT /manager/placements/{id} {name} */
    rename: (id: string, name: string) =>
      data(call<Data<Placement>>(`manager/placements/${enc(id)}`, { method: 'put', json: { name } })),
    /** DELETE /manager/placements/{id} */
    remove: (id: string) => data(call<Data<Deleted>>(`manager/placements/${enc(id)}`, { method: 'delete' })),
  },

  /**
   * Orders from the table and the table calls, for staff (docs/ORDERS.md): a manager's own
   * restaurant; admins name it (`restaurantId`).
   */
  orders: {
    /**
     * GET /manager/orders[?day=YYYY-MM-DD]: the day's orders, newest first (today without a day);
     * a waiter reads their tables' unless `tables` is `all`.
     */
    list: (restaurantId?: string, day?: string, tables?: TableScope) =>
      data(call<Data<Order[]>>('manager/orders', { query: { restaurant_id: restaurantId, day, tables } })),
    /** GET /manager/orders/days?from=&to=: per-day counts and totals. */
    days: (restaurantId?: string, range: { from?: string; to?: string } = {}) =>
      data(
        call<Data<OrderDayTotals[]>>('manager/orders/days', {
          query: { restaurant_id: restaurantId, from: range.from, to: range.to },
        }),
      ),
    /** GET /manager/orders/csv?day=: the day's orders as CSV text (a download). */
    csv: async (day: string, restaurantId?: string): Promise<string> => {
      try {
        const res = await http(apiUrl('manager/orders/csv'), {
          headers: { Accept: 'text/csv' },
          searchParams: restaurantId ? { day, restaurant_id: restaurantId } : { day },
        });
        return await res.text();
      } catch (err) {
        throw err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
      }
    },
    /** PUT /manager/orders/{id}/status {status, reason?}: one step along the order's life. */
    setStatus: (id: string, body: OrderStatusBody, pin?: string) =>
      data(
        call<Data<Order>>(`manager/orders/${enc(id)}/status`, { method: 'put', json: body, ...withPin(pin) }),
      ),
    /** POST /manager/orders/{id}/take: a waiter takes over an order of another waiter's table. */
    take: (id: string, pin?: string) =>
      data(call<Data<Order>>(`manager/orders/${enc(id)}/take`, { method: 'post', ...withPin(pin) })),
    /** GET /manager/calls: the pending waiter calls and bill requests (a waiter's tables' unless `all`). */
    calls: (restaurantId?: string, tables?: TableScope) =>
      data(call<Data<TableCall[]>>('manager/calls', { query: { restaurant_id: restaurantId, tables } })),
    /** PUT /manager/calls/{id}/done */
    callDone: (id: string, pin?: string) =>
      data(call<Data<TableCall>>(`manager/calls/${enc(id)}/done`, { method: 'put', ...withPin(pin) })),
    /** POST /manager/calls/{id}/take: a waiter takes over a call of another waiter's table. */
    takeCall: (id: string, pin?: string) =>
      data(call<Data<TableCall>>(`manager/calls/${enc(id)}/take`, { method: 'post', ...withPin(pin) })),
    /** POST /manager/orders/{id}/pos-retry: «Qayta yuborish» of an order the POS did not take. */
    posRetry: (id: string) =>
      data(call<Data<Order>>(`manager/orders/${enc(id)}/pos-retry`, { method: 'post' })),
    /** GET /manager/pos/tables: the POS's tables (iiko: of the chosen terminal group), each placement's. */
    posTables: (restaurantId?: string) => ofRestaurant<PosTables>('manager/pos/tables', restaurantId),
    /** PUT /manager/pos/terminal-group {terminal_group_id}: the iiko terminal group of the tables. */
    choosePosTerminalGroup: (terminalGroupId: string, restaurantId?: string) =>
      ofRestaurant<PosTables>('manager/pos/terminal-group', restaurantId, {
        method: 'put',
        json: { terminal_group_id: terminalGroupId },
      }),
    /** PUT /manager/placements/{id}/pos-table {pos_table_id}: a placement's POS table (null: none). */
    mapPlacementTable: (placementId: string, posTableId: string | null) =>
      data(
        call<Data<{ _id: string; name: string; pos_table_id: string | null }>>(
          `manager/placements/${enc(placementId)}/pos-table`,
          { method: 'put', json: { pos_table_id: posTableId } },
        ),
      ),
    /** GET /manager/ordering: whether the restaurant and each placement take orders. */
    ordering: (restaurantId?: string) => ofRestaurant<OrderingSettings>('manager/ordering', restaurantId),
    /** PUT /manager/ordering with the switches that changed. */
    updateOrdering: (body: OrderingSettingsBody, restaurantId?: string) =>
      ofRestaurant<OrderingSettings>('manager/ordering', restaurantId, { method: 'put', json: body }),
    /**
     * GET /manager/orders/events: the live stream (server-sent events) of the restaurant's orders
     * and calls, opened with the bearer token; `lastEventId` resumes after the last event read.
     */
    events: (options: { restaurantId?: string; lastEventId?: string | null; signal?: AbortSignal } = {}) =>
      openStream('manager/orders/events', {
        query: { restaurant_id: options.restaurantId },
        lastEventId: options.lastEventId ?? null,
        ...(options.signal ? { signal: options.signal } : {}),
      }),
  },

  /** A restaurant's Payme and Click credentials (docs/PAYMENTS.md): the secrets are taken, never read back. */
  payments: {
    /** GET /admin/restaurants/{id}/payments */
    settings: (restaurantId: string) =>
      data(call<Data<PaymentSettings>>(`admin/restaurants/${encodeURIComponent(restaurantId)}/payments`)),
    /** PUT /admin/restaurants/{id}/payments */
    change: ({ restaurantId, body }: { restaurantId: string; body: PaymentSettingsBody }) =>
      data(
        call<Data<PaymentSettings>>(`admin/restaurants/${encodeURIComponent(restaurantId)}/payments`, {
          method: 'put',
          json: body,
        }),
      ),
    /** GET /admin/restaurants/{id}/payments/statements?page=: a page of the daily statements, newest first. */
    statements: (restaurantId: string, page: number) =>
      call<{ data: PaymentStatementLine[]; count: number }>(
        `admin/restaurants/${encodeURIComponent(restaurantId)}/payments/statements`,
        { query: { page } },
      ),
    /** GET /admin/restaurants/{id}/payments/statements/{day}: the day's statements with their differences. */
    dayStatements: (restaurantId: string, day: string) =>
      data(
        call<Data<PaymentStatement[]>>(
          `admin/restaurants/${encodeURIComponent(restaurantId)}/payments/statements/${encodeURIComponent(day)}`,
        ),
      ),
    /** POST /admin/restaurants/{id}/payments/statements/{day}: «Hisobotni yangilash». */
    rebuildDay: ({ restaurantId, day }: { restaurantId: string; day: string }) =>
      data(
        call<Data<PaymentStatement[]>>(
          `admin/restaurants/${encodeURIComponent(restaurantId)}/payments/statements/${encodeURIComponent(day)}`,
          { method: 'post' },
        ),
      ),
    /**
     * PUT /manager/tables/{placementId}/close: «Hisob yopildi» (paid at the till); 409 while a
     * payment holds it. On a shared device, with the person's PIN.
     */
    closeTable: (target: string | { placementId: string; pin?: string | undefined }) => {
      const { placementId, pin } =
        typeof target === 'string' ? { placementId: target, pin: undefined } : target;
      return data(
        call<Data<Bill | null>>(`manager/tables/${encodeURIComponent(placementId)}/close`, {
          method: 'put',
          ...withPin(pin),
        }),
      );
    },
    /** POST /admin/restaurants/{id}/payments/release: an admin ends the payments holding a table's bill. */
    releaseHold: ({ restaurantId, body }: { restaurantId: string; body: ReleaseHoldBody }) =>
      data(
        call<Data<ReleasedHolds>>(`admin/restaurants/${encodeURIComponent(restaurantId)}/payments/release`, {
          method: 'post',
          json: body,
        }),
      ),
    /** POST /admin/restaurants/{id}/payments/reconcile: the provider's list added to the day. */
    reconcile: ({ restaurantId, body }: { restaurantId: string; body: ReconcileBody }) =>
      data(
        call<Data<PaymentStatement>>(
          `admin/restaurants/${encodeURIComponent(restaurantId)}/payments/reconcile`,
          {
            method: 'post',
            json: body,
          },
        ),
      ),
  },

  /** The restaurant's Telegram bot (docs/TELEGRAM.md); its token and chat are saved with the restaurant. */
  telegram: {
    /** GET /manager/telegram: the bot's @name, its chat, the webhook, messages waiting. */
    status: (restaurantId: string) => ofRestaurant<TelegramStatus>('manager/telegram', restaurantId),
    /** POST /manager/telegram/test: "Sinov xabari", sent at once. */
    test: (restaurantId: string) =>
      ofRestaurant<{ sent: true }>('manager/telegram/test', restaurantId, { method: 'post' }),
  },

  /**
   * «Hisobot» (docs/REPORTS.md): a restaurant's reports over a period of Tashkent days (a
   * manager's own restaurant; admins name it), their files, and the admin's restaurants side by side.
   */
  reports: {
    /** GET /manager/reports/{kind}?from=&to=: one report and the period before it. */
    read: <K extends ReportKind>(kind: K, period: ReportPeriod, restaurantId?: string) =>
      data(
        call<Data<ReportOf[K]>>(`manager/reports/${kind}`, {
          query: { from: period.from, to: period.to, restaurant_id: restaurantId },
        }),
      ),
    /** GET /admin/reports/restaurants?from=&to=[&restaurant_ids=]: every restaurant, or those named. */
    restaurants: (period: ReportPeriod, restaurantIds: readonly string[] = []) =>
      data(
        call<Data<RestaurantsCompareReport>>('admin/reports/restaurants', {
          query: {
            from: period.from,
            to: period.to,
            restaurant_ids: restaurantIds.length > 0 ? restaurantIds.join(',') : undefined,
          },
        }),
      ),
    /** GET /manager/reports/{kind}/export (or the admin's side by side): the file as a Blob. */
    file: async (
      target: { kind: ReportKind; restaurantId?: string | undefined } | { restaurants: readonly string[] },
      period: ReportPeriod,
      format: ReportFormat,
    ): Promise<Blob> => {
      const query: Record<string, string> = { from: period.from, to: period.to, format };
      let path: string;
      if ('kind' in target) {
        path = `manager/reports/${target.kind}/export`;
        if (target.restaurantId) query.restaurant_id = target.restaurantId;
      } else {
        path = 'admin/reports/restaurants/export';
        if (target.restaurants.length > 0) query.restaurant_ids = target.restaurants.join(',');
      }
      try {
        const res = await http(apiUrl(path), { searchParams: query });
        return await res.blob();
      } catch (err) {
        throw err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
      }
    },
  },

  visits: {
    /** GET /manager/visits: 30 days, totals, placements and languages (admins name the restaurant). */
    stats: (restaurantId?: string) => ofRestaurant<VisitStats>('manager/visits', restaurantId),
    /** GET /manager/visits/csv: every day's counts as CSV text (a download). */
    csv: async (restaurantId?: string): Promise<string> => {
      try {
        const res = await http(apiUrl('manager/visits/csv'), {
          headers: { Accept: 'text/csv' },
          ...(restaurantId ? { searchParams: { restaurant_id: restaurantId } } : {}),
        });
        return await res.text();
      } catch (err) {
        throw err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
      }
    },
  },

  /**
   * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"): its manager's «Xodimlar»
   * (a manager's own restaurant; admins name it), and a staff member's own Telegram link.
   */
  staff: {
    /** GET /manager/staff: the waiters and the kitchen, deactivated ones too. */
    list: (restaurantId?: string) => ofRestaurant<StaffMember[]>('manager/staff', restaurantId),
    /** POST /manager/staff */
    create: ({ restaurantId, body }: { restaurantId?: string | undefined; body: StaffCreateBody }) =>
      ofRestaurant<StaffMember>('manager/staff', restaurantId, { method: 'post', json: body }),
    /** PUT /manager/staff/{id}: name, role, deactivation (its sessions and devices end). */
    update: ({ id, body }: { id: string; body: StaffUpdateBody }) =>
      data(call<Data<StaffMember>>(`manager/staff/${enc(id)}`, { method: 'put', json: body })),
    /** PUT /manager/staff/{id}/password */
    resetPassword: ({ id, password }: { id: string; password: string }) =>
      data(
        call<Data<StaffMember>>(`manager/staff/${enc(id)}/password`, { method: 'put', json: { password } }),
      ),
    /** POST /manager/staff/{id}/pin: a new PIN, shown once. */
    newPin: (id: string) =>
      data(call<Data<{ pin: string }>>(`manager/staff/${enc(id)}/pin`, { method: 'post' })),
    /** DELETE /manager/staff/{id}/telegram */
    unlinkTelegram: (id: string) =>
      data(call<Data<StaffMember>>(`manager/staff/${enc(id)}/telegram`, { method: 'delete' })),
    /** GET /manager/floor: the tables with their zones and waiters. */
    floor: (restaurantId?: string) => ofRestaurant<FloorTable[]>('manager/floor', restaurantId),
    /** PUT /manager/floor: tables to a waiter (null: everyone) and/or a zone. */
    assignTables: ({ restaurantId, body }: { restaurantId?: string | undefined; body: FloorTablesBody }) =>
      ofRestaurant<FloorTable[]>('manager/floor', restaurantId, { method: 'put', json: body }),
    /** GET /manager/staff-devices: the devices that stay signed in. */
    devices: (restaurantId?: string) => ofRestaurant<StaffDevice[]>('manager/staff-devices', restaurantId),
    /** DELETE /manager/staff-devices/{id}: ends the device's session at once. */
    revokeDevice: (id: string) =>
      data(call<Data<Deleted>>(`manager/staff-devices/${enc(id)}`, { method: 'delete' })),
    /** POST /staff/telegram-code: the caller's one-time code for the restaurant's bot. */
    telegramCode: () => data(call<Data<TelegramLinkCode>>('staff/telegram-code', { method: 'post' })),
    /** DELETE /staff/telegram: the caller unlinks their own Telegram. */
    unlinkOwnTelegram: () =>
      data(call<Data<{ telegram_linked: false }>>('staff/telegram', { method: 'delete' })),
  },

  releases: {
    /** GET /releases: every module's stable and canary releases, loads and failures, the threshold. */
    overview: () => data(call<Data<ReleasesOverview>>('releases')),
    /** POST /releases/modules/{module}: a build as the stable release, or with canary_share the canary. */
    register: (module: string, body: ReleaseRegisterBody) =>
      data(call<Data<ModuleReleases>>(`releases/modules/${enc(module)}`, { method: 'post', json: body })),
    /** PUT /releases/modules/{module}/canary {share} */
    setCanaryShare: (module: string, share: number) =>
      data(
        call<Data<ModuleReleases>>(`releases/modules/${enc(module)}/canary`, {
          method: 'put',
          json: { share },
        }),
      ),
    /** POST /releases/modules/{module}/promote: the canary for everyone. */
    promote: (module: string) =>
      data(call<Data<ModuleReleases>>(`releases/modules/${enc(module)}/promote`, { method: 'post' })),
    /** POST /releases/modules/{module}/rollback: the canary off, else the previous stable release. */
    rollback: (module: string) =>
      data(call<Data<ModuleReleases>>(`releases/modules/${enc(module)}/rollback`, { method: 'post' })),
    /** POST /releases/modules/{module}/deploy-key: a new key for the module's pipeline, shown once. */
    createDeployKey: (module: string) =>
      data(call<Data<DeployKey>>(`releases/modules/${enc(module)}/deploy-key`, { method: 'post' })),
    /** POST /releases/origins {origin}: releases may be registered from it (every server at once). */
    allowOrigin: (origin: string) =>
      data(call<Data<ReleaseOrigin>>('releases/origins', { method: 'post', json: { origin } })),
    /** DELETE /releases/origins/{id}: no more releases from it (409 while a release there is served). */
    disallowOrigin: (id: string) =>
      data(call<Data<ReleaseOrigin>>(`releases/origins/${enc(id)}`, { method: 'delete' })),
  },
} as const;

export type Api = typeof api;
