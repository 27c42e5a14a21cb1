/**
 * An idempotency key means one request (docs/ORDERS.md, "One order per tap"): `orders.request_hash`
 * keeps the SHA-256 of the order's request in a canonical form (services/orders/idempotency.ts),
 * so the same key sent with another body is refused (422 `idempotency_key_reused`) instead of
 * answered with the first order while the guest's new dishes are dropped. Orders placed before
 * have none: their key answers the order it made, as it did (a cart retries within minutes).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const orderRequestHashMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('orders').addColumn('request_hash', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('orders').dropColumn('request_hash').execute();
  },
};
