// Kept whole: the database's tables as Kysely sees them, one interface a table, in one module
// that every repository and migration check reads.
import type { Generated } from 'kysely';

/** Kysely table types: exactly the tables of docs/ARCHITECTURE.md. Booleans are 0/1, timestamps ISO text. */
export interface UsersTable {
  id: string;
  login: string;
  password_hash: string;
  role: string;
  is_active: number;
  created_at: string;
  updated_at: string;
  /** A staff account's restaurant (`0037_staff`); null for admins and managers. */
  restaurant_id?: string | null;
  /** A staff member's name ("Aziz"), shown on the board, in the history and in Telegram. */
  name?: string | null;
  /** A keyed hash of the staff member's PIN (services/staff/pin.ts), unique in the restaurant. */
  pin_hash?: string | null;
  /** The linked Telegram account's id (as text), unique in the restaurant. */
  telegram_user_id?: string | null;
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
  /** 1: guests may order from the menu page (the manager's switch; placements have their own). */
  takes_orders?: number;
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
  /** Place in its parent's list (0-based: a manager's order); a new row defaults to 0 unless given. */
  position: Generated<number>;
  /** The POS's order value last seen (imported categories only). */
  pos_position?: number | null;
  /**
   * 1: a stop of its last active product switched it off (a resume switches it back on); 0: its
   * manager did, or it is active (a resume leaves it as it is).
   */
  emptied_by_stop?: number;
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
  /** 1: the manager stopped it (kept over POS syncs until the manager resumes it). */
  stopped_by_manager?: number;
  /** 1: the POS's menu hides it (iiko: not included in the menu; Poster: hidden at the spot). */
  pos_hidden?: number;
  /** 1: on the POS's stop-list (iiko `/stop_lists`, balance <= 0). */
  pos_stopped?: number;
  /** JSON `{"links":[...],"files":[...]}`: the POS's picture links last imported, what they became. */
  pos_pictures?: string | null;
  /** The POS's order value last seen (imported products only). */
  pos_position?: number | null;
  /** Place in its parent's list (0-based: a manager's order); a new row defaults to 0 unless given. */
  position: Generated<number>;
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
  /**
   * The rule (`0034_option_rules`): the portions of its rows a guest must and may choose on one
   * dish, 0 and 1 by default (one row or none). Optional here: inserts may leave the defaults.
   */
  min_choices?: number;
  max_choices?: number;
  /** Place in its parent's list (0-based: a manager's order); a new row defaults to 0 unless given. */
  position: Generated<number>;
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
  /** 1: on the POS's stop-list (a size, a modifier): hidden from guests. */
  pos_stopped?: number;
  /**
   * Its limits (`0034_option_rules`): taken at most `max_quantity` times on one dish (1), its
   * first `free_quantity` portions free (0), chosen for the guest beforehand (`is_default`, 0/1).
   */
  max_quantity?: number;
  free_quantity?: number;
  is_default?: number;
  /** Place in its parent's list (0-based: a manager's order); a new row defaults to 0 unless given. */
  position: Generated<number>;
  created_at: string;
}

/** An old slug of a restaurant (`/m/<slug>` redirects to the current one). */
export interface RestaurantSlugHistoryTable {
  slug: string;
  restaurant_id: string;
  created_at: string;
}

/** A user's session epoch: tokens made in an older one are refused (accounts-migration.ts). */
export interface SessionEpochsTable {
  user_id: string;
  epoch: number;
}

/** A token ended by a logout, kept until it would have expired anyway. */
export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

/** Failed logins of one key (`a:<address>` / `l:<login>`), shared by the servers; times in ms. */
export interface LoginFailuresTable {
  key: string;
  count: number;
  since: number;
  last: number;
}

/** An address a login succeeded from (key: JSON `[address, login]`), until when (ms). */
export interface LoginKnownTable {
  key: string;
  until: number;
}

