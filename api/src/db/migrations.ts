import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { accountsMigration } from './accounts-migration';
import { categoryStopReason } from './migration-category-stop-reason';
import { clusterState } from './migration-cluster-state';
import {
  type AnyDb,
  addColumns,
  createIndex,
  createTable,
  double,
  dropColumns,
  dropIndexes,
  dropTables,
  flag,
  id,
  integer,
  restaurantId,
  restaurantKey,
  text,
  timestamps,
} from './migration-kit';
import { listIndexes } from './migration-list-indexes';
import { optionRulesMigration } from './migration-option-rules';
import { orderRequestHashMigration } from './migration-order-request-hash';
import { ordersMigration } from './migration-orders';
import { paymentKeysMigration } from './migration-payment-keys';
import { paymentPosMigration } from './migration-payment-pos';
import { paymentReleasesMigration } from './migration-payment-releases';
import { paymentStatementsMigration } from './migration-payment-statements';
import { paymentsMigration } from './migration-payments';
import { posOrdersMigration } from './migration-pos-orders';
import { posPicturesAndOrder } from './migration-pos-pictures-order';
import { positions } from './migration-positions';
import { productOrderIndex } from './migration-product-order-index';
import { releaseFirstErrorMigration } from './migration-release-first-error';
import { releaseOriginsMigration } from './migration-release-origins';
import { releaseReportsMigration } from './migration-release-reports';
import { releasesMigration } from './migration-releases';
import { reportsMigration } from './migration-reports';
import { staffMigration } from './migration-staff';
import { telegramMigration } from './migration-telegram';
import { telegramGuestsMigration } from './migration-telegram-guests';
import { telegramOutboxChatMigration } from './migration-telegram-outbox-chat';
import { translationColumns } from './migration-translations';
import { visitSketches } from './migration-visit-sketches';
import { visitsMigration } from './migration-visits';
import { picturesMigration } from './pictures-migration';

const initial: Migration = {
  async up(db) {
    await createTable(db, 'users', {
      id,
      login: text.notNull.unique,
      password_hash: text.notNull,
      role: text.notNull,
      is_active: flag(1),
      ...timestamps,
    });

    await createTable(db, 'restaurants', {
      id,
      name: text.notNull,
      slug: text.notNull.unique,
      address: text.notNull,
      phone_number: text.notNull,
      work_time: text.notNull,
      manager_id: text.references('users.id', 'set null'),
      type: text.notNull.default('manual'),
      is_active: flag(1),
      bot_token: text,
      channel_id: text,
      image: text,
      logotype: text,
      external_id: text,
      ...timestamps,
    });
    await sql`create unique index restaurants_manager_id_uq on restaurants (manager_id) where manager_id is not null`.execute(
      db,
    );
    await createIndex(db, 'restaurants_external_id_idx', 'restaurants', ['external_id']);
    await createIndex(db, 'restaurants_created_at_idx', 'restaurants', ['created_at']);

    await createTable(db, 'categories', {
      id,
      restaurant_id: restaurantId,
      title: text.notNull,
      is_active: flag(1),
      external_id: text,
      ...timestamps,
    });
    await createIndex(db, 'categories_restaurant_id_idx', 'categories', ['restaurant_id']);
    await createIndex(db, 'categories_external_id_idx', 'categories', ['external_id']);

    await createTable(db, 'products', {
      id,
      restaurant_id: restaurantId,
      category_id: text.notNull.references('categories.id', 'cascade'),
      name: text.notNull,
      description: text.notNull.default(''),
      price: double.notNull,
      is_active: flag(1),
      images: text.notNull.default('[]'),
      external_id: text,
      ...timestamps,
    });
    await createIndex(db, 'products_restaurant_id_idx', 'products', ['restaurant_id']);
    await createIndex(db, 'products_category_id_idx', 'products', ['category_id']);
    await createIndex(db, 'products_external_id_idx', 'products', ['external_id']);

    await createTable(db, 'product_options', {
      id,
      product_id: text.notNull.references('products.id', 'cascade'),
      name: text.notNull,
      external_id: text,
      ...timestamps,
    });
    await createIndex(db, 'product_options_product_id_idx', 'product_options', ['product_id']);
    await createIndex(db, 'product_options_external_id_idx', 'product_options', ['external_id']);

    await createTable(db, 'option_rows', {
      id,
      product_option_id: text.notNull.references('product_options.id', 'cascade'),
      name: text.notNull,
      price: double.notNull,
      external_id: text,
      created_at: text.notNull,
    });
    await createIndex(db, 'option_rows_product_option_id_idx', 'option_rows', ['product_option_id']);
    await createIndex(db, 'option_rows_external_id_idx', 'option_rows', ['external_id']);
  },
  async down(db) {
    await dropTables(db, [
      'option_rows',
      'product_options',
      'products',
      'categories',
      'restaurants',
      'users',
    ]);
  },
};

