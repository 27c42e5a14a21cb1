/**
 * A fake Payme Business: it calls a restaurant's merchant endpoint as Payme does, with the
 * requests shaped from the documented ones (api/test/fixtures/payme/, SOURCES.md there):
 * JSON-RPC over POST with the documented headers (`Content-Type: text/json; charset=UTF-8`,
 * `Authorization: Basic base64("Paycom:<key>")`), amounts in tiyin, times in ms, a 24-character
 * transaction id. `pay` runs the documented sequence (CheckPerformTransaction, CreateTransaction,
 * PerformTransaction); every method can also be called alone, repeated, out of order, with
 * another amount or another key, as Payme's sandbox does.
 *
 * Every answer is checked as Payme reads it: HTTP 200, and the body against the documented answer
 * fields (fixtures/payme/answers.schema.json, with request-check.ts): an answer that breaks them
 * fails the test loudly, since Payme would take the payment as failed.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { recorded } from '../fixtures/recorded';
import { requestChecks } from './request-check';

interface Documented {
  request: { method: string; params: Record<string, unknown> };
}

const shapes = {
  CheckPerformTransaction: recorded<Documented>('payme/CheckPerformTransaction.assembled.json').request,
  CreateTransaction: recorded<Documented>('payme/CreateTransaction.documented.json').request,
  PerformTransaction: recorded<Documented>('payme/PerformTransaction.assembled.json').request,
  CancelTransaction: recorded<Documented>('payme/CancelTransaction.documented.json').request,
  CheckTransaction: recorded<Documented>('payme/CheckTransaction.assembled.json').request,
  GetStatement: recorded<Documented>('payme/GetStatement.documented.json').request,
};
type Method = keyof typeof shapes;

/** The documented request's headers (fixtures/payme/request-format.documented.json). */
const documentedHeaders = recorded<{ headers: Record<string, string> }>(
  'payme/request-format.documented.json',
).headers;
export const PAYME_CONTENT_TYPE = documentedHeaders['Content-Type'] as string;

const answerCheck = requestChecks(recorded('payme/answers.schema.json'));
const ANSWERED_METHODS = new Set([...Object.keys(shapes), 'ChangePassword']);

/**
 * Checks an answer as Payme reads it: HTTP 200 and the documented fields of the method's result
 * or of the error; throws (the test fails) otherwise.
 */
export function checkPaymeAnswer(method: string, status: number, text: string): PaymeReply {
  if (status !== 200) throw new Error(`Payme expects 200 always, got ${status}: ${text}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Payme expects a JSON answer, got: ${text}`);
  }
  const isError = typeof body === 'object' && body !== null && 'error' in body;
  const pointer = isError
    ? '#/answers/error'
    : ANSWERED_METHODS.has(method)
      ? `#/answers/${method}`
      : undefined;
  if (!pointer) throw new Error(`Payme got a result for ${method}, which has none: ${text}`);
  const faults = answerCheck(pointer)(body);
  if (faults.length > 0)
    throw new Error(
      `our answer to Payme's ${method} breaks its documented fields: ${faults.join('; ')}\n${text}`,
    );
  return body as PaymeReply;
}

export interface PaymeReply {
  jsonrpc: '2.0';
  id: number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
}

/** A new transaction id as Payme makes them (24 hex characters, like `5305e3bab097f420a62ced0b`). */
export const paymeId = () => randomBytes(12).toString('hex');

/** Where the fake sends: an app in the test's process (inject) or a running server's origin (e2e). */
export type PaymeTarget = FastifyInstance | string;

async function send(
  target: PaymeTarget,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  if (typeof target === 'string') {
    const res = await fetch(`${target}${url}`, { method: 'POST', headers, body });
    return { status: res.status, text: await res.text() };
  }
  const res = await target.inject({ method: 'POST', url, headers, payload: body });
  return { status: res.statusCode, text: res.body };
}

/** `now` is Payme's clock (a test that moves the server's clock moves Payme's with it). */
export function fakePayme(app: PaymeTarget, restaurantId: string, key: string, now: () => number = Date.now) {
  let rpcId = 0;
  /** The account field as the cashbox is set up (our bill's id). */
  const account = (billId: string) => ({ bill_id: billId });

  async function call(
    method: Method | string,
    params: Record<string, unknown>,
    options: { key?: string; raw?: string; contentType?: string | null } = {},
  ): Promise<PaymeReply> {
    rpcId += 1;
    // the documented request's shape, its values replaced by this payment's
    const template = shapes[method as Method]?.params ?? {};
    const body =
      options.raw ??
      JSON.stringify({
        method,
        params: { ...Object.fromEntries(Object.keys(template).map((k) => [k, params[k]])), ...params },
        id: rpcId,
      });
    const contentType = options.contentType === undefined ? PAYME_CONTENT_TYPE : options.contentType;
    const res = await send(
      app,
      `/api/payments/payme/${restaurantId}`,
      {
        ...(contentType === null ? {} : { 'content-type': contentType }),
        authorization: `Basic ${Buffer.from(`Paycom:${options.key ?? key}`).toString('base64')}`,
      },
      body,
    );
    return checkPaymeAnswer(method, res.status, res.text);
  }

  return {
    call,
    account,
    checkPerform: (billId: string, amount: number, options?: { key?: string }) =>
      call('CheckPerformTransaction', { amount, account: account(billId) }, options),
    create: (id: string, billId: string, amount: number, time = now(), options?: { key?: string }) =>
      call('CreateTransaction', { id, time, amount, account: account(billId) }, options),
    perform: (id: string, options?: { key?: string }) => call('PerformTransaction', { id }, options),
    cancel: (id: string, reason = 5, options?: { key?: string }) =>
      call('CancelTransaction', { id, reason }, options),
    check: (id: string) => call('CheckTransaction', { id }),
    statement: (from: number, to: number) => call('GetStatement', { from, to }),

    /** The documented sequence: check, create, perform. Answers each step's reply. */
    async pay(billId: string, amount: number, id = paymeId()) {
      const check = await call('CheckPerformTransaction', { amount, account: account(billId) });
      const create = await call('CreateTransaction', { id, time: now(), amount, account: account(billId) });
      const perform = await call('PerformTransaction', { id });
      return { id, check, create, perform };
    },
  };
}
export type FakePayme = ReturnType<typeof fakePayme>;
