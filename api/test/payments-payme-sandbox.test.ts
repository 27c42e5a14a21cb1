/**
 * Payme's sandbox checks (fixtures/payme/sandbox.documented.json, from
 * https://developer.help.paycom.uz/pesochnitsa), each a test named after the check, sent as Payme
 * sends it (fakes/payme.ts: `Content-Type: text/json; charset=UTF-8`, Basic auth, the documented
 * params) on a one-time account waiting for payment (a table's open bill), every answer checked
 * against the documented fields by the fake. Where the sandbox and another of Payme's pages
 * disagree, the sandbox is followed (docs/PAYMENTS.md, "Where the providers' documents disagree").
 */
import { describe, expect, it } from 'vitest';
import { fakePayme, paymeId } from './fakes/payme';
import { recorded } from './fixtures/recorded';
import { TEST_SECRET_KEY } from './helpers';
import { billOf, guestOrders, PAYME, paymentWorld } from './payments-support';
import { fileWorld } from './world';

interface Check {
  check: string;
  expect: unknown;
}
const sandbox = recorded<{ scenarios: { name: string; checks: Check[] }[] }>('payme/sandbox.documented.json');
const [unperformed, performed] = sandbox.scenarios as [
  { name: string; checks: Check[] },
  { name: string; checks: Check[] },
];
const expected = (scenario: { checks: Check[] }, check: string) =>
  scenario.checks.find((c) => c.check === check)?.expect as Record<string, unknown>;

let clock = Date.now();

const { ctx, world } = fileWorld(
  { integrationSecretKey: TEST_SECRET_KEY, paymentsClock: () => clock },
  paymentWorld,
);

