/**
 * What each reporter told of a release (docs/OPERATIONS.md, "Failures"): one row per release,
 * reporter and fact (`@load`, `@fail`, or an error's name), so that a release's counters count
 * distinct users, not requests. A reporter is a hash of the release and the subject its report
 * token names (an account, a browser's random id), never the subject itself. Inserted with
 * "on conflict do nothing": a fact already there adds nothing, on any server, at any moment.
 */
import type { Migration } from 'kysely/migration';
import { createTable, dropTables, text } from './migration-kit';

export const releaseReportsMigration: Migration = {
  async up(db) {
    await createTable(
      db,
      'module_release_reports',
      {
        release_id: text.notNull.references('module_releases.id', 'cascade'),
        reporter: text.notNull,
        what: text.notNull,
        created_at: text.notNull,
      },
      { primaryKey: ['release_id', 'reporter', 'what'] },
    );
  },
  async down(db) {
    await dropTables(db, ['module_release_reports']);
  },
};
