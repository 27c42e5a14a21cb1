/**
 * Why a release failed, kept after its canary stops (docs/RELEASES.md, "What users see"):
 * `module_releases.first_error` holds the first error a shell reported of the release, as JSON
 * `{ name, message, at }` (the message cut and without query strings, as the shells send it and
 * the server cleans it: services/releases/reports.ts), written once and never replaced, so
 * later reports cannot hide it. Releases registered before have none.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const releaseFirstErrorMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('module_releases').addColumn('first_error', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('module_releases').dropColumn('first_error').execute();
  },
};
