import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { accountsMigration } from './accounts-migration';
import { categoryStopReason } from './migration-category-stop-reason';
import { clusterState } from './migration-cluster-state';
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

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

const initial: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('login', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('restaurants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('work_time', 'text', (c) => c.notNull())
      .addColumn('manager_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('manual'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('bot_token', 'text')
      .addColumn('channel_id', 'text')
      .addColumn('image', 'text')
      .addColumn('logotype', 'text')
      .addColumn('external_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index restaurants_manager_id_uq on restaurants (manager_id) where manager_id is not null`.execute(
      db,
    );
    await db.schema
      .createIndex('restaurants_external_id_idx')
      .on('restaurants')
      .column('external_id')
      .execute();
    await db.schema
      .createIndex('restaurants_created_at_idx')
      .on('restaurants')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('external_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('categories_restaurant_id_idx')
      .on('categories')
      .column('restaurant_id')
      .execute();
    await db.schema
      .createIndex('categories_external_id_idx')
      .on('categories')
      .column('external_id')
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('price', 'double precision', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('external_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('products_restaurant_id_idx')
      .on('products')
      .column('restaurant_id')
      .execute();
    await db.schema.createIndex('products_category_id_idx').on('products').column('category_id').execute();
    await db.schema.createIndex('products_external_id_idx').on('products').column('external_id').execute();

    await db.schema
      .createTable('product_options')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('product_options_product_id_idx')
      .on('product_options')
      .column('product_id')
      .execute();
    await db.schema
      .createIndex('product_options_external_id_idx')
      .on('product_options')
      .column('external_id')
      .execute();

    await db.schema
      .createTable('option_rows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product_option_id', 'text', (c) =>
        c.notNull().references('product_options.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price', 'double precision', (c) => c.notNull())
      .addColumn('external_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('option_rows_product_option_id_idx')
      .on('option_rows')
      .column('product_option_id')
      .execute();
    await db.schema
      .createIndex('option_rows_external_id_idx')
      .on('option_rows')
      .column('external_id')
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of ['option_rows', 'product_options', 'products', 'categories', 'restaurants', 'users']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

/**
 * One restaurant per external restaurant of a provider, so that two concurrent imports of the
 * same one cannot both succeed (the create route turns the violation into 409).
 */
const uniqueExternalRestaurant: Migration = {
  async up(db: AnyDb) {
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
  async down(db: AnyDb) {
    await db.schema.dropIndex('restaurants_type_external_id_uq').ifExists().execute();
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
  async up(db: AnyDb) {
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
  async down(db: AnyDb) {
    for (const { index } of EXTERNAL_KEYS) await db.schema.dropIndex(index).ifExists().execute();
  },
};

/**
 * Old slugs of restaurants: a printed QR code of `/m/<old>` keeps working after a slug change
 * (301 to the current slug). Deleting the restaurant drops its old slugs with it.
 */
const restaurantSlugHistory: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('restaurant_slug_history')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('restaurant_slug_history_restaurant_id_idx')
      .on('restaurant_slug_history')
      .column('restaurant_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('restaurant_slug_history').ifExists().execute();
  },
};

/**
 * POS integrations: one account per restaurant imported from a POS (iiko Cloud,
 * Poster) with its credentials encrypted (AES-GCM, INTEGRATION_SECRET_KEY), the menu revision of
 * the last sync, the last sync's status, and a lock row (`sync_started_at`) so that at most one
 * sync of a restaurant runs at a time across every server. Products learn who stopped them:
 * the POS's menu (`pos_hidden`), the POS's stop-list (`pos_stopped`) or the manager
 * (`stopped_by_manager`, kept until the manager resumes the product).
 */
const posIntegrations: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('integration_accounts')
      .addColumn('restaurant_id', 'text', (c) =>
        c.primaryKey().references('restaurants.id').onDelete('cascade'),
      )
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('location_id', 'text', (c) => c.notNull())
      .addColumn('credentials_enc', 'text', (c) => c.notNull())
      .addColumn('webhook_token_enc', 'text', (c) => c.notNull())
      .addColumn('revision', 'text')
      .addColumn('sync_started_at', 'text')
      .addColumn('last_sync_at', 'text')
      .addColumn('last_sync_result', 'text')
      .addColumn('last_sync_added', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sync_changed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sync_removed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sync_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // POS API tokens, shared by every server (iiko: one token per credentials, ~1 h), sealed
    await db.schema
      .createTable('integration_tokens')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('token_enc', 'text', (c) => c.notNull())
      .addColumn('renew_at', 'text', (c) => c.notNull())
      .execute();
    for (const column of ['stopped_by_manager', 'pos_hidden', 'pos_stopped']) {
      await db.schema
        .alterTable('products')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
  },
  async down(db: AnyDb) {
    for (const column of ['stopped_by_manager', 'pos_hidden', 'pos_stopped']) {
      await db.schema.alterTable('products').dropColumn(column).execute();
    }
    await db.schema.dropTable('integration_tokens').ifExists().execute();
    await db.schema.dropTable('integration_accounts').ifExists().execute();
  },
};

/**
 * Every migration, in order; the names sort in the order they run. Never edit one that shipped:
 * it has run on restaurants' databases and must run the same SQL forever (a change is a new
 * migration). api/test/migrations-sql.test.ts compares each one's statements on both databases
 * with the ones recorded (docs/ARCHITECTURE.md, "Migrations").
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
