/**
 * Releases of the federated modules (docs/RELEASES.md): every registered build of a module with
 * the loads and failures the shells reported for it, each module's current stable and canary
 * release, and its deploy key (kept as a SHA-256 hash only).
 */
import type { Migration } from 'kysely/migration';
import { createIndex, createTable, dropTables, id, integer, text } from './migration-kit';

export const releasesMigration: Migration = {
  async up(db) {
    await createTable(db, 'module_releases', {
      id,
      module: text.notNull,
      version: text.notNull,
      manifest_url: text.notNull,
      // counters only grow by addition, so servers sharing the database add up
      loads: integer.notNull.default(0),
      failures: integer.notNull.default(0),
      failure_names: text.notNull.default('{}'),
      // the stable release this one replaced when it became stable: what a rollback returns to
      follows_id: text.references('module_releases.id', 'set null'),
      created_at: text.notNull,
    });
    await createIndex(db, 'module_releases_module_version_uq', 'module_releases', ['module', 'version'], {
      unique: true,
    });

    await createTable(db, 'module_channels', {
      module: text.primaryKey,
      stable_id: text.references('module_releases.id'),
      canary_id: text.references('module_releases.id'),
      canary_share: integer.notNull.default(0),
      // JSON of the last canary the failure threshold switched off: {version, loads, failures, at}
      stopped: text,
      updated_at: text.notNull,
    });

    await createTable(db, 'deploy_keys', {
      module: text.primaryKey,
      key_hash: text.notNull,
      created_at: text.notNull,
    });
  },
  async down(db) {
    await dropTables(db, ['deploy_keys', 'module_channels', 'module_releases']);
  },
};
