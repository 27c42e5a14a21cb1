/**
 * What several servers on one database share besides the failed-login counts:
 * - `leases`: scheduled work (the POS's polls and syncs, the visits' fold) runs on the server
 *   holding its lease, renewed while it works; another takes it over once it expires;
 * - `rate_counts`: requests per key in a window (the upload limit), counted by every server.
 */
import type { Migration } from 'kysely/migration';
import { bigint, createTable, dropTables, integer, text } from './migration-kit';

export const clusterState: Migration = {
  async up(db) {
    await createTable(db, 'leases', {
      name: text.primaryKey,
      holder: text.notNull,
      expires_at: bigint.notNull,
    });
    await createTable(db, 'rate_counts', {
      key: text.primaryKey,
      started_at: bigint.notNull,
      count: integer.notNull,
    });
  },
  async down(db) {
    await dropTables(db, ['rate_counts', 'leases'], { ifExists: false });
  },
};
