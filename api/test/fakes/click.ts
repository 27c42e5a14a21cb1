/**
 * A fake Click: it calls a restaurant's Prepare and Complete as Click's SHOP API does, with the
 * form fields of the recorded requests (api/test/fixtures/click/, SOURCES.md there): every value
 * a string, the amount in so'm as a decimal, `sign_string` the md5 of click_trans_id + service_id
 * + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id] + amount + action + sign_time. `pay`
 * runs the documented sequence (Prepare, Complete); each call can be repeated or spoiled.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { recorded } from '../fixtures/recorded';

interface Recorded {
  request: Record<string, string>;
}
const prepareShape = recorded<Recorded>('click/prepare.recorded.json').request;
const completeShape = recorded<Recorded>('click/complete.recorded.json').request;

export type ClickReply = Record<string, string | number> & { error: number; error_note: string };

let transIds = 2_000_000_000;
export function clickTransId(): string {
  transIds += 1;
  return String(transIds);
}

/** "2026-11-26 14:05:00", the form Click signs with. */
const signTime = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** Where the fake sends: an app in the test's process (inject) or a running server's origin (e2e). */
export type ClickTarget = FastifyInstance | string;

export function fakeClick(app: ClickTarget, restaurantId: string, serviceId: string, secretKey: string) {
  function sign(f: Record<string, string>, secret = secretKey): string {
    const text = `${f.click_trans_id}${f.service_id}${secret}${f.merchant_trans_id}${f.action === '1' ? f.merchant_prepare_id : ''}${f.amount}${f.action}${f.sign_time}`;
    return createHash('md5').update(text, 'utf8').digest('hex');
  }

  async function post(step: 'prepare' | 'complete', fields: Record<string, string>): Promise<ClickReply> {
    const url = `/api/payments/click/${restaurantId}/${step}`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const payload = new URLSearchParams(fields).toString();
    const res =
      typeof app === 'string'
        ? await fetch(`${app}${url}`, { method: 'POST', headers, body: payload }).then(async (r) => ({
            status: r.status,
            text: await r.text(),
          }))
        : await app
            .inject({ method: 'POST', url, headers, payload })
            .then((r) => ({ status: r.statusCode, text: r.body }));
    if (res.status !== 200) throw new Error(`Click expects 200, got ${res.status}: ${res.text}`);
    return JSON.parse(res.text) as ClickReply;
  }

  interface Options {
    /** Another secret signs it (a forged call). */
    secret?: string;
    /** Click's own error (below 0: the payment failed or was cancelled at Click). */
    error?: string;
    /** Fields changed after signing. */
    after?: Record<string, string>;
  }

  function prepare(transId: string, billId: string, amount: string, o: Options = {}) {
    const f: Record<string, string> = {
      ...prepareShape,
      click_trans_id: transId,
      service_id: serviceId,
      click_paydoc_id: `pd${transId}`,
      merchant_trans_id: billId,
      amount,
      action: '0',
      error: o.error ?? '0',
      error_note: o.error ? 'Payment failed' : 'Success',
      sign_time: signTime(),
    };
    f.sign_string = sign(f, o.secret);
    return post('prepare', { ...f, ...o.after });
  }

  function complete(transId: string, billId: string, prepareId: string, amount: string, o: Options = {}) {
    const f: Record<string, string> = {
      ...completeShape,
      click_trans_id: transId,
      service_id: serviceId,
      click_paydoc_id: `pd${transId}`,
      merchant_trans_id: billId,
      merchant_prepare_id: prepareId,
      amount,
      action: '1',
      error: o.error ?? '0',
      error_note: o.error ? 'Payment failed' : 'Success',
      sign_time: signTime(),
    };
    f.sign_string = sign(f, o.secret);
    return post('complete', { ...f, ...o.after });
  }

  return {
    prepare,
    complete,
    /** The documented sequence: Prepare, then Complete with the answered merchant_prepare_id. */
    async pay(billId: string, amount: string, transId = clickTransId()) {
      const prepared = await prepare(transId, billId, amount);
      const completed = await complete(transId, billId, String(prepared.merchant_prepare_id), amount);
      return { transId, prepared, completed };
    },
  };
}
export type FakeClick = ReturnType<typeof fakeClick>;
