/**
 * The live streams' numbers commit in order on PostgreSQL (docs/ORDERS.md, "Live updates"): an
 * event's writer takes the events' lock before its number is drawn, so a second writer waits,
 * without a number, until the first commits. A reader that sees a number then has every smaller
 * one. SQLite has one writer at a time, so this is PostgreSQL's alone.
 */
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { now } from '../src/db';
import { fileApp } from './world';

const PG = !!process.env.TEST_DATABASE_URL?.trim();
const ctx = fileApp();

/** The number the events' sequence gave last (drawn numbers count, committed or not). */
const lastDrawn = async () => {
  const { rows } = await sql<{ n: string }>`
    select last_value as n from pg_sequences
    where schemaname = current_schema() and sequencename = split_part(pg_get_serial_sequence('order_events', 'seq'), '.', 2)`.execute(
    ctx.db,
  );
  return Number(rows[0]?.n);
};

describe.skipIf(!PG)("the events' numbers on PostgreSQL", () => {
  it('a second writer waits for the first to commit and draws its number only then', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstSeq = 0;
    const first = ctx.app.repos.transaction(async (trx) => {
      firstSeq = await trx.orderEvents.append('r-order-events', 'order', 'first', now());
      await held;
    });
    await vi.waitFor(() => expect(firstSeq).toBeGreaterThan(0));

    // released however the test ends: a first writer left waiting would hold its connection, and
    // the file's schema could not be dropped
    let secondSeq = 0;
    let second: Promise<void> | undefined;
    try {
      second = ctx.app.repos.transaction(async (trx) => {
        secondSeq = await trx.orderEvents.append('r-order-events', 'order', 'second', now());
      });
      // a connection waits on this schema's events lock (an advisory lock on a bigint key is
      // listed by its low 32 bits in objid, objsubid 1), and no number is drawn yet
      await vi.waitFor(
        async () => {
          const waiting = await sql<{ n: string }>`
            select count(*) as n from pg_locks
            where locktype = 'advisory' and not granted and objsubid = 1
              and objid::text::bigint = (hashtext('qrmenu.order_events.' || current_schema())::bigint & 4294967295)`.execute(
            ctx.db,
          );
          expect(Number(waiting.rows[0]?.n)).toBe(1);
        },
        { timeout: 15_000, interval: 50 },
      );
      expect(secondSeq).toBe(0);
      expect(await lastDrawn()).toBe(firstSeq);
    } finally {
      release();
    }
    await Promise.all([first, second]);
    expect(secondSeq).toBe(firstSeq + 1);
  });
});
