/**
 * A hold that ends (docs/PAYMENTS.md): a payment begun and never finished holds its bill (the
 * table cannot be closed: 409) only until its time runs out (Payme's 12 hours, cancelled with
 * reason 4 and answered so on Payme's next call; Click's 30 minutes, its late Complete answered
 * -9), or until an admin releases it with a reason; every release is recorded.
 */
import { describe, expect, it } from 'vitest';
import { CLICK_HOLD_MS, PAYME_TIMEOUT_MS } from '../src/services/payments/holds';
import { clickTransId, fakeClick } from './fakes/click';
import { fakePayme, paymeId } from './fakes/payme';
import { apiCall, expectError, TEST_SECRET_KEY } from './helpers';
import { billOf, CLICK, clickCodes, guestOrders, PAYME, paymentWorld } from './payments-support';
import { fileWorld } from './world';

/** The payments' clock (and the providers'): a test moves it past a hold's time. */
let clock = Date.now();

const { ctx, world } = fileWorld(
  { integrationSecretKey: TEST_SECRET_KEY, paymentsClock: () => clock },
  paymentWorld,
);

const payme = () => fakePayme(ctx.app, world.w.restaurantId, PAYME.key, () => clock);
const click = () => fakeClick(ctx.app, world.w.restaurantId, CLICK.service_id, CLICK.secret_key, () => clock);
const som = (tiyin: number) => (tiyin / 100).toFixed(2);

const closeTable = (table: number) =>
  apiCall(ctx, 'PUT', `/manager/tables/${world.w.tables[table]?._id}/close`, world.w.manager.token);
const release = (
  table: number,
  reason: unknown,
  token = world.admin.token,
  restaurant = world.w.restaurantId,
) =>
  apiCall(ctx, 'POST', `/admin/restaurants/${restaurant}/payments/release`, token, {
    placement_id: world.w.tables[table]?._id,
    reason,
  });
const releases = () => ctx.db.selectFrom('payment_releases').selectAll().orderBy('released_at').execute();

describe('a hold whose time runs out', () => {
  it("Payme: a transaction not performed in 12 hours lets the table close, cancelled with reason 4 as Payme's next call hears", async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 0));
    const id = paymeId();
    expect((await payme().create(id, bill._id, bill.amount)).result).toMatchObject({ state: 1 });
    // under way: the staff cannot close the table
    expectError(await closeTable(0), 409, 'conflict');
    clock += PAYME_TIMEOUT_MS - 60_000;
    expectError(await closeTable(0), 409, 'conflict');
    clock += 2 * 60_000;
    const closed = await closeTable(0);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ _id: bill._id, status: 'closed' });
    // Payme's next calls: cancelled by timeout (reason 4), not performable
    expect((await payme().check(id)).result).toMatchObject({ state: -1, reason: 4, cancel_time: clock });
    expect((await payme().perform(id)).error?.code).toBe(-31008);
    expect(
      (await releases()).map((r) => [r.method, r.transaction_id, r.cause, r.reason, r.released_by]),
    ).toEqual([['payme', id, 'timeout', null, null]]);
  });

  it('Click: a Prepare not completed in 30 minutes lets the table close; its late Complete is -9', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const id = clickTransId();
    const prepared = await click().prepare(id, bill._id, som(bill.amount));
    expect(prepared.error).toBe(0);
    expectError(await closeTable(1), 409, 'conflict');
    clock += CLICK_HOLD_MS + 60_000;
    const closed = await closeTable(1);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ _id: bill._id, status: 'closed' });
    const late = await click().complete(id, bill._id, String(prepared.merchant_prepare_id), som(bill.amount));
    expect(late.error).toBe(clickCodes.cancelled?.error);
    const status = await ctx.db
      .selectFrom('bills')
      .select('status')
      .where('id', '=', bill._id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('closed');
    expect((await releases()).at(-1)).toMatchObject({
      method: 'click',
      transaction_id: id,
      cause: 'timeout',
    });
  });

  it('a hold within its time still holds: a Prepare 20 minutes old is completed and pays the bill', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const id = clickTransId();
    const prepared = await click().prepare(id, bill._id, som(bill.amount));
    clock += 20 * 60_000;
    expectError(await closeTable(2), 409, 'conflict');
    const completed = await click().complete(
      id,
      bill._id,
      String(prepared.merchant_prepare_id),
      som(bill.amount),
    );
    expect(completed.error).toBe(0);
  });
});

describe("an admin's release", () => {
  it('ends the holds on a table with a reason, recorded; then the staff close it', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 0));
    const id = clickTransId();
    const prepared = await click().prepare(id, bill._id, som(bill.amount));
    expect(prepared.error).toBe(0);
    expectError(await closeTable(0), 409, 'conflict');
    // managers may not; a reason is needed; another restaurant's table is not found
    expectError(await release(0, 'Mehmon ketdi', world.w.manager.token), 403, 'forbidden');
    expectError(await release(0, '   '), 400, 'validation');
    const other = await paymentWorld(ctx);
    expectError(await release(0, 'Mehmon ketdi', world.admin.token, other.w.restaurantId), 404, 'not_found');

    const released = await release(0, "Mehmon ketdi, to'lov tugallanmadi");
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toEqual({ released: [{ method: 'click', transaction: id }] });
    expect((await releases()).at(-1)).toMatchObject({
      bill_id: bill._id,
      method: 'click',
      transaction_id: id,
      cause: 'admin',
      reason: "Mehmon ketdi, to'lov tugallanmadi",
      released_by: world.admin.id,
    });
    expect((await closeTable(0)).statusCode).toBe(200);
    // Click's Complete after the release: cancelled
    const late = await click().complete(id, bill._id, String(prepared.merchant_prepare_id), som(bill.amount));
    expect(late.error).toBe(clickCodes.cancelled?.error);
    // nothing holds the table now: told so
    expectError(await release(0, 'Yana'), 409, 'conflict');
  });

  it("cancels Payme's transaction with reason 3, as Payme's next call hears; a performed payment is never touched", async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const id = paymeId();
    await payme().create(id, bill._id, bill.amount);
    expect((await release(1, 'Mehmon naqd to‘ladi')).json().data).toEqual({
      released: [{ method: 'payme', transaction: id }],
    });
    expect((await payme().check(id)).result).toMatchObject({ state: -1, reason: 3 });
    expect((await payme().perform(id)).error?.code).toBe(-31008);
    // a paid bill is paid, not held: nothing to release
    const paid = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const done = await payme().pay(paid._id, paid.amount);
    expect(done.perform.result).toMatchObject({ state: 2 });
    expectError(await release(2, 'Xato'), 409, 'conflict');
    expect((await payme().check(done.id)).result).toMatchObject({ state: 2 });
  });
});
