/**
 * The reports' daily figures («Hisobot», docs/REPORTS.md), so that a year of a busy restaurant is
 * read from a few thousand rows, not from every order on each view:
 * - `orders.accepted_at`, `orders.ready_at`: when the staff accepted it and marked it ready (the
 *   accept and kitchen times); null for orders moved before this migration;
 * - `stop_list_events`: every product put on the stop-list or taken off it (by the manager, the
 *   Telegram `/stop`, or the POS's stop-list), with its Tashkent day: the raw rows of "how often it
 *   ran out";
 * - `report_dirty`: the restaurant's days whose figures no longer match their raw rows; a write
 *   that changes an order, its payment or a stop marks its days in its own transaction
 *   (`version` grows with each mark), and a read rebuilds the marked days of its period before it
 *   answers, idempotently: the day's figures are replaced whole from its raw rows;
 * - `report_days` (a row per restaurant and day: orders, money by state and method, the accept and
 *   kitchen times), `report_dishes`, `report_choices` (options and rows chosen), `report_hours`,
 *   `report_sources` (placement and language), `report_rejects` (by reason), `report_stops`: the
 *   figures, each keyed by restaurant and day first (a period is one range of the key).
 * Every amount is in tiyin (`bigint`). The orders already stored are marked, so their days are
 * built on the first read.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

/** The figure tables, each with its key after (restaurant_id, day) and its counters. */
const FIGURES: {
  table: string;
  key: [string, 'text' | 'integer'][];
  columns: [string, 'integer' | 'bigint' | 'text'][];
}[] = [
  {
    table: 'report_days',
    key: [],
    columns: [
      ['orders', 'integer'],
      ['rejected_orders', 'integer'],
      ['paid_orders', 'integer'],
      ['paid', 'bigint'],
      ['unpaid', 'bigint'],
      ['rejected', 'bigint'],
      ['payme_orders', 'integer'],
      ['payme', 'bigint'],
      ['click_orders', 'integer'],
      ['click', 'bigint'],
      ['table_orders', 'integer'],
      ['at_table', 'bigint'],
      // the day's accept and kitchen times in seconds, sorted (JSON): a period's median and p90
      // are read from all of its days' times, exactly
      ['accept_seconds', 'text'],
      ['ready_seconds', 'text'],
    ],
  },
  {
    table: 'report_dishes',
    key: [['product_id', 'text']],
    columns: [
      ['name', 'text'],
      ['quantity', 'integer'],
      ['orders', 'integer'],
      ['revenue', 'bigint'],
    ],
  },
  {
    table: 'report_choices',
    key: [
      ['product_id', 'text'],
      ['option_name', 'text'],
      ['row_name', 'text'],
    ],
    columns: [['quantity', 'integer']],
  },
  { table: 'report_hours', key: [['hour', 'integer']], columns: [['orders', 'integer']] },
  {
    table: 'report_sources',
    key: [
      ['placement_id', 'text'],
      ['language', 'text'],
    ],
    columns: [
      ['name', 'text'],
      ['orders', 'integer'],
    ],
  },
  {
    table: 'report_rejects',
    key: [['reason', 'text']],
    columns: [
      ['orders', 'integer'],
      ['amount', 'bigint'],
    ],
  },
  {
    table: 'report_stops',
    key: [['product_id', 'text']],
    columns: [
      ['name', 'text'],
      ['stops', 'integer'],
    ],
  },
];

export const reportsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('orders').addColumn('accepted_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('ready_at', 'text').execute();

    await db.schema
      .createTable('stop_list_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      // 1: put on the stop-list, 0: taken off it
      .addColumn('stopped', 'integer', (c) => c.notNull())
      // `manager` (the stop-list screen, Telegram's /stop) or `pos`
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('stop_list_events_restaurant_day_idx')
      .on('stop_list_events')
      .columns(['restaurant_id', 'day'])
      .execute();

    await db.schema
      .createTable('report_dirty')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_dirty_pk', ['restaurant_id', 'day'])
      .execute();

    for (const { table, key, columns } of FIGURES) {
      let create = db.schema
        .createTable(table)
        .addColumn('restaurant_id', 'text', (c) =>
          c.notNull().references('restaurants.id').onDelete('cascade'),
        )
        .addColumn('day', 'text', (c) => c.notNull());
      for (const [name, type] of key) create = create.addColumn(name, type, (c) => c.notNull());
      for (const [name, type] of columns) {
        create = create.addColumn(name, type, (c) =>
          type === 'text' ? c.notNull() : c.notNull().defaultTo(0),
        );
      }
      await create
        .addPrimaryKeyConstraint(`${table}_pk`, [
          'restaurant_id',
          'day',
          ...key.map(([name]) => name),
        ] as never)
        .execute();
    }

    // the days of the orders and stops already stored are built on their first read
    await sql`insert into report_dirty (restaurant_id, day, version)
      select distinct restaurant_id, day, 1 from orders`.execute(db);
  },
  async down(db: AnyDb) {
    for (const { table } of FIGURES) await db.schema.dropTable(table).ifExists().execute();
    await db.schema.dropTable('report_dirty').ifExists().execute();
    await db.schema.dropTable('stop_list_events').ifExists().execute();
    await db.schema.alterTable('orders').dropColumn('ready_at').execute();
    await db.schema.alterTable('orders').dropColumn('accepted_at').execute();
  },
};
