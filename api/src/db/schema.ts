/** Kysely table types: exactly the tables of docs/ARCHITECTURE.md. Booleans are 0/1, timestamps ISO text. */
export interface UsersTable {
  id: string;
  login: string;
  password_hash: string;
  role: string;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface RestaurantsTable {
  id: string;
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  manager_id: string | null;
  type: string;
  is_active: number;
  bot_token: string | null;
  channel_id: string | null;
  image: string | null;
  logotype: string | null;
  /**
   * JSON text of the Russian and English values, `{"ru":{"title":"..."}}` (shared
   * `Translations`); '{}' for none. Optional here: inserts may leave it to the column default.
   */
  translations?: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: string;
  restaurant_id: string;
  title: string;
  is_active: number;
  /**
   * JSON text of the Russian and English values, `{"ru":{"title":"..."}}` (shared
   * `Translations`); '{}' for none. Optional here: inserts may leave it to the column default.
   */
  translations?: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: string;
  restaurant_id: string;
  category_id: string;
  name: string;
  description: string;
  price: number;
  is_active: number;
  /** JSON text of `[{file}]`. */
  images: string;
  /**
   * JSON text of the Russian and English values, `{"ru":{"title":"..."}}` (shared
   * `Translations`); '{}' for none. Optional here: inserts may leave it to the column default.
   */
  translations?: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductOptionsTable {
  id: string;
  product_id: string;
  name: string;
  /**
   * JSON text of the Russian and English values, `{"ru":{"title":"..."}}` (shared
   * `Translations`); '{}' for none. Optional here: inserts may leave it to the column default.
   */
  translations?: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface OptionRowsTable {
  id: string;
  product_option_id: string;
  name: string;
  price: number;
  /**
   * JSON text of the Russian and English values, `{"ru":{"title":"..."}}` (shared
   * `Translations`); '{}' for none. Optional here: inserts may leave it to the column default.
   */
  translations?: string;
  external_id: string | null;
  created_at: string;
}

/** An old slug of a restaurant (`/m/<slug>` redirects to the current one). */
export interface RestaurantSlugHistoryTable {
  slug: string;
  restaurant_id: string;
  created_at: string;
}

export interface PlacementsTable {
  id: string;
  restaurant_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** Views per restaurant, day (`YYYY-MM-DD`, Tashkent), placement ('' = none) and language. */
export interface VisitCountsTable {
  restaurant_id: string;
  day: string;
  placement_id: string;
  language: string;
  views: number;
}

/** Salted visitor hashes of days not yet folded into `visit_uniques`. */
export interface VisitHashesTable {
  restaurant_id: string;
  day: string;
  hash: string;
}

export interface VisitUniquesTable {
  restaurant_id: string;
  day: string;
  uniques: number;
}

export interface VisitSaltsTable {
  day: string;
  salt: string;
}

export interface Database {
  users: UsersTable;
  restaurants: RestaurantsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_options: ProductOptionsTable;
  option_rows: OptionRowsTable;
  restaurant_slug_history: RestaurantSlugHistoryTable;
  placements: PlacementsTable;
  visit_counts: VisitCountsTable;
  visit_hashes: VisitHashesTable;
  visit_uniques: VisitUniquesTable;
  visit_salts: VisitSaltsTable;
}

export type UserRow = UsersTable;
export type RestaurantRow = RestaurantsTable;
export type CategoryRow = CategoriesTable;
export type ProductRow = ProductsTable;
export type ProductOptionRow = ProductOptionsTable;
export type OptionRowRow = OptionRowsTable;
export type PlacementRow = PlacementsTable;
