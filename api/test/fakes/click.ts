/**
 * A fake Click: it calls a restaurant's Prepare and Complete as Click's SHOP API does, with the
 * form fields of the recorded requests (api/test/fixtures/click/, SOURCES.md there), posted as
 * `application/x-www-form-urlencoded` as Click's own test tools post them: every value a string,
 * the amount in so'm as a decimal, the ids digits, `sign_string` the md5 of click_trans_id +
 * service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id] + amount + action +
 * sign_time. `pay` runs the documented sequence (Prepare, Complete); each call can be repeated or
 * spoiled.
 *
 * What it sends unspoiled is checked against Click's documented fields (fixtures/click/
 * requests.schema.json), and every answer against the documented answer fields
 * (answers.schema.json), with request-check.ts: an answer that breaks them fails the test loudly.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { recorded } from '../fixtures/recorded';
import { requestChecks } from './request-check';

interface Recorded {
  request: Record<string, string>;
}
const prepareShape = recorded<Recorded>('click/prepare.recorded.json').request;
const completeShape = recorded<Recorded>('click/complete.recorded.json').request;
const requestCheck = requestChecks(recorded('click/requests.schema.json'));
const answerCheck = requestChecks(recorded('click/answers.schema.json'));

/** Click's answer: its ids as numbers, as the SHOP API documents them (int, bigint). */
export type ClickReply = {
  click_trans_id?: number;
  merchant_trans_id?: string;
  merchant_prepare_id?: number;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
};

export type ClickStep = 'prepare' | 'complete';

/** The content type Click posts with (its Playground and Postman generator). */
export const CLICK_CONTENT_TYPE = 'application/x-www-form-urlencoded';

let transIds = 2_000_000_000;
export function clickTransId(): string {
  transIds += 1;
  return String(transIds);
}

/**
 * "2026-11-26 19:05:00": the moment of signing in the form Click's requests page gives
 * (`YYYY-MM-DD HH:mm:ss`), in Tashkent's local time (UTC+5), as Click signs.
 */
export const clickSignTime = (ms: number) =>
  new Date(ms + 5 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** Where the fake sends: an app in the test's process (inject) or a running server's origin (e2e). */
export type ClickTarget = FastifyInstance | string;

/** Checks an answer as Click reads it: HTTP 200 and the documented fields; throws otherwise. */
export function checkClickAnswer(step: ClickStep, status: number, text: string): ClickReply {
  if (status !== 200) throw new Error(`Click expects 200, got ${status}: ${text}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Click expects a JSON answer, got: ${text}`);
  }
  const faults = answerCheck(`#/${step}`)(body);
  if (faults.length > 0)
    throw new Error(
      `our answer to Click's ${step} breaks its documented fields: ${faults.join('; ')}\n${text}`,
    );
  return body as ClickReply;
}

/** Click's sign of these fields (Complete adds merchant_prepare_id). */
export function clickSignOf(f: Record<string, string>, secret: string): string {
  const text = `${f.click_trans_id}${f.service_id}${secret}${f.merchant_trans_id}${f.action === '1' ? f.merchant_prepare_id : ''}${f.amount}${f.action}${f.sign_time}`;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/**
 * `now` is Click's clock (a test that moves the server's clock moves Click's with it); `from` the
 * address its calls come from (an app in the test's process only; default 127.0.0.1).
 */
export function fakeClick(
  app: ClickTarget,
  restaurantId: string,
  serviceId: string,
  secretKey: string,
  now: () => number = Date.now,
  from?: string,
) {
  /** Posts a body as Click does; `contentType: null` sends none. */
  async function postRaw(
    step: ClickStep,
    payload: string,
    contentType: string | null = CLICK_CONTENT_TYPE,
  ): Promise<ClickReply> {
    const url = `/api/payments/click/${restaurantId}/${step}`;
    const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
    const res =
      typeof app === 'string'
        ? await fetch(`${app}${url}`, { method: 'POST', headers, body: payload }).then(async (r) => ({
            status: r.status,
            text: await r.text(),
          }))
        : await app
            .inject({ method: 'POST', url, headers, payload, ...(from ? { remoteAddress: from } : {}) })
            .then((r) => ({ status: r.statusCode, text: r.body }));
    return checkClickAnswer(step, res.status, res.text);
  }

  interface Options {
    /** Another secret signs it (a forged call). */
    secret?: string;
    /** Click's own error (below 0: the payment failed or was cancelled at Click). */
    error?: string;
    /** Fields changed after signing. */
    after?: Record<string, string>;
    /** Fields left out after signing. */
    omit?: string[];
    /** Signed at this moment (ms) instead of now: a call captured earlier and sent again. */
    signedAt?: number;
  }

  function send(step: ClickStep, f: Record<string, string>, o: Options) {
    f.sign_string = clickSignOf(f, o.secret ?? secretKey);
    const spoiled = o.after !== undefined || o.omit !== undefined;
    if (!spoiled) {
      const faults = requestCheck(`#/${step}`)(f);
      if (faults.length > 0)
        throw new Error(`the fake Click's ${step} is not documented: ${faults.join('; ')}`);
    }
    const fields = { ...f, ...o.after };
    for (const k of o.omit ?? []) delete fields[k];
    return postRaw(step, new URLSearchParams(fields).toString());
  }

  function prepare(transId: string, billId: string, amount: string, o: Options = {}) {
    return send(
      'prepare',
      {
        ...prepareShape,
        click_trans_id: transId,
        service_id: serviceId,
        click_paydoc_id: paydocOf(transId),
        merchant_trans_id: billId,
        amount,
        action: '0',
        error: o.error ?? '0',
        error_note: o.error ? 'Payment failed' : 'Success',
        sign_time: clickSignTime(o.signedAt ?? now()),
      },
      o,
    );
  }

  function complete(transId: string, billId: string, prepareId: string, amount: string, o: Options = {}) {
    return send(
      'complete',
      {
        ...completeShape,
        click_trans_id: transId,
        service_id: serviceId,
        click_paydoc_id: paydocOf(transId),
        merchant_trans_id: billId,
        merchant_prepare_id: prepareId,
        amount,
        action: '1',
        error: o.error ?? '0',
        error_note: o.error ? 'Payment failed' : 'Success',
        sign_time: clickSignTime(o.signedAt ?? now()),
      },
      o,
    );
  }

  return {
    prepare,
    complete,
    postRaw,
    /** The documented sequence: Prepare, then Complete with the answered merchant_prepare_id. */
    async pay(billId: string, amount: string, transId = clickTransId()) {
      const prepared = await prepare(transId, billId, amount);
      const completed = await complete(transId, billId, String(prepared.merchant_prepare_id), amount);
      return { transId, prepared, completed };
    },
  };
}
export type FakeClick = ReturnType<typeof fakeClick>;

/** Click's payment number (click_paydoc_id, a bigint) for a transaction of the fake. */
const paydocOf = (transId: string) => String(BigInt(transId) + 1_000_000_000n);
