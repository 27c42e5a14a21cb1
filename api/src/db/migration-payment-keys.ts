/**
 * A provider's transaction ids are keyed per restaurant (docs/PAYMENTS.md, "One restaurant's
 * payments are its own"): Payme's `id` and Click's `click_trans_id` were unique across every
 * restaurant, so a restaurant with its own Click secret (or Payme cashbox) could take ids before
 * another restaurant's real payment used them, and that payment was refused (-6, -31008). Now
 * `payme_transactions` is keyed by (restaurant_id, id) and `click_transactions` unique on
 * (restaurant_id, click_trans_id); every existing row is kept, and Click's `prepare_id` numbers
 * (answered as `merchant_prepare_id`) go on from where they were, never reused.
 *
 * PostgreSQL changes the constraints in place. SQLite cannot drop a primary key or a column's
 * unique constraint: each table is built again beside the old one, the rows copied, the old one
 * dropped and the new one renamed, in one transaction (no other table references these).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type AnyDb, createIndex, createTable, dropTables, text } from './migration-kit';
import { clickTransactions, paymeTransactions } from './migration-payments';

async function indexes(db: AnyDb): Promise<void> {
  const again = { ifNotExists: true };
  await createIndex(
    db,
    'payme_transactions_statement_idx',
    'payme_transactions',
    ['restaurant_id', 'time'],
    again,
  );
  await createIndex(db, 'payme_transactions_bill_idx', 'payme_transactions', ['bill_id'], again);
  await createIndex(db, 'click_transactions_bill_idx', 'click_transactions', ['bill_id'], again);
  await createIndex(
    db,
    'click_transactions_restaurant_idx',
    'click_transactions',
    ['restaurant_id', 'created_at'],
    again,
  );
}

/**
 * SQLite: the two tables built again with the keys per restaurant (`perRestaurant`) or, undoing,
 * across restaurants as 0024 made them; every row and Click's sequence kept.
 */
async function rebuildOnSqlite(db: AnyDb, perRestaurant: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await createTable(
      trx,
      'payme_transactions_next',
      // the same columns, the id not null: a key of its own or, per restaurant, in the pair
      { ...paymeTransactions, id: perRestaurant ? text.notNull : text.notNull.primaryKey },
      perRestaurant
        ? { primaryKey: { name: 'payme_transactions_pk', columns: ['restaurant_id', 'id'] } }
        : {},
    );
    const payme = sql.join(Object.keys(paymeTransactions).map((c) => sql.ref(c)));
    await sql`insert into payme_transactions_next (${payme}) select ${payme} from payme_transactions`.execute(
      trx,
    );
    await dropTables(trx, ['payme_transactions'], { ifExists: false });
    await sql`alter table payme_transactions_next rename to payme_transactions`.execute(trx);

    const click_trans_id = perRestaurant ? text.notNull : text.notNull.unique;
    await createTable(
      trx,
      'click_transactions_next',
      { ...clickTransactions(trx), click_trans_id },
      perRestaurant
        ? {
            unique: {
              name: 'click_transactions_restaurant_trans_uq',
              columns: ['restaurant_id', 'click_trans_id'],
            },
          }
        : {},
    );
    // the number answered last, so a merchant_prepare_id is never given twice (rows of a deleted
    // restaurant are gone, their numbers not)
    const last = await sql<{
      seq: number;
    }>`select seq from sqlite_sequence where name = 'click_transactions'`.execute(trx);
    const click = sql.join(Object.keys(clickTransactions(trx)).map((c) => sql.ref(c)));
    await sql`insert into click_transactions_next (${click}) select ${click} from click_transactions`.execute(
      trx,
    );
    await dropTables(trx, ['click_transactions'], { ifExists: false });
    await sql`alter table click_transactions_next rename to click_transactions`.execute(trx);
    const seq = Number(last.rows[0]?.seq ?? 0);
    if (seq > 0)
      await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'click_transactions'`.execute(
        trx,
      );
    await indexes(trx);
  });
}

export const paymentKeysMigration: Migration = {
  async up(db) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return rebuildOnSqlite(db, true);
    // PostgreSQL's own names for the constraints 0024 made (a column's primary key, its unique)
    await sql`alter table payme_transactions drop constraint payme_transactions_pkey`.execute(db);
    await sql`alter table payme_transactions add constraint payme_transactions_pk primary key (restaurant_id, id)`.execute(
      db,
    );
    await sql`alter table click_transactions drop constraint click_transactions_click_trans_id_key`.execute(
      db,
    );
    await sql`alter table click_transactions add constraint click_transactions_restaurant_trans_uq unique (restaurant_id, click_trans_id)`.execute(
      db,
    );
  },
  /** Back to ids unique across restaurants: fails while two restaurants hold the same id. */
  async down(db) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return rebuildOnSqlite(db, false);
    await sql`alter table payme_transactions drop constraint payme_transactions_pk`.execute(db);
    await sql`alter table payme_transactions add constraint payme_transactions_pkey primary key (id)`.execute(
      db,
    );
    await sql`alter table click_transactions drop constraint click_transactions_restaurant_trans_uq`.execute(
      db,
    );
    await sql`alter table click_transactions add constraint click_transactions_click_trans_id_key unique (click_trans_id)`.execute(
      db,
    );
  },
};
