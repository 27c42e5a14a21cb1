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
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  addColumns,
  Column,
  createIndex,
  createTable,
  dropColumns,
  dropTables,
  id,
  integer,
  restaurantId,
  text,
} from './migration-kit';

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
  async up(db) {
    await addColumns(db, 'orders', { accepted_at: text, ready_at: text });

    await createTable(db, 'stop_list_events', {
      id,
      restaurant_id: restaurantId,
      product_id: text.notNull,
      name: text.notNull,
      day: text.notNull,
      // 1: put on the stop-list, 0: taken off it
      stopped: integer.notNull,
      // `manager` (the stop-list screen, Telegram's /stop) or `pos`
      source: text.notNull,
      created_at: text.notNull,
    });
    await createIndex(db, 'stop_list_events_restaurant_day_idx', 'stop_list_events', [
      'restaurant_id',
      'day',
    ]);

    await createTable(
      db,
      'report_dirty',
      { restaurant_id: restaurantId, day: text.notNull, version: integer.notNull },
      { primaryKey: ['restaurant_id', 'day'] },
    );

    for (const { table, key, columns } of FIGURES) {
      await createTable(
        db,
        table,
        {
          restaurant_id: restaurantId,
          day: text.notNull,
          ...Object.fromEntries(key.map(([name, type]) => [name, new Column(type).notNull])),
          // a counter starts at 0; a name is always written
          ...Object.fromEntries(
            columns.map(([name, type]) => [
              name,
              type === 'text' ? text.notNull : new Column(type).notNull.default(0),
            ]),
          ),
        },
        { primaryKey: ['restaurant_id', 'day', ...key.map(([name]) => name)] },
      );
    }

    // the days of the orders and stops already stored are built on their first read
    await sql`insert into report_dirty (restaurant_id, day, version)
      select distinct restaurant_id, day, 1 from orders`.execute(db);
  },
  async down(db) {
    await dropTables(db, [...FIGURES.map(({ table }) => table), 'report_dirty', 'stop_list_events']);
    await dropColumns(db, 'orders', ['ready_at', 'accepted_at']);
  },
};
