/**
 * The origins a module's release may be registered from (docs/RELEASES.md, "Where a release may
 * come from"): kept in the database, so every server sees an admin's change at once and a team
 * moving to a new CDN waits for no restart. `release_origins(id, origin unique, added_by,
 * created_at)`: `origin` exactly as a browser names it (`https://cdn.example.uz`), `added_by`
 * the admin's login (null: taken from the environment, RELEASE_ORIGINS and the origins of
 * REMOTE_*_URL, by the first start that found none here).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const releaseOriginsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('release_origins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('origin', 'text', (c) => c.notNull().unique())
      .addColumn('added_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('release_origins').ifExists().execute();
  },
};
