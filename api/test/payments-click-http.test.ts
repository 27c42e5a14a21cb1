/**
 * Click's Prepare and Complete as Click reaches them over HTTP (docs/PAYMENTS.md, "Click"): Click
 * posts form fields (`application/x-www-form-urlencoded`, as its own test tools do); whatever else
 * arrives (JSON, other bodies, no body, too large a body, an address that is no restaurant) is
 * answered 200 with Click's -8, nothing stored.
 */
import { describe, expect, it } from 'vitest';
import { checkClickAnswer, clickTransId, fakeClick } from './fakes/click';
import { createTestApp, TEST_SECRET_KEY } from './helpers';
import { billOf, CLICK, clickCodes, guestOrders, paymentWorld } from './payments-support';
import { fileWorld } from './world';

const { ctx, world } = fileWorld({ integrationSecretKey: TEST_SECRET_KEY }, paymentWorld);

const click = () => fakeClick(ctx.app, world.w.restaurantId, CLICK.service_id, CLICK.secret_key);

describe("Click's form, and what Click would not send", () => {
  it('reads the form fields Click posts (application/x-www-form-urlencoded, with a charset too)', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const c = click();
    const prepared = await c.prepare(clickTransId(), bill._id, '75000.00');
    expect(prepared.error).toBe(0);
    const form = new URLSearchParams({ x: '1' }).toString();
    const withCharset = await c.postRaw('prepare', form, 'application/x-www-form-urlencoded; charset=UTF-8');
    // read as a form: the fields are missing, not the content type refused
    expect(withCharset.error).toBe(clickCodes.bad_request?.error);
  });

  it('answers JSON, other bodies and no body with -8 in 200, storing nothing', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const before = await ctx.db.selectFrom('click_transactions').selectAll().execute();
    const fields = {
      click_trans_id: clickTransId(),
      service_id: CLICK.service_id,
      click_paydoc_id: '1',
      merchant_trans_id: bill._id,
      amount: '75000.00',
      action: '0',
      error: '0',
      error_note: '',
      sign_time: '2026-11-26 14:05:00',
      sign_string: '0'.repeat(32),
    };
    for (const [payload, contentType] of [
      [JSON.stringify(fields), 'application/json'],
      [new URLSearchParams(fields).toString(), 'text/plain'],
      ['<xml/>', 'application/xml'],
      ['', null],
      ['', 'application/x-www-form-urlencoded'],
    ] as const) {
      for (const step of ['prepare', 'complete'] as const) {
        const reply = await click().postRaw(step, payload, contentType);
        expect(reply.error, `${step} ${contentType}`).toBe(clickCodes.bad_request?.error);
      }
    }
    expect(await ctx.db.selectFrom('click_transactions').selectAll().execute()).toEqual(before);
  });

  it('answers a body over the limit and an address that is no restaurant with Click -8, in 200', async () => {
    const big = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/click/${world.w.restaurantId}/prepare`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `merchant_trans_id=${'x'.repeat(1024 * 1024)}`,
    });
    expect(checkClickAnswer('prepare', big.statusCode, big.body).error).toBe(clickCodes.bad_request?.error);
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/click/not-an-id/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'click_trans_id=1',
    });
    expect(checkClickAnswer('complete', stranger.statusCode, stranger.body).error).toBe(
      clickCodes.bad_request?.error,
    );
  });
});

describe("Click's addresses (CLICK_ALLOWED_ADDRESSES)", () => {
  it('takes calls from the listed addresses only: any other is -1, nothing read or written', async () => {
    const listed = await createTestApp({
      integrationSecretKey: TEST_SECRET_KEY,
      clickAllowedAddresses: ['185.8.212.184', '10.20.0.0/16', '2001:db8::/32'],
    });
    try {
      const w = await paymentWorld(listed);
      const bill = await billOf(listed, await guestOrders(listed, w.w));
      const amount = (bill.amount / 100).toFixed(2);
      const from = (ip: string) =>
        fakeClick(listed.app, w.w.restaurantId, CLICK.service_id, CLICK.secret_key, Date.now, ip);
      for (const stranger of ['203.0.113.7', '185.8.212.185', '10.21.0.1', '2001:db9::1']) {
        expect((await from(stranger).prepare(clickTransId(), bill._id, amount)).error, stranger).toBe(
          clickCodes.sign_failed?.error,
        );
      }
      expect(await listed.db.selectFrom('click_transactions').selectAll().execute()).toEqual([]);
      const id = clickTransId();
      const prepared = await from('10.20.3.4').prepare(id, bill._id, amount);
      expect(prepared.error).toBe(0);
      const completed = await from('::ffff:185.8.212.184').complete(
        id,
        bill._id,
        String(prepared.merchant_prepare_id),
        amount,
      );
      expect(completed.error).toBe(0);
    } finally {
      await listed.close();
    }
  });

  it('is off unless set, and refuses a setting that is not addresses or CIDRs', async () => {
    const { parseClickAddresses } = await import('../src/services/payments/click-addresses');
    expect(parseClickAddresses(undefined)).toBeNull();
    expect(parseClickAddresses(' , ')).toBeNull();
    expect(parseClickAddresses('185.8.212.184, 185.8.212.0/24')).toEqual(['185.8.212.184', '185.8.212.0/24']);
    for (const bad of ['click.uz', '185.8.212.0/0', '185.8.212.0/33', '1.2.3.4/8/9'])
      expect(() => parseClickAddresses(bad)).toThrow(/CLICK_ALLOWED_ADDRESSES/);
    // the default app takes Click's calls from anywhere: the signature proves them
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 0));
    const anywhere = fakeClick(
      ctx.app,
      world.w.restaurantId,
      CLICK.service_id,
      CLICK.secret_key,
      Date.now,
      '203.0.113.9',
    );
    expect((await anywhere.prepare(clickTransId(), bill._id, (bill.amount / 100).toFixed(2))).error).toBe(0);
  });
});
