import type { Migration } from 'kysely/migration';
import { bigint, createIndex, createTable, dropTables, integer, text } from './migration-kit';

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
  async up(db) {
    await createTable(db, 'session_epochs', {
      user_id: text.primaryKey.references('users.id', 'cascade'),
      epoch: integer.notNull,
    });
    await createTable(db, 'revoked_tokens', { jti: text.primaryKey, expires_at: text.notNull });
    await createIndex(db, 'revoked_tokens_expires_at_idx', 'revoked_tokens', ['expires_at']);
    await createTable(db, 'login_failures', {
      key: text.primaryKey,
      count: integer.notNull,
      since: bigint.notNull,
      last: bigint.notNull,
    });
    await createIndex(db, 'login_failures_last_idx', 'login_failures', ['last']);
    await createTable(db, 'login_known', { key: text.primaryKey, until: bigint.notNull });
  },
  async down(db) {
    await dropTables(db, ['login_known', 'login_failures', 'revoked_tokens', 'session_epochs']);
  },
};
