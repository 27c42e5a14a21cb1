/** Query keys, written once so that any module can invalidate another module's data. */
export const queryKeys = {
  all: ['qrmenu'] as const,
  profile: () => ['qrmenu', 'profile'] as const,
  restaurants: {
    all: () => ['qrmenu', 'restaurants'] as const,
    adminList: () => ['qrmenu', 'restaurants', 'admin-list'] as const,
    /** a page of the admin's list (under adminList: what changes the list changes its pages) */
    adminPage: (page: string, sort: string | undefined) =>
      ['qrmenu', 'restaurants', 'admin-list', 'page', page, sort ?? ''] as const,
    mine: () => ['qrmenu', 'restaurants', 'mine'] as const,
    view: (slug: string) => ['qrmenu', 'restaurants', 'view', slug] as const,
    oldSlugs: (restaurantId: string) => ['qrmenu', 'restaurants', 'old-slugs', restaurantId] as const,
    /** the restaurant's Telegram bot as checked (under restaurants: saving the form refreshes it) */
    telegramAll: () => ['qrmenu', 'restaurants', 'telegram'] as const,
    telegram: (restaurantId: string) => ['qrmenu', 'restaurants', 'telegram', restaurantId] as const,
    /** the restaurant's Payme and Click credentials (docs/PAYMENTS.md) */
    payments: (restaurantId: string) => ['qrmenu', 'restaurants', 'payments', restaurantId] as const,
    /** its daily statements (a page of days; one day) */
    statementsAll: () => ['qrmenu', 'restaurants', 'statements'] as const,
    statements: (restaurantId: string, page: string) =>
      ['qrmenu', 'restaurants', 'statements', restaurantId, 'page', page] as const,
    statementDay: (restaurantId: string, day: string) =>
      ['qrmenu', 'restaurants', 'statements', restaurantId, 'day', day] as const,
    /** mutation key of the syncs (their variables are the restaurant ids) */
    sync: () => ['qrmenu', 'restaurants', 'sync'] as const,
  },
  managers: () => ['qrmenu', 'managers'] as const,
  managerAccounts: () => ['qrmenu', 'managers', 'accounts'] as const,
  placements: {
    all: () => ['qrmenu', 'placements'] as const,
    list: (restaurantId?: string) => ['qrmenu', 'placements', restaurantId ?? null] as const,
  },
  visits: {
    all: () => ['qrmenu', 'visits'] as const,
    stats: (restaurantId?: string) => ['qrmenu', 'visits', restaurantId ?? null] as const,
  },
  reports: {
    all: () => ['qrmenu', 'reports'] as const,
    report: (kind: string, from?: string, to?: string, restaurantId?: string) =>
      ['qrmenu', 'reports', kind, from ?? null, to ?? null, restaurantId ?? null] as const,
    restaurants: (from?: string, to?: string, restaurantIds?: string) =>
      ['qrmenu', 'reports', 'restaurants', from ?? null, to ?? null, restaurantIds ?? null] as const,
  },
  integration: () => ['qrmenu', 'integration-restaurants'] as const,
  releases: () => ['qrmenu', 'releases'] as const,
  /** a POS restaurant's integration (its last sync) */
  posAccount: (restaurantId: string) => ['qrmenu', 'restaurants', 'pos-account', restaurantId] as const,
  categories: {
    all: () => ['qrmenu', 'categories'] as const,
    manager: (restaurantId?: string) => ['qrmenu', 'categories', 'manager', restaurantId ?? null] as const,
    /** every restaurant's manager list (a prefix) */
    managerAll: () => ['qrmenu', 'categories', 'manager'] as const,
  },
  products: {
    all: () => ['qrmenu', 'products'] as const,
    manager: (restaurantId?: string) => ['qrmenu', 'products', 'manager', restaurantId ?? null] as const,
    /** every restaurant's manager list (a prefix) */
    managerAll: () => ['qrmenu', 'products', 'manager'] as const,
    detail: (id: string) => ['qrmenu', 'products', 'detail', id] as const,
    details: () => ['qrmenu', 'products', 'detail'] as const,
  },
  options: {
    all: () => ['qrmenu', 'options'] as const,
    byProduct: (productId: string) => ['qrmenu', 'options', 'product', productId] as const,
    /** Every option of a restaurant with its rows (the untranslated-items screen). */
    restaurantAll: () => ['qrmenu', 'options', 'restaurant'] as const,
    restaurant: (restaurantId?: string) =>
      ['qrmenu', 'options', 'restaurant', restaurantId ?? 'own'] as const,
  },
  optionRows: {
    all: () => ['qrmenu', 'option-rows'] as const,
    byOption: (optionId: string) => ['qrmenu', 'option-rows', 'option', optionId] as const,
  },
  /** Orders from the table (a manager's own restaurant: `null`; an admin's: its id). */
  orders: {
    all: () => ['qrmenu', 'orders'] as const,
    /** every list of orders (today's and any day's, of every restaurant): a prefix */
    lists: () => ['qrmenu', 'orders', 'list'] as const,
    /** today's orders: what the board shows and its live stream keeps up to date */
    today: (restaurantId?: string) => ['qrmenu', 'orders', 'list', restaurantId ?? null, 'today'] as const,
    /** a past day's orders (the history) */
    day: (restaurantId: string | undefined, day: string) =>
      ['qrmenu', 'orders', 'list', restaurantId ?? null, day] as const,
    /** per-day totals: a prefix, and one range */
    daysAll: () => ['qrmenu', 'orders', 'days'] as const,
    days: (restaurantId: string | undefined, from: string, to: string) =>
      ['qrmenu', 'orders', 'days', restaurantId ?? null, from, to] as const,
    /** pending table calls */
    callsAll: () => ['qrmenu', 'orders', 'calls'] as const,
    calls: (restaurantId?: string) => ['qrmenu', 'orders', 'calls', restaurantId ?? null] as const,
    /** the ordering switches (they list the placements) */
    orderingAll: () => ['qrmenu', 'orders', 'ordering'] as const,
    ordering: (restaurantId?: string) => ['qrmenu', 'orders', 'ordering', restaurantId ?? null] as const,
    /** the POS's tables and each placement's mapped one */
    posTablesAll: () => ['qrmenu', 'orders', 'pos-tables'] as const,
    posTables: (restaurantId?: string) => ['qrmenu', 'orders', 'pos-tables', restaurantId ?? null] as const,
    /** a waiter's «Barcha stollar»: today's orders and calls of every table (to take one over) */
    others: () => ['qrmenu', 'orders', 'others'] as const,
  },
  /** The restaurant's staff («Xodimlar»: a manager's own restaurant `null`; an admin's: its id). */
  staff: {
    all: () => ['qrmenu', 'staff'] as const,
    list: (restaurantId?: string) => ['qrmenu', 'staff', 'list', restaurantId ?? null] as const,
    floor: (restaurantId?: string) => ['qrmenu', 'staff', 'floor', restaurantId ?? null] as const,
    devices: (restaurantId?: string) => ['qrmenu', 'staff', 'devices', restaurantId ?? null] as const,
  },
} as const;
