/**
 * The origins a module's release may be registered from (docs/RELEASES.md, "Where a release may
 * come from"): kept in the database, so every server sees an admin's change at once and a team
 * moving to a new CDN waits for no restart. `release_origins(id, origin unique, added_by,
 * created_at)`: `origin` exactly as a browser names it (`https://cdn.example.uz`), `added_by`
 * the admin's login (null: taken from the environment, RELEASE_ORIGINS and the origins of
 * REMOTE_*_URL, by the first start that found none here).
 */
import type { Migration } from 'kysely/migration';
import { createTable, dropTables, id, text } from './migration-kit';

export const releaseOriginsMigration: Migration = {
  async up(db) {
    await createTable(db, 'release_origins', {
      id,
      origin: text.notNull.unique,
      added_by: text,
      created_at: text.notNull,
    });
  },
  async down(db) {
    await dropTables(db, ['release_origins']);
  },
};