/** A restaurant imported from a POS: where from, its sealed credentials, its last sync. */
export interface IntegrationAccountsTable {
  restaurant_id: string;
  /** `iiko` | `poster` (= the restaurant's type). */
  provider: string;
  /** iiko organization id / Poster spot id. */
  location_id: string;
  /** AES-GCM sealed JSON of the credentials (never returned, never logged). */
  credentials_enc: string;
  /** AES-GCM sealed secret the POS's webhooks must present. */
  webhook_token_enc: string;
  /** The menu revision of the last sync (iiko `revision`), for incremental syncs. */
  revision: string | null;
  /** Lock: set while a sync runs (a stale one, older than the lock's lifetime, is taken over). */
  sync_started_at: string | null;
  last_sync_at: string | null;
  /** `ok` | `unchanged` | `error` */
  last_sync_result: string | null;
  last_sync_added: number;
  last_sync_changed: number;
  last_sync_removed: number;
  /** The last error, in Uzbek (shown to the admin). */
  last_sync_error: string | null;
  /** The POS's pictures of the last run: products to take them for, done so far, links that failed. */
  pictures_total?: number;
  pictures_done?: number;
  pictures_failed?: number;
  /** When its orders go into the POS: `off` | `accepted` | `at_once` (shared `POS_SEND_MODES`). */
  orders_send?: string;
  /** The iiko terminal group its tables belong to (null: not chosen yet; Poster: none). */
  terminal_group_id?: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlacementsTable {
  id: string;
  restaurant_id: string;
  name: string;
  /** 1: this code's table takes orders (when its restaurant does too). */
  takes_orders?: number;
  /** The POS's table this placement stands for (null: not mapped). */
  pos_table_id?: string | null;
  /** Its zone on the floor ("Ayvon"; null: none). */
  zone?: string | null;
  /** The waiter its orders and calls go to (null: everyone). */
  waiter_id?: string | null;
  created_at: string;
  updated_at: string;
}

/** A POS API token shared by every server: key = hash of the API address and credentials. */
export interface IntegrationTokensTable {
  key: string;
  /** AES-GCM sealed token. */
  token_enc: string;
  /** ISO time after which the token is renewed (some minutes before it expires). */
  renew_at: string;
}

/** Views per restaurant, day (`YYYY-MM-DD`, Tashkent), placement ('' = none) and language. */
export interface VisitCountsTable {
  restaurant_id: string;
  day: string;
  placement_id: string;
  language: string;
  views: number;
}

/** The unique visitors of a day not yet folded into `visit_uniques`: a sketch (visits/sketch.ts). */
export interface VisitSketchesTable {
  restaurant_id: string;
  day: string;
  /** the sketch's registers as text (`Sketch.encode`) */
  registers: string;
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

/** A processed picture a restaurant stored (its quota; deleted once nothing refers to it). */
export interface PicturesTable {
  /** the picture's id (`@qrmenu/shared/image-variants`) */
  id: string;
  restaurant_id: string;
  /** all its files together */
  bytes: number;
  created_at: string;
}

/** Every registered build of a federated module, with what the shells reported of it. */
export interface ModuleReleasesTable {
  id: string;
  module: string;
  version: string;
  manifest_url: string;
  loads: number;
  failures: number;
  /** JSON text of failures by error name, `{"TypeError":3}`. */
  failure_names: string;
  /** The stable release this one replaced when it became stable (a rollback's target). */
  follows_id: string | null;
  created_at: string;
  /** JSON `{ name, message, at }` of the first error a shell reported of it; null: none yet. */
  first_error: string | null;
}

/**
 * One fact a reporter told of a release (its users counted once each): `@load`, `@fail`, or an
 * error's name. `reporter`: a hash of the release and the report token's subject.
 */
export interface ModuleReleaseReportsTable {
  release_id: string;
  reporter: string;
  what: string;
  created_at: string;
}

/** A module's current releases: its stable one and its canary with the share of users. */
export interface ModuleChannelsTable {
  module: string;
  stable_id: string | null;
  canary_id: string | null;
  canary_share: number;
  /** JSON text of the last canary the failure threshold switched off, or null. */
  stopped: string | null;
  updated_at: string;
}

/** A module's deploy key, as its SHA-256 (hex): the key itself is shown once. */
export interface DeployKeysTable {
  module: string;
  key_hash: string;
  created_at: string;
}

/** An origin a module's release may be registered from (docs/RELEASES.md). */
export interface ReleaseOriginsTable {
  id: string;
  /** `https://cdn.example.uz`, as URL's `origin` writes it. */
  origin: string;
  /** The admin's login; null: from the environment (RELEASE_ORIGINS, REMOTE_*_URL). */
  added_by: string | null;
  created_at: string;
}

/** A guest's order (docs/ORDERS.md). */
export interface OrdersTable {
  id: string;
  restaurant_id: string;
  /** Tashkent day `YYYY-MM-DD` the order arrived on; with `number`, unique per restaurant. */
  day: string;
  /** The day's short number (`#14`): `order_day_numbers`. */
  number: number;
  /** The placement (table) it came from; null once that placement was deleted. */
  placement_id: string | null;
  /** The placement's name when ordered ("Stol 5"). */
  table_name: string;
  /** `sent` | `accepted` | `ready` | `served` | `rejected` (shared `ORDER_STATUSES`). */
  status: string;
  reject_reason: string | null;
  /** The guest's language (`uz` | `ru` | `en`). */
  language: string;
  comment: string | null;
  /** JSON text of the lines as ordered: `StoredOrderLine[]` (repos/orders.ts). */
  items: string;
  total: number;
  /** Made by the guest's cart per attempt; unique per restaurant. */
  idempotency_key: string;
  /**
   * SHA-256 of the request that made it, in canonical form (services/orders/idempotency.ts): the
   * same key with another request is refused. Null for orders placed before it was kept.
   */
  request_hash?: string | null;
  /** The secret that opens the order to its guest (`?key=`). */
  guest_key: string;
  /** The address it came from (the per-address limit's record; never answered). */
  client_address: string | null;
  created_at: string;
  updated_at: string;
  /** The table's bill that covers it (docs/PAYMENTS.md); null until a bill is made. */
  bill_id?: string | null;
  /** A copy of its bill's payment: `paid` | `refunded`; null: not paid from the phone. */
  payment_status?: string | null;
  /** `payme` | `click` */
  payment_method?: string | null;
  /** The bill's amount paid, in tiyin. */
  payment_amount?: number | null;
  payment_at?: string | null;
  /** When the staff accepted it and marked it ready (the reports' times); null before then. */
  accepted_at?: string | null;
  ready_at?: string | null;
  /** A waiter who took it over from another waiter's table. */
  taken_by?: string | null;
}

/** The last order number given per restaurant and Tashkent day. */
export interface OrderDayNumbersTable {
  restaurant_id: string;
  day: string;
  last: number;
}

/** The live streams' log: one row per change of an order or a call, numbered by the database. */
export interface OrderEventsTable {
  /** The database's increasing sequence: the stream's event id. */
  seq: Generated<number>;
  restaurant_id: string;
  /** `order` | `call` */
  kind: string;
  entity_id: string;
  created_at: string;
}

/** A guest's waiter call or bill request; one pending per table and kind. */
export interface TableCallsTable {
  id: string;
  restaurant_id: string;
  placement_id: string | null;
  table_name: string;
  /** `waiter` | `bill` */
  kind: string;
  /** `pending` | `done` */
  status: string;
  created_at: string;
  done_at: string | null;
  /** A waiter who took it over from another waiter's table. */
  taken_by?: string | null;
}

/** A restaurant's merchant credentials (docs/PAYMENTS.md); secrets sealed for the restaurant. */
export interface PaymentAccountsTable {
  restaurant_id: string;
  payme_merchant_id: string | null;
  payme_key_enc: string | null;
  click_service_id: string | null;
  click_merchant_id: string | null;
  click_secret_enc: string | null;
  updated_at: string;
}

/** A table's bill: the orders it covers and their amount in tiyin. */
export interface BillsTable {
  id: string;
  restaurant_id: string;
  placement_id: string | null;
  table_name: string;
  /** In tiyin (1 so'm = 100 tiyin). */
  amount: number;
  /** `open` | `paid` | `closed` (by the staff) */
  status: string;
  /** `payme` | `click` */
  paid_method: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A payment's way into the POS as an external payment (docs/PAYMENTS.md, "Into the POS"). */
export interface PaymentPosTable {
  /** Made from our payment's id and the POS order: a payment is queued once. */
  id: string;
  restaurant_id: string;
  bill_id: string;
  method: string;
  pos_order_id: string;
  /** Tiyin. */
  amount: number;
  /** `waiting`, `pending`, `recorded`, `failed`, `refused` */
  state: string;
  ticket: string | null;
  reason: string | null;
  attempts: number;
  /** The next try, ms since 1970; null: none planned. */
  next_at: number | null;
  created_at: string;
  updated_at: string;
}

/** An order's way into the POS (docs/ORDERS.md, "Into the POS"): queued in `seq` order per restaurant. */
export interface OrderPosTable {
  seq: Generated<number>;
  order_id: string;
  restaurant_id: string;
  /** shared `POS_ORDER_STATES` */
  state: string;
  /** The POS's ticket of a send still in progress (iiko's correlation id). */
  ticket: string | null;
  pos_order_id: string | null;
  pos_number: string | null;
  pos_total: number | null;
  reason: string | null;
  /** JSON `[{ index, name, reason }]` of the lines the POS refused. */
  refused_lines: string;
  attempts: number;
  /** The next try, ms since 1970; null: none planned (accepted, refused, or waiting for the staff). */
  next_at: number | null;
  /** 1: the POS holds the order, only its decision is awaited: the orders after it need not wait. */
  received: number;
  created_at: string;
  updated_at: string;
}

/** A Payme transaction as Payme named it and as we first answered it, keyed by (restaurant_id, id). */
export interface PaymeTransactionsTable {
  /** Payme's id (24 characters). */
  id: string;
  restaurant_id: string;
  bill_id: string;
  /** Ours, answered as `transaction`. */
  transaction: string;
  /** Payme's creation time (ms): GetStatement's period is over it. */
  time: number;
  /** In tiyin. */
  amount: number;
  /** JSON of the `account` object as sent. */
  account: string;
  /** 1 created, 2 performed, -1 cancelled, -2 cancelled after perform. */
  state: number;
  reason: number | null;
  create_time: number;
  perform_time: number;
  cancel_time: number;
}

/** A Click transaction, by (restaurant_id, `click_trans_id`). */
export interface ClickTransactionsTable {
  /** Answered as `merchant_prepare_id` and `merchant_confirm_id`. */
  prepare_id: Generated<number>;
  click_trans_id: string;
  click_paydoc_id: string | null;
  restaurant_id: string;
  bill_id: string;
  /** In tiyin. */
  amount: number;
  /** `prepared` | `completed` | `cancelled` */
  status: string;
  created_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
}

/**
 * A payment's hold on its bill ended before the payment finished (docs/PAYMENTS.md, "A hold that
 * ends"): its time ran out (`timeout`) or an admin released it (`admin`, with their reason).
 */
export interface PaymentReleasesTable {
  id: string;
  restaurant_id: string;
  bill_id: string;
  /** `payme` | `click` */
  method: string;
  /** The provider's transaction id (Payme's id, Click's `click_trans_id`). */
  transaction_id: string;
  /** `timeout` | `admin` */
  cause: string;
  /** The admin's words; null for a timeout. */
  reason: string | null;
  /** The admin's user id; null for a timeout. */
  released_by: string | null;
  released_at: string;
}

/** A restaurant's statement of a Tashkent day for one method (docs/PAYMENTS.md, "Reconciliation"). */
export interface PaymentStatementsTable {
  restaurant_id: string;
  /** `YYYY-MM-DD`, Tashkent's day. */
  day: string;
  /** `payme` | `click` */
  method: string;
  /** Payments performed (completed) that day and standing, and their total in tiyin. */
  count: number;
  total: number;
  /** Payments of the day cancelled after they were performed, and their total in tiyin. */
  refunds: number;
  refunds_total: number;
  difference_count: number;
  /** JSON of shared `StatementDifference[]`. */
  differences: string;
  /** JSON of the provider's list (`[{ id, amount, state }]`) as the admin added it; null: none. */
  provider: string | null;
  provider_at: string | null;
  built_at: string;
  /** When the staff's chat was told of the differences; null: not (yet). */
  notified_at: string | null;
}

/** Who holds a piece of scheduled work, until when (ms since 1970): one server at a time. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** Requests per key in the window that began at `started_at` (ms since 1970): the upload limit. */
export interface RateCountsTable {
  key: string;
  started_at: number;
  count: number;
}

/** A restaurant's checked bot and chat (docs/TELEGRAM.md); the token is sealed in `restaurants.bot_token`. */
export interface TelegramBotsTable {
  restaurant_id: string;
  bot_id: string;
  bot_username: string;
  /** The chat's numeric id as Telegram gave it (an `@name` is resolved once). */
  chat_id: string | null;
  chat_title: string | null;
  /** The webhook's `secret_token`, sealed for the restaurant; null: no webhook set. */
  webhook_secret_enc: string | null;
  /** The last `order_events.seq` read for this bot. */
  events_seq: number;
  created_at: string;
  updated_at: string;
}

/** A message to send (or edit) in a restaurant's chat: sent in `seq` order, marked sent once. */
export interface TelegramOutboxTable {
  seq: Generated<number>;
  restaurant_id: string;
  /** `order` | `call` (a post) | `edit` (of the post `ref`) | `text` (a test message, a reply) */
  kind: string;
  /** The order's or call's id; for an edit, the post's `post_key`. */
  ref: string;
  /** `order:<id>` / `call:<id>` for posts (unique per restaurant); null otherwise. */
  post_key: string | null;
  /** JSON: a text's params; a post's or edit's note (who pressed what, when). */
  payload: string;
  /**
   * `pending` | `sent` | `failed` (refused for good: logged, not retried) | `skipped` (an edit or
   * a reply for a chat the bot no longer uses: left alone)
   */
  status: string;
  attempts: number;
  /** Not before (ms since 1970): 429's retry_after, a backoff. */
  next_at: number;
  /**
   * The chat it was queued for (the bot's chat then); a post's message is in this chat. Null: a
   * row sent before chats were kept, in a chat no longer known.
   */
  chat_id: string | null;
  /** A message sent in several parts (too long for one): how many have gone. */
  parts_sent: Generated<number>;
  /** A post's message (its last part, the one with the buttons and its state). */
  message_id: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** An update handled, once per restaurant and `update_id`. */
export interface TelegramUpdatesTable {
  restaurant_id: string;
  update_id: number;
  received_at: string;
}

/** A product put on the stop-list (`stopped` 1) or taken off it (0): the reports' raw rows. */
export interface StopListEventsTable {
  id: string;
  restaurant_id: string;
  product_id: string;
  /** The product's name then (a deleted product keeps its line in the report). */
  name: string;
  /** Tashkent's day of the change. */
  day: string;
  stopped: number;
  /** `manager` (the stop-list screen, Telegram's /stop) | `pos` (the POS's stop-list). */
  source: string;
  created_at: string;
}

/** A restaurant's day whose report figures are to be built again from its raw rows. */
export interface ReportDirtyTable {
  restaurant_id: string;
  day: string;
  /** Grows with each mark: a rebuild clears the mark only if no write marked it meanwhile. */
  version: number;
}

/** A restaurant's day in figures (docs/REPORTS.md); amounts in tiyin. */
export interface ReportDaysTable {
  restaurant_id: string;
  day: string;
  orders: number;
  rejected_orders: number;
  paid_orders: number;
  paid: number;
  unpaid: number;
  rejected: number;
  payme_orders: number;
  payme: number;
  click_orders: number;
  click: number;
  table_orders: number;
  at_table: number;
  /** JSON of the day's accept times in seconds, sorted. */
  accept_seconds: string;
  /** JSON of the day's kitchen times (accepted to ready) in seconds, sorted. */
  ready_seconds: string;
}

export interface ReportDishesTable {
  restaurant_id: string;
  day: string;
  product_id: string;
  name: string;
  quantity: number;
  orders: number;
  revenue: number;
}

export interface ReportChoicesTable {
  restaurant_id: string;
  day: string;
  product_id: string;
  option_name: string;
  row_name: string;
  quantity: number;
}

export interface ReportHoursTable {
  restaurant_id: string;
  day: string;
  /** Tashkent's hour, 0-23. */
  hour: number;
  orders: number;
}

export interface ReportSourcesTable {
  restaurant_id: string;
  day: string;
  /** '' for an order whose placement is gone. */
  placement_id: string;
  language: string;
  /** The placement's name on the day's last order from it. */
  name: string;
  orders: number;
}

export interface ReportRejectsTable {
  restaurant_id: string;
  day: string;
  reason: string;
  orders: number;
  amount: number;
}

export interface ReportStopsTable {
  restaurant_id: string;
  day: string;
  product_id: string;
  name: string;
  stops: number;
}

/** Who did each move of an order or a call (docs/ORDERS.md, "Who did it"). */
export interface StaffActionsTable {
  id: string;
  restaurant_id: string;
  /** `order` | `call` */
  entity_kind: string;
  entity_id: string;
  /** shared `STAFF_ACTIONS` */
  action: string;
  /** The account (null: a Telegram chat administrator with no account here). */
  user_id: string | null;
  /** The name shown, as it was then. */
  actor: string;
  /** `board` | `device` | `telegram` */
  via: string;
  created_at: string;
}

/** A device that stays signed in (its session's token id), with its wrong PINs. */
export interface StaffDevicesTable {
  id: string;
  user_id: string;
  restaurant_id: string;
  label: string;
  pin_failures: number;
  pin_locked_until: string | null;
  created_at: string;
  expires_at: string;
}

/** A one-time code linking a staff member's Telegram (its SHA-256). */
export interface TelegramLinkCodesTable {
  code_hash: string;
  user_id: string;
  restaurant_id: string;
  expires_at: string;
  created_at: string;
}

/** A Mini App guest's order and their Telegram user id (docs/PRIVACY.md). */
export interface TelegramGuestsTable {
  order_id: string;
  restaurant_id: string;
  telegram_user_id: string;
  created_at: string;
}

export interface Database {
  integration_accounts: IntegrationAccountsTable;
  integration_tokens: IntegrationTokensTable;
  users: UsersTable;
  restaurants: RestaurantsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_options: ProductOptionsTable;
  option_rows: OptionRowsTable;
  restaurant_slug_history: RestaurantSlugHistoryTable;
  session_epochs: SessionEpochsTable;
  revoked_tokens: RevokedTokensTable;
  login_failures: LoginFailuresTable;
  login_known: LoginKnownTable;
  placements: PlacementsTable;
  visit_counts: VisitCountsTable;
  visit_sketches: VisitSketchesTable;
  visit_uniques: VisitUniquesTable;
  visit_salts: VisitSaltsTable;
  pictures: PicturesTable;
  module_releases: ModuleReleasesTable;
  module_release_reports: ModuleReleaseReportsTable;
  module_channels: ModuleChannelsTable;
  deploy_keys: DeployKeysTable;
  release_origins: ReleaseOriginsTable;
  orders: OrdersTable;
  order_day_numbers: OrderDayNumbersTable;
  order_events: OrderEventsTable;
  table_calls: TableCallsTable;
  leases: LeasesTable;
  rate_counts: RateCountsTable;
  telegram_bots: TelegramBotsTable;
  telegram_outbox: TelegramOutboxTable;
  telegram_updates: TelegramUpdatesTable;
  payment_accounts: PaymentAccountsTable;
  bills: BillsTable;
  payme_transactions: PaymeTransactionsTable;
  click_transactions: ClickTransactionsTable;
  order_pos: OrderPosTable;
  payment_pos: PaymentPosTable;
  payment_statements: PaymentStatementsTable;
  payment_releases: PaymentReleasesTable;
  stop_list_events: StopListEventsTable;
  report_dirty: ReportDirtyTable;
  report_days: ReportDaysTable;
  report_dishes: ReportDishesTable;
  report_choices: ReportChoicesTable;
  report_hours: ReportHoursTable;
  report_sources: ReportSourcesTable;
  report_rejects: ReportRejectsTable;
  report_stops: ReportStopsTable;
  staff_actions: StaffActionsTable;
  staff_devices: StaffDevicesTable;
  telegram_link_codes: TelegramLinkCodesTable;
  telegram_guests: TelegramGuestsTable;
}

export type UserRow = UsersTable;
export type RestaurantRow = RestaurantsTable;
// rows as answers are built from them: the position orders lists but is not part of an answer
export type CategoryRow = Omit<CategoriesTable, 'position'>;
export type ProductRow = Omit<ProductsTable, 'position'>;
export type ProductOptionRow = Omit<ProductOptionsTable, 'position'>;
export type OptionRowRow = Omit<OptionRowsTable, 'position'>;
export type IntegrationAccountRow = IntegrationAccountsTable;
export type PlacementRow = PlacementsTable;
export type ModuleReleaseRow = ModuleReleasesTable;
export type ModuleChannelRow = ModuleChannelsTable;
export type ReleaseOriginRow = ReleaseOriginsTable;
export type OrderRow = OrdersTable;
export type TableCallRow = TableCallsTable;
export type TelegramBotRow = TelegramBotsTable;
export type OrderPosRow = Omit<OrderPosTable, 'seq'> & { seq: number };
export type PaymentPosRow = PaymentPosTable;
export type TelegramOutboxRow = Omit<TelegramOutboxTable, 'seq' | 'parts_sent'> & {
  seq: number;
  parts_sent: number;
};
export type BillRow = BillsTable;
export type PaymeTransactionRow = PaymeTransactionsTable;
export type ClickTransactionRow = Omit<ClickTransactionsTable, 'prepare_id'> & { prepare_id: number };
export type PaymentAccountRow = PaymentAccountsTable;
export type PaymentStatementRow = PaymentStatementsTable;
export type PaymentReleaseRow = PaymentReleasesTable;
export type StaffActionRow = StaffActionsTable;
export type StaffDeviceRow = StaffDevicesTable;
