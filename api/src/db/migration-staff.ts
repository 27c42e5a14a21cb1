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
import type { Migration } from 'kysely/migration';
import {
  addColumns,
  createIndex,
  createTable,
  dropColumns,
  dropIndexes,
  dropTables,
  id,
  integer,
  restaurantId,
  text,
} from './migration-kit';

const userId = text.notNull.references('users.id', 'cascade');

export const staffMigration: Migration = {
  async up(db) {
    // Added columns carry no foreign key: SQLite cannot drop a column that is one (the down
    // migration), so the service deletes a restaurant's staff with it (services/restaurants) and
    // clears a waiter's tables when the account goes (services/staff).
    await addColumns(db, 'users', {
      restaurant_id: text,
      name: text,
      pin_hash: text,
      telegram_user_id: text,
    });
    await createIndex(db, 'users_restaurant_idx', 'users', ['restaurant_id']);
    await createIndex(db, 'users_restaurant_pin_uq', 'users', ['restaurant_id', 'pin_hash'], {
      unique: true,
      whereNotNull: 'pin_hash',
    });
    await createIndex(db, 'users_restaurant_telegram_uq', 'users', ['restaurant_id', 'telegram_user_id'], {
      unique: true,
      whereNotNull: 'telegram_user_id',
    });

    await addColumns(db, 'placements', { zone: text, waiter_id: text });
    await createIndex(db, 'placements_waiter_idx', 'placements', ['waiter_id']);
    await addColumns(db, 'orders', { taken_by: text });
    await addColumns(db, 'table_calls', { taken_by: text });

    await createTable(db, 'staff_actions', {
      id,
      restaurant_id: restaurantId,
      entity_kind: text.notNull,
      entity_id: text.notNull,
      action: text.notNull,
      user_id: text.references('users.id', 'set null'),
      actor: text.notNull,
      via: text.notNull,
      created_at: text.notNull,
    });
    await createIndex(db, 'staff_actions_entity_idx', 'staff_actions', ['entity_id', 'created_at']);

    await createTable(db, 'staff_devices', {
      id,
      user_id: userId,
      restaurant_id: restaurantId,
      label: text.notNull,
      pin_failures: integer.notNull.default(0),
      pin_locked_until: text,
      created_at: text.notNull,
      expires_at: text.notNull,
    });
    await createIndex(db, 'staff_devices_restaurant_idx', 'staff_devices', ['restaurant_id']);

    await createTable(db, 'telegram_link_codes', {
      code_hash: text.primaryKey,
      user_id: userId,
      restaurant_id: restaurantId,
      expires_at: text.notNull,
      created_at: text.notNull,
    });
    await createIndex(db, 'telegram_link_codes_user_idx', 'telegram_link_codes', ['user_id']);
  },
  async down(db) {
    await dropTables(db, ['telegram_link_codes', 'staff_devices', 'staff_actions']);
    await dropIndexes(db, ['placements_waiter_idx']);
    await dropColumns(db, 'table_calls', ['taken_by']);
    await dropColumns(db, 'orders', ['taken_by']);
    await dropColumns(db, 'placements', ['waiter_id', 'zone']);
    await dropIndexes(db, [
      'users_restaurant_telegram_uq',
      'users_restaurant_pin_uq',
      'users_restaurant_idx',
    ]);
    await dropColumns(db, 'users', ['telegram_user_id', 'pin_hash', 'name', 'restaurant_id']);
  },
};
