/**
 * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"):
 *
 * - `users.restaurant_id`: a staff account (a waiter, the kitchen) belongs to one restaurant and
 *   is deleted with it; `users.name` (shown on the board, in the history and in Telegram);
 *   `users.pin_hash` (the PIN a person on a shared device acts with: a keyed hash, unique in the
 *   restaurant, so the PIN alone names its person); `users.telegram_user_id` (their linked
 *   Telegram account, one per restaurant);
 * - `placements.zone` and `placements.waiter_id`: the floor, a table's zone and its waiter (none:
 *   everyone's);
 * - `orders.taken_by`, `table_calls.taken_by`: a waiter who took over another waiter's table's
 *   order or call;
 * - `staff_actions`: who did each move of an order or a call, and from where;
 * - `staff_devices`: the devices that stay signed in (a kitchen tablet's session, by its token's
 *   id) with their wrong PINs and lock;
 * - `telegram_link_codes`: one-time codes that link a staff member's Telegram (a hash of each).
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const staffMigration: Migration = {
  async up(db: AnyDb) {
    // Added columns carry no foreign key: SQLite cannot drop a column that is one (the down
    // migration), so the service deletes a restaurant's staff with it (services/restaurants) and
    // clears a waiter's tables when the account goes (services/staff).
    await db.schema.alterTable('users').addColumn('restaurant_id', 'text').execute();
    await db.schema.alterTable('users').addColumn('name', 'text').execute();
    await db.schema.alterTable('users').addColumn('pin_hash', 'text').execute();
    await db.schema.alterTable('users').addColumn('telegram_user_id', 'text').execute();
    await db.schema.createIndex('users_restaurant_idx').on('users').column('restaurant_id').execute();
    await db.schema
      .createIndex('users_restaurant_pin_uq')
      .unique()
      .on('users')
      .columns(['restaurant_id', 'pin_hash'])
      .where(sql.ref('pin_hash'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('users_restaurant_telegram_uq')
      .unique()
      .on('users')
      .columns(['restaurant_id', 'telegram_user_id'])
      .where(sql.ref('telegram_user_id'), 'is not', null)
      .execute();

    await db.schema.alterTable('placements').addColumn('zone', 'text').execute();
    await db.schema.alterTable('placements').addColumn('waiter_id', 'text').execute();
    await db.schema.createIndex('placements_waiter_idx').on('placements').column('waiter_id').execute();
    await db.schema.alterTable('orders').addColumn('taken_by', 'text').execute();
    await db.schema.alterTable('table_calls').addColumn('taken_by', 'text').execute();

    await db.schema
      .createTable('staff_actions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('entity_kind', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('via', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('staff_actions_entity_idx')
      .on('staff_actions')
      .columns(['entity_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('staff_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pin_locked_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('staff_devices_restaurant_idx')
      .on('staff_devices')
      .column('restaurant_id')
      .execute();

    await db.schema
      .createTable('telegram_link_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('telegram_link_codes_user_idx')
      .on('telegram_link_codes')
      .column('user_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('telegram_link_codes').ifExists().execute();
    await db.schema.dropTable('staff_devices').ifExists().execute();
    await db.schema.dropTable('staff_actions').ifExists().execute();
    await db.schema.dropIndex('placements_waiter_idx').ifExists().execute();
    await db.schema.alterTable('table_calls').dropColumn('taken_by').execute();
    await db.schema.alterTable('orders').dropColumn('taken_by').execute();
    await db.schema.alterTable('placements').dropColumn('waiter_id').execute();
    await db.schema.alterTable('placements').dropColumn('zone').execute();
    await db.schema.dropIndex('users_restaurant_telegram_uq').ifExists().execute();
    await db.schema.dropIndex('users_restaurant_pin_uq').ifExists().execute();
    await db.schema.dropIndex('users_restaurant_idx').ifExists().execute();
    for (const column of ['telegram_user_id', 'pin_hash', 'name', 'restaurant_id'])
      await db.schema.alterTable('users').dropColumn(column).execute();
  },
};
