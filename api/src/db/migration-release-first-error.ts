/**
 * Why a release failed, kept after its canary stops (docs/RELEASES.md, "What users see"):
 * `module_releases.first_error` holds the first error a shell reported of the release, as JSON
 * `{ name, message, at }` (the message cut and without query strings, as the shells send it and
 * the server cleans it: services/releases/reports.ts), written once and never replaced, so
 * later reports cannot hide it. Releases registered before have none.
 */
import type { Migration } from 'kysely/migration';
import { addColumns, dropColumns, text } from './migration-kit';

export const releaseFirstErrorMigration: Migration = {
  async up(db) {
    await addColumns(db, 'module_releases', { first_error: text });
  },
  async down(db) {
    await dropColumns(db, 'module_releases', ['first_error']);
  },
};
