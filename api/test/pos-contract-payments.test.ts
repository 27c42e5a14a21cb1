/**
 * The payment into the POS (providers/iiko/payments.ts, providers/poster/payments.ts) over the
 * providers' own recorded and documented answers (fixtures/<provider>/, SOURCES.md there), not
 * over this project's fakes: iiko's payment types (a recorded list without a Payme type, and the
 * types a restaurant makes, in that shape), the add_payments answer and each recorded command
 * state; Poster's documented order (closed, open) and its close answer.
 */
import { describe, expect, it } from 'vitest';
import type { PosPaymentDraft } from '../src/integration/pos/outgoing-orders';
import type { IikoCall } from '../src/integration/providers/iiko/orders';
import { iikoPayments } from '../src/integration/providers/iiko/payments';
import type { PosterCall } from '../src/integration/providers/poster/client';
import { posterPayments } from '../src/integration/providers/poster/payments';
import { recorded } from './fixtures/recorded';

const draft = (extra: Partial<PosPaymentDraft> = {}): PosPaymentDraft => ({
  paymentId: 'payme:6565d1d7b5bf1b1e8a4b0c11:iiko-order',
  method: 'payme',
  locationId: 'org',
  terminalGroupId: 'tg',
  posOrderId: 'iiko-order',
  amount: 12_345_678,
  ...extra,
});

/** iiko's order as `by_id` answers it, with the payments it holds. */
const iikoOrder = (payments: unknown[] = [], status = 'New') => ({
  correlationId: 'c',
  orders: [
    {
      id: 'iiko-order',
      creationStatus: 'Success',
      order: { tableIds: [], status, sum: 123456.78, number: 7, items: [], payments },
    },
  ],
});

function iiko(answers: Record<string, unknown>) {
  const asked: { path: string; body: unknown }[] = [];
  const call: IikoCall = async (path, body, schema) => {
    asked.push({ path, body });
    return schema.parse(answers[path]);
  };
  return { record: iikoPayments(call), asked };
}

describe('iiko payments over recorded answers', () => {
  it('refuses, in words the staff can act on, when the recorded types have none for the method', async () => {
    const { record, asked } = iiko({ '/api/1/payment_types': recorded('iiko/payment_types.recorded.json') });
    expect(await record(draft(), null)).toEqual({
      state: 'refused',
      reason: 'iiko: no external payment type "payme"',
    });
    expect(asked.map((a) => a.path)).toEqual(['/api/1/payment_types']);
  });

  it('adds the exact sum processed externally with the type iiko lets be external, then follows the command', async () => {
    const { record, asked } = iiko({
      '/api/1/payment_types': recorded('iiko/payment_types_payme_click.assembled.json'),
      '/api/1/order/by_id': iikoOrder(),
      '/api/1/order/add_payments': recorded('iiko/add_payments.documented.json'),
    });
    expect(await record(draft(), null)).toEqual({
      state: 'pending',
      ticket: '4f1e2d3c-1111-4a2b-8c3d-9e8f7a6b5c4d',
    });
    expect(asked.at(-1)).toEqual({
      path: '/api/1/order/add_payments',
      body: {
        organizationId: 'org',
        orderId: 'iiko-order',
        payments: [
          {
            paymentTypeKind: 'Card',
            sum: 123456.78,
            paymentTypeId: '5a1b2c3d-0000-4000-8000-00000000a001',
            isProcessedExternally: true,
            isFiscalizedExternally: false,
            isPrepay: true,
          },
        ],
      },
    });
  });

  it('does not add a payment iiko holds already (a lost answer)', async () => {
    const types = recorded<{ paymentTypes: { id: string; code: string }[] }>(
      'iiko/payment_types_payme_click.assembled.json',
    );
    const click = types.paymentTypes.find((t) => t.code === 'CLICK');
    const { record, asked } = iiko({
      '/api/1/payment_types': types,
      '/api/1/order/by_id': iikoOrder([
        { paymentType: { id: click?.id, kind: 'Card' }, sum: 123456.78, isProcessedExternally: true },
      ]),
    });
    expect(await record(draft({ method: 'click' }), null)).toEqual({ state: 'recorded' });
    expect(asked.map((a) => a.path)).not.toContain('/api/1/order/add_payments');
  });

  it('reads each recorded command state', async () => {
    const states = recorded<{ answers: unknown[] }>('iiko/commands_status.recorded.json').answers;
    const results = [];
    for (const answer of states) {
      const { record } = iiko({ '/api/1/commands/status': answer });
      results.push(await record(draft(), 'corr'));
    }
    expect(results).toEqual([
      { state: 'recorded' },
      { state: 'pending', ticket: 'corr' },
      { state: 'refused', reason: 'iiko: Error' },
    ]);
  });
});

function poster(answers: Record<string, unknown>) {
  const asked: { method: string; body: unknown; query: unknown }[] = [];
  const call: PosterCall = async (method, schema, options = {}) => {
    asked.push({ method, body: options.body, query: options.query });
    return schema.parse(answers[method]);
  };
  return { record: posterPayments(call), asked };
}

describe('Poster payments over documented answers', () => {
  const documented = recorded<{ response: Record<string, unknown>[] }>(
    'poster/dash-get-transaction.documented.json',
  );
  const order = documented.response[0] as Record<string, unknown>;
  const open = { response: [{ ...order, status: '1', payed_cash: '0', payed_sum: '0', date_close: '0' }] };
  const posterDraft = draft({ posOrderId: '330660', locationId: '1', amount: 2750, terminalGroupId: null });

  it('pays an open order by card on the register its history names, and reads the documented close', async () => {
    const { record, asked } = poster({
      'dash.getTransaction': open,
      'transactions.closeTransaction': recorded('poster/close-transaction.documented.json'),
    });
    expect(await record(posterDraft)).toEqual({ state: 'recorded' });
    expect(asked[0]?.query).toEqual({ transaction_id: '330660', include_history: 'true' });
    expect(asked[1]).toMatchObject({
      method: 'transactions.closeTransaction',
      body: { spot_id: 1, spot_tablet_id: 1, transaction_id: 330660, payed_card: 2750 },
    });
  });

  it('does not pay twice an order closed with our amount by card (a lost answer)', async () => {
    const { record, asked } = poster({
      'dash.getTransaction': { response: [{ ...order, payed_card: '2750', payed_cash: '0' }] },
    });
    expect(await record(posterDraft)).toEqual({ state: 'recorded' });
    expect(asked.map((a) => a.method)).toEqual(['dash.getTransaction']);
  });

  it('refuses the documented order closed at the register (paid in cash there)', async () => {
    const { record } = poster({ 'dash.getTransaction': documented });
    expect(await record(posterDraft)).toEqual({
      state: 'refused',
      reason: 'Poster: order 330660 closed at the register',
    });
  });
});