/**
 * One restaurant per external restaurant of a provider, so that two concurrent imports of the
 * same one cannot both succeed (the create route turns the violation into 409).
 */
const uniqueExternalRestaurant: Migration = {
  async up(db) {
    // Races before this index may have imported one twice: the oldest keeps the link, later
    // copies are detached (external_id null) rather than failing every start-up.
    await sql`update restaurants set external_id = null
      where external_id is not null and exists (
        select 1 from restaurants r2
        where r2.type = restaurants.type and r2.external_id = restaurants.external_id
          and (r2.created_at < restaurants.created_at
            or (r2.created_at = restaurants.created_at and r2.id < restaurants.id)))`.execute(db);
    await sql`create unique index restaurants_type_external_id_uq on restaurants (type, external_id) where external_id is not null`.execute(
      db,
    );
  },
  async down(db) {
    await dropIndexes(db, ['restaurants_type_external_id_uq']);
  },
};

/** The imported items a sync matches by external id, each unique within its parent. */
const EXTERNAL_KEYS = [
  { table: 'categories', parent: 'restaurant_id', index: 'categories_restaurant_external_id_uq' },
  { table: 'products', parent: 'restaurant_id', index: 'products_restaurant_external_id_uq' },
  { table: 'product_options', parent: 'product_id', index: 'product_options_product_external_id_uq' },
  { table: 'option_rows', parent: 'product_option_id', index: 'option_rows_option_external_id_uq' },
] as const;

/**
 * Two syncs of one restaurant at the same time (PostgreSQL runs them in parallel) could each
 * insert the same new feed items. A unique key per parent and external id makes the second
 * insert fail instead; the sync route then starts over on what the first one stored.
 */
const uniqueExternalItems: Migration = {
  async up(db) {
    for (const { table, parent, index } of EXTERNAL_KEYS) {
      // Copies a race may already have stored: the oldest keeps the link, later ones are
      // detached (external_id null, kept as local items) rather than deleted with their data.
      await sql`update ${sql.table(table)} set external_id = null
        where external_id is not null and exists (
          select 1 from ${sql.table(table)} t2
          where t2.${sql.ref(parent)} = ${sql.table(table)}.${sql.ref(parent)}
            and t2.external_id = ${sql.table(table)}.external_id
            and (t2.created_at < ${sql.table(table)}.created_at
              or (t2.created_at = ${sql.table(table)}.created_at and t2.id < ${sql.table(table)}.id)))`.execute(
        db,
      );
      await sql`create unique index ${sql.id(index)} on ${sql.table(table)} (${sql.ref(parent)}, external_id) where external_id is not null`.execute(
        db,
      );
    }
  },
  async down(db) {
    await dropIndexes(
      db,
      EXTERNAL_KEYS.map(({ index }) => index),
    );
  },
};

/**
 * Old slugs of restaurants: a printed QR code of `/m/<old>` keeps working after a slug change
 * (301 to the current slug). Deleting the restaurant drops its old slugs with it.
 */
const restaurantSlugHistory: Migration = {
  async up(db) {
    await createTable(db, 'restaurant_slug_history', {
      slug: text.primaryKey,
      restaurant_id: restaurantId,
      created_at: text.notNull,
    });
    await createIndex(db, 'restaurant_slug_history_restaurant_id_idx', 'restaurant_slug_history', [
      'restaurant_id',
    ]);
  },
  async down(db) {
    await dropTables(db, ['restaurant_slug_history']);
  },
};

/** Who stopped a product: the manager, the POS's menu, the POS's stop-list. */
const PRODUCT_STOPS = ['stopped_by_manager', 'pos_hidden', 'pos_stopped'];