const payme = () => fakePayme(ctx.app, world.w.restaurantId, PAYME.key, () => clock);
const transactions = () => ctx.db.selectFrom('payme_transactions').selectAll().execute();
const billStatus = async (id: string) =>
  (await ctx.db.selectFrom('bills').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** A table's open bill: Payme's one-time account waiting for payment («Ожидает оплаты»). */
async function waitingAccount(table = 0) {
  return billOf(ctx, await guestOrders(ctx, world.w, table));
}

describe(`Payme sandbox: ${unperformed.name}`, () => {
  it('Неверная авторизация: every method answers -32504, nothing read or written', async () => {
    const want = expected(unperformed, 'Неверная авторизация') as { error: number };
    const bill = await waitingAccount();
    const before = await transactions();
    const p = payme();
    const id = paymeId();
    for (const key of ['wrong', '']) {
      for (const reply of [
        await p.checkPerform(bill._id, bill.amount, { key }),
        await p.create(id, bill._id, bill.amount, clock, { key }),
        await p.perform(id, { key }),
        await p.cancel(id, 1, { key }),
        await p.call('CheckTransaction', { id }, { key }),
        await p.call('GetStatement', { from: 0, to: clock }, { key }),
      ]) {
        expect(reply.error?.code).toBe(want.error);
        expect(reply.error?.message.ru).toBe('Недостаточно привилегий для выполнения метода');
      }
    }
    expect(await transactions()).toEqual(before);
  });

  it('Неверная сумма: CheckPerformTransaction and CreateTransaction answer -31001', async () => {
    const want = expected(unperformed, 'Неверная сумма') as { error: number };
    const bill = await waitingAccount();
    const p = payme();
    expect((await p.checkPerform(bill._id, bill.amount + 100)).error?.code).toBe(want.error);
    expect((await p.create(paymeId(), bill._id, bill.amount - 100)).error?.code).toBe(want.error);
    expect(await billStatus(bill._id)).toBe('open');
  });

  it('Несуществующий счёт: CheckPerformTransaction and CreateTransaction answer -31050..-31099 naming the field', async () => {
    const want = expected(unperformed, 'Несуществующий счёт') as { error_range: [number, number] };
    const [low, high] = want.error_range;
    const bill = await waitingAccount();
    const p = payme();
    for (const reply of [
      await p.checkPerform('no-such-bill', bill.amount),
      await p.create(paymeId(), 'no-such-bill', bill.amount),
    ]) {
      expect(reply.error?.code).toBeGreaterThanOrEqual(low);
      expect(reply.error?.code).toBeLessThanOrEqual(high);
      expect(reply.error?.data).toBe('bill_id');
    }
  });

  it('CheckPerformTransaction: allow true', async () => {
    const want = expected(unperformed, 'CheckPerformTransaction') as { result: unknown };
    const bill = await waitingAccount();
    expect((await payme().checkPerform(bill._id, bill.amount)).result).toEqual(want.result);
  });

  it('CreateTransaction: created, the repeat answers the same, CheckTransaction answers, a new transaction on the waiting account -31008', async () => {
    const want = expected(unperformed, 'CreateTransaction');
    const newOnWaiting = want[
      'CreateTransaction with a new transaction, the account «В ожидании оплаты»'
    ] as {
      error: number;
    };
    const bill = await waitingAccount();
    const p = payme();
    const id = paymeId();
    const time = clock;
    const first = await p.create(id, bill._id, bill.amount, time);
    expect(first.error).toBeUndefined();
    clock += 1_000;
    const repeated = await p.create(id, bill._id, bill.amount, time);
    expect(repeated.result).toEqual(first.result);
    expect((await p.check(id)).result).toMatchObject({ state: 1, create_time: first.result?.create_time });
    expect((await p.create(paymeId(), bill._id, bill.amount)).error?.code).toBe(newOnWaiting.error);
    // the other payment is refused before anything is written: one transaction holds the bill
    const rows = await ctx.db
      .selectFrom('payme_transactions')
      .selectAll()
      .where('bill_id', '=', bill._id)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([id]);
    await p.cancel(id, 3);
  });

  it('CancelTransaction (state 1): cancelled (-1), the repeat answers the same, CheckTransaction answers; the account waits again', async () => {
    const bill = await waitingAccount();
    const p = payme();
    const id = paymeId();
    await p.create(id, bill._id, bill.amount);
    clock += 1_000;
    const cancelled = await p.cancel(id, 3);
    expect(cancelled.result).toMatchObject({ state: -1 });
    clock += 1_000;
    expect((await p.cancel(id, 3)).result).toEqual(cancelled.result);
    expect((await p.check(id)).result).toMatchObject({
      state: -1,
      reason: 3,
      perform_time: 0,
      cancel_time: cancelled.result?.cancel_time,
    });
    expect(await billStatus(bill._id)).toBe('open');
    expect((await p.checkPerform(bill._id, bill.amount)).result).toEqual({ allow: true });
  });
});

describe(`Payme sandbox: ${performed.name}`, () => {
  it('PerformTransaction: performed (2), the repeat answers the same, CheckTransaction answers; the bill is paid once', async () => {
    const bill = await waitingAccount(1);
    const p = payme();
    expect((await p.checkPerform(bill._id, bill.amount)).result).toEqual(
      (expected(performed, 'CheckPerformTransaction') as { result: unknown }).result,
    );
    const id = paymeId();
    const created = await p.create(id, bill._id, bill.amount);
    expect((await p.create(paymeId(), bill._id, bill.amount)).error?.code).toBe(
      (
        expected(unperformed, 'CreateTransaction')[
          'CreateTransaction with a new transaction, the account «В ожидании оплаты»'
        ] as { error: number }
      ).error,
    );
    const done = await p.perform(id);
    expect(done.result).toMatchObject({ state: 2, transaction: created.result?.transaction });
    clock += 5_000;
    expect((await p.perform(id)).result).toEqual(done.result);
    expect((await p.check(id)).result).toMatchObject({
      state: 2,
      perform_time: done.result?.perform_time,
      cancel_time: 0,
      reason: null,
    });
    expect(await billStatus(bill._id)).toBe('paid');
  });

  it('CancelTransaction (state 2): cancelled after perform (-2), the repeat answers the same, CheckTransaction answers; the bill is unpaid', async () => {
    const bill = await waitingAccount(2);
    const p = payme();
    const { id } = await p.pay(bill._id, bill.amount);
    clock += 1_000;
    const cancelled = await p.cancel(id, 5);
    expect(cancelled.result).toMatchObject({ state: -2 });
    clock += 1_000;
    expect((await p.cancel(id, 5)).result).toEqual(cancelled.result);
    expect((await p.check(id)).result).toMatchObject({ state: -2, reason: 5 });
    expect(await billStatus(bill._id)).toBe('refunded');
  });

  it("GetStatement: the period's transactions in Payme's fields, by Payme's time", async () => {
    const from = clock;
    const bill = await waitingAccount(0);
    const p = payme();
    const { id } = await p.pay(bill._id, bill.amount);
    const listed = await p.statement(from, clock + 1);
    expect(listed.result?.transactions).toEqual([
      expect.objectContaining({ id, amount: bill.amount, state: 2, account: { bill_id: bill._id } }),
    ]);
    expect((await p.statement(clock + 10_000, clock + 20_000)).result).toEqual(
      recorded<{ response: { result: unknown } }>('payme/GetStatement.empty.documented.json').response.result,
    );
  });
});
