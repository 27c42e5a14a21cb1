/**
 * Releases of the federated modules (docs/RELEASES.md): every registered build of a module with
 * the loads and failures the shells reported for it, each module's current stable and canary
 * release, and its deploy key (kept as a SHA-256 hash only).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const releasesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('module_releases')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('module', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('manifest_url', 'text', (c) => c.notNull())
      // counters only grow by addition, so servers sharing the database add up
      .addColumn('loads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failure_names', 'text', (c) => c.notNull().defaultTo('{}'))
      // the stable release this one replaced when it became stable: what a rollback returns to
      .addColumn('follows_id', 'text', (c) => c.references('module_releases.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('module_releases_module_version_uq')
      .on('module_releases')
      .columns(['module', 'version'])
      .unique()
      .execute();

    await db.schema
      .createTable('module_channels')
      .addColumn('module', 'text', (c) => c.primaryKey())
      .addColumn('stable_id', 'text', (c) => c.references('module_releases.id'))
      .addColumn('canary_id', 'text', (c) => c.references('module_releases.id'))
      .addColumn('canary_share', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON of the last canary the failure threshold switched off: {version, loads, failures, at}
      .addColumn('stopped', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('deploy_keys')
      .addColumn('module', 'text', (c) => c.primaryKey())
      .addColumn('key_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['deploy_keys', 'module_channels', 'module_releases']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
