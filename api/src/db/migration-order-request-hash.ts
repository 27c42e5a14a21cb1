/**
 * An idempotency key means one request (docs/ORDERS.md, "One order per tap"): `orders.request_hash`
 * keeps the SHA-256 of the order's request in a canonical form (services/orders/idempotency.ts),
 * so the same key sent with another body is refused (422 `idempotency_key_reused`) instead of
 * answered with the first order while the guest's new dishes are dropped. Orders placed before
 * have none: their key answers the order it made, as it did (a cart retries within minutes).
 */
import type { Migration } from 'kysely/migration';
import { addColumns, dropColumns, text } from './migration-kit';

export const orderRequestHashMigration: Migration = {
  async up(db) {
    await addColumns(db, 'orders', { request_hash: text });
  },
  async down(db) {
    await dropColumns(db, 'orders', ['request_hash']);
  },
};
