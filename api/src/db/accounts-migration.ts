import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

/**
 * Sessions the server can end (tokens are otherwise valid until they expire, 12 h):
 * - `session_epochs`: a user's epoch, raised by a password change, a reset or a deactivation;
 *   a token carries the epoch it was made in and is refused once the user's epoch moved on
 *   (no row: epoch 0). Checked on every authenticated request, on every server, with the user
 *   read the access check does anyway.
 * - `revoked_tokens`: the token ids (jti) ended by a logout, until they would have expired.
 * And the failed-login counts several servers share (state/postgres.ts; SQLite keeps them in
 * the process): `login_failures` per key (`a:<address>` or `l:<login>`; times in ms) and
 * `login_known` (an address a login succeeded from, until when).
 */
export const accountsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('session_epochs')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('epoch', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('revoked_tokens')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('revoked_tokens_expires_at_idx')
      .on('revoked_tokens')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('login_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('since', 'bigint', (c) => c.notNull())
      .addColumn('last', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_last_idx').on('login_failures').column('last').execute();
    await db.schema
      .createTable('login_known')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('until', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('login_known').ifExists().execute();
    await db.schema.dropTable('login_failures').ifExists().execute();
    await db.schema.dropTable('revoked_tokens').ifExists().execute();
    await db.schema.dropTable('session_epochs').ifExists().execute();
  },
};
