/**
 * Payme's merchant endpoint as Payme reaches it over HTTP (docs/PAYMENTS.md, "Payme"): the
 * documented request carries `Content-Type: text/json; charset=UTF-8`
 * (fixtures/payme/request-format.documented.json), and whatever the content type, every request is
 * answered HTTP 200 with a JSON-RPC result or Payme's error (-32700, -32600, -32601, -32300, in
 * Payme's error shape, checked by the fake). The rest of the API keeps refusing what it does not
 * read (415).
 */
import { describe, expect, it } from 'vitest';
import { checkPaymeAnswer, fakePayme, PAYME_CONTENT_TYPE } from './fakes/payme';
import { recorded } from './fixtures/recorded';
import { expectError, rawCall, TEST_SECRET_KEY } from './helpers';
import { billOf, guestOrders, PAYME, paymentWorld } from './payments-support';
import { fileWorld } from './world';

const documented = recorded<{ general_errors: Record<string, string> }>(
  'payme/request-format.documented.json',
);
const E = recorded<{ codes: Record<string, number> }>('payme/errors.documented.json').codes as Record<
  string,
  number
>;

const { ctx, world } = fileWorld({ integrationSecretKey: TEST_SECRET_KEY }, paymentWorld);

const payme = () => fakePayme(ctx.app, world.w.restaurantId, PAYME.key);
const paymeUrl = () => `/api/payments/payme/${world.w.restaurantId}`;
const auth = () => `Basic ${Buffer.from(`Paycom:${PAYME.key}`).toString('base64')}`;

/** A raw call to the Payme endpoint, its answer checked as Payme reads it. */
async function paymeRaw(
  payload: string,
  headers: Record<string, string>,
  method = 'CheckPerformTransaction',
) {
  const res = await ctx.app.inject({ method: 'POST', url: paymeUrl(), headers, payload });
  return checkPaymeAnswer(method, res.statusCode, res.body);
}

describe("Payme's request, whatever its content type", () => {
  it('answers the documented request (text/json; charset=UTF-8) with 200 and the result', async () => {
    expect(PAYME_CONTENT_TYPE).toBe('text/json; charset=UTF-8');
    const bill = await billOf(ctx, await guestOrders(ctx, world.w));
    const reply = await payme().checkPerform(bill._id, bill.amount);
    expect(reply.result).toEqual({ allow: true });
  });

  it.each([
    ['application/json'],
    ['application/json; charset=utf-8'],
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['application/octet-stream'],
  ])('reads the JSON body sent as %s', async (contentType) => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w));
    const reply = await payme().call(
      'CheckPerformTransaction',
      { amount: bill.amount, account: { bill_id: bill._id } },
      { contentType },
    );
    expect(reply.result).toEqual({ allow: true });
  });

  it('reads the JSON body sent without a content type', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w));
    const reply = await paymeRaw(
      JSON.stringify({
        method: 'CheckPerformTransaction',
        params: { amount: bill.amount, account: { bill_id: bill._id } },
        id: 7,
      }),
      { authorization: auth() },
    );
    expect(reply).toMatchObject({ id: 7, result: { allow: true } });
  });

  it('answers a body that is not JSON with -32700, in 200, whatever the content type', async () => {
    for (const contentType of [PAYME_CONTENT_TYPE, 'application/json', 'text/html']) {
      const reply = await paymeRaw('{"method": "CheckPerformTransaction",', {
        'content-type': contentType,
        authorization: auth(),
      });
      expect(reply.error?.code).toBe(E.parse_error);
      expect(reply.error?.message.ru).toBe(documented.general_errors['-32700']?.replace(/\.$/, ''));
      expect(reply.id).toBeNull();
    }
    const empty = await paymeRaw('', { 'content-type': PAYME_CONTENT_TYPE, authorization: auth() });
    expect(empty.error?.code).toBe(E.parse_error);
  });

  it('answers JSON that is not a request of the documented shape with -32600', async () => {
    for (const body of [
      [],
      'CheckTransaction',
      { params: { id: 'x' }, id: 1 },
      { method: 'CheckTransaction', id: 1 },
      { method: 'CheckTransaction', params: 'x', id: 1 },
      { method: 'CheckTransaction', params: { id: 'x' } },
      { method: 'CheckTransaction', params: { id: 'x' }, id: 'one' },
      { method: 7, params: {}, id: 1 },
    ]) {
      const reply = await paymeRaw(JSON.stringify(body), {
        'content-type': PAYME_CONTENT_TYPE,
        authorization: auth(),
      });
      expect(reply.error?.code, JSON.stringify(body)).toBe(E.invalid_request);
    }
  });

  it('answers an unknown method with -32601 and its name in data', async () => {
    const reply = await payme().call('Transfer', {});
    expect(reply.error).toMatchObject({ code: E.method_not_found, data: 'Transfer' });
  });

  it('answers a request that is not a POST with -32300, in 200', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: paymeUrl(), headers: { authorization: auth() } });
      expect(checkPaymeAnswer('CheckTransaction', res.statusCode, res.body).error?.code).toBe(E.not_post);
    }
  });

  it('answers a body over the limit and an address that is no restaurant in 200, in the protocol', async () => {
    const big = await paymeRaw(
      `{"method":"CheckTransaction","params":{"id":"${'x'.repeat(1024 * 1024)}"},"id":1}`,
      {
        'content-type': PAYME_CONTENT_TYPE,
        authorization: auth(),
      },
    );
    expect(big.error?.code).toBe(E.invalid_request);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/payme/not-an-id',
      headers: { 'content-type': PAYME_CONTENT_TYPE, authorization: auth() },
      payload: JSON.stringify({ method: 'CheckTransaction', params: { id: 'x' }, id: 3 }),
    });
    expect(checkPaymeAnswer('CheckTransaction', res.statusCode, res.body).error?.code).toBe(
      E.insufficient_privileges,
    );
  });
});

describe('the rest of the API', () => {
  it('still refuses a content type it does not read (415)', async () => {
    const res = await rawCall(ctx, 'POST', '/public/bill', '{}', { type: 'text/json' });
    expectError(res, 415, 'unsupported_media_type');
  });
});