/**
 * POS integrations: one account per restaurant imported from a POS (iiko Cloud,
 * Poster) with its credentials encrypted (AES-GCM, INTEGRATION_SECRET_KEY), the menu revision of
 * the last sync, the last sync's status, and a lock row (`sync_started_at`) so that at most one
 * sync of a restaurant runs at a time across every server. Products learn who stopped them:
 * the POS's menu (`pos_hidden`), the POS's stop-list (`pos_stopped`) or the manager
 * (`stopped_by_manager`, kept until the manager resumes the product).
 */
const posIntegrations: Migration = {
  async up(db) {
    await createTable(db, 'integration_accounts', {
      restaurant_id: restaurantKey,
      provider: text.notNull,
      location_id: text.notNull,
      credentials_enc: text.notNull,
      webhook_token_enc: text.notNull,
      revision: text,
      sync_started_at: text,
      last_sync_at: text,
      last_sync_result: text,
      last_sync_added: integer.notNull.default(0),
      last_sync_changed: integer.notNull.default(0),
      last_sync_removed: integer.notNull.default(0),
      last_sync_error: text,
      ...timestamps,
    });
    // POS API tokens, shared by every server (iiko: one token per credentials, ~1 h), sealed
    await createTable(db, 'integration_tokens', {
      key: text.primaryKey,
      token_enc: text.notNull,
      renew_at: text.notNull,
    });
    await addColumns(db, 'products', Object.fromEntries(PRODUCT_STOPS.map((column) => [column, flag(0)])));
  },
  async down(db) {
    await dropColumns(db, 'products', PRODUCT_STOPS);
    await dropTables(db, ['integration_tokens', 'integration_accounts']);
  },
};

/**
 * Every migration, in order; the names sort in the order they run. Never edit one that shipped:
 * it has run on restaurants' databases and must run the same SQL forever (a change is a new
 * migration). api/test/migrations-sql.test.ts compares each one's statements on both databases
 * with the ones recorded (docs/ARCHITECTURE.md, "Migrations"). A new one is written as tables and
 * columns through migration-kit.ts (the same Kysely calls, so the same SQL).
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_restaurants_type_external_id_unique': uniqueExternalRestaurant,
  '0003_unique_external_items': uniqueExternalItems,
  '0004_restaurant_slug_history': restaurantSlugHistory,
  '0009_visits_and_placements': visitsMigration,
  '0010_pos_integrations': posIntegrations,
  '0011_pictures': picturesMigration,
  '0012_translations': translationColumns,
  '0013_positions': positions,
  '0014_accounts': accountsMigration,
  '0015_pos_pictures_order_stops': posPicturesAndOrder,
  '0016_module_releases': releasesMigration,
  '0017_orders': ordersMigration,
  '0018_visit_sketches': visitSketches,
  '0019_cluster_state': clusterState,
  '0020_category_stop_reason': categoryStopReason,
  '0021_list_indexes': listIndexes,
  '0022_telegram': telegramMigration,
  '0023_pos_orders': posOrdersMigration,
  '0024_payments': paymentsMigration,
  '0025_payment_pos': paymentPosMigration,
  '0026_product_order_index': productOrderIndex,
  '0027_payment_statements': paymentStatementsMigration,
  '0028_telegram_outbox_chat': telegramOutboxChatMigration,
  '0029_order_request_hash': orderRequestHashMigration,
  '0030_release_reports': releaseReportsMigration,
  '0031_payment_keys': paymentKeysMigration,
  '0032_payment_releases': paymentReleasesMigration,
  '0033_reports': reportsMigration,
  '0034_option_rules': optionRulesMigration,
  '0035_release_first_error': releaseFirstErrorMigration,
  '0036_release_origins': releaseOriginsMigration,
  '0037_staff': staffMigration,
  '0038_telegram_guests': telegramGuestsMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: AnyDb, migrationTableSchema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * The migrations this build knows that the database has not recorded (readiness: a server whose
 * schema is behind must not take traffic). Throws when the database does not answer.
 */
export async function pendingMigrations(db: AnyDb): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(applied.rows.map((r) => r.name));
  return Object.keys(migrations).filter((m) => !names.has(m));
}
