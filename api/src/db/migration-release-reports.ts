/**
 * What each reporter told of a release (docs/OPERATIONS.md, "Failures"): one row per release,
 * reporter and fact (`@load`, `@fail`, or an error's name), so that a release's counters count
 * distinct users, not requests. A reporter is a hash of the release and the subject its report
 * token names (an account, a browser's random id), never the subject itself. Inserted with
 * "on conflict do nothing": a fact already there adds nothing, on any server, at any moment.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const releaseReportsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('module_release_reports')
      .addColumn('release_id', 'text', (c) =>
        c.notNull().references('module_releases.id').onDelete('cascade'),
      )
      .addColumn('reporter', 'text', (c) => c.notNull())
      .addColumn('what', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('module_release_reports_pk', ['release_id', 'reporter', 'what'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('module_release_reports').ifExists().execute();
  },
};
