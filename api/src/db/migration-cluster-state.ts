/**
 * What several servers on one database share besides the failed-login counts:
 * - `leases`: scheduled work (the POS's polls and syncs, the visits' fold) runs on the server
 *   holding its lease, renewed while it works; another takes it over once it expires;
 * - `rate_counts`: requests per key in a window (the upload limit), counted by every server.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const clusterState: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('rate_counts')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('rate_counts').execute();
    await db.schema.dropTable('leases').execute();
  },
};
