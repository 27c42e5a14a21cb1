/**
 * Kept whole: Payme's Merchant API is one JSON-RPC endpoint whose methods share the
 * transaction's states and their checks, as Payme's documentation lists them.
 *
 * Payme Business's Merchant API, the endpoint Payme calls (docs/PAYMENTS.md, "Payme"), as its
 * documentation and the recordings under api/test/fixtures/payme/ shape it: JSON-RPC over POST,
 * always HTTP 200 with the error in the body, `Authorization: Basic base64("Paycom:<key>")`
 * checked against the restaurant's sealed key, amounts in tiyin, times in ms.
 *
 * Every method is idempotent: a transaction's times and state are stored when they happen and a
 * repeated call answers them again (never the clock of the repeat); Payme's id is the table's key
 * and every move is conditional on the state it leaves, so a repeat racing the first call changes
 * nothing twice. A transaction not performed within 12 hours of Payme's `time` is cancelled with
 * reason 4 when next touched (Payme cancels it on its side too).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BillRow, PaymeTransactionRow } from '../../db';
import { sameSecret } from '../../integration/secrets';
import type { Repositories } from '../../repos';
import type { PaymentsContext } from './context';
import { changePaymeKey, paymeCredentials } from './credentials';
import { billHeld, PAYME_TIMEOUT_MS, PAYME_TIMEOUT_REASON } from './holds';
import { PAYME_ACCOUNT_FIELD } from './links';
import { markPaid, markRefunded } from './settle';

export { PAYME_TIMEOUT_MS } from './holds';

export const PAYME_ERRORS = {
  wrongAmount: -31001,
  notFound: -31003,
  cannotCancel: -31007,
  cannotPerform: -31008,
  /** -31050..-31099: the account (our bill) */
  noBill: -31050,
  billPaid: -31051,
  privileges: -32504,
  notPost: -32300,
  invalidRequest: -32600,
  noMethod: -32601,
  parse: -32700,
  system: -32400,
} as const;

/**
 * Payme shows `message` to the payer in their language. The protocol's own errors say in Russian
 * what Payme's errors page says of them (https://developer.help.paycom.uz/metody-merchant-api/oshibki-errors).
 */
const MESSAGES: Record<number, { ru: string; uz: string; en: string }> = {
  [PAYME_ERRORS.wrongAmount]: { ru: 'Неверная сумма', uz: "Noto'g'ri summa", en: 'Incorrect amount' },
  [PAYME_ERRORS.notFound]: {
    ru: 'Транзакция не найдена',
    uz: 'Tranzaksiya topilmadi',
    en: 'Transaction not found',
  },
  [PAYME_ERRORS.cannotPerform]: {
    ru: 'Невозможно выполнить операцию',
    uz: "Amalni bajarib bo'lmaydi",
    en: 'Unable to perform the operation',
  },
  [PAYME_ERRORS.noBill]: { ru: 'Счёт не найден', uz: 'Hisob topilmadi', en: 'Bill not found' },
  [PAYME_ERRORS.billPaid]: {
    ru: 'Счёт уже оплачен',
    uz: "Hisob allaqachon to'langan",
    en: 'The bill is paid already',
  },
  [PAYME_ERRORS.privileges]: {
    ru: 'Недостаточно привилегий для выполнения метода',
    uz: 'Usulni bajarish uchun huquq yetarli emas',
    en: 'Insufficient privileges to perform this method',
  },
  [PAYME_ERRORS.invalidRequest]: {
    ru: 'Отсутствуют обязательные поля в RPC-запросе или тип полей не соответствует спецификации',
    uz: "RPC so'rovida majburiy maydonlar yo'q yoki ularning turi spetsifikatsiyaga mos emas",
    en: 'Required fields of the RPC request are missing or of the wrong type',
  },
  [PAYME_ERRORS.noMethod]: {
    ru: 'Запрашиваемый метод не найден',
    uz: "So'ralgan usul topilmadi",
    en: 'The requested method was not found',
  },
  [PAYME_ERRORS.parse]: { ru: 'Ошибка парсинга JSON', uz: 'JSON tahlil xatosi', en: 'JSON parse error' },
  [PAYME_ERRORS.notPost]: {
    ru: 'Метод запроса не POST',
    uz: "So'rov usuli POST emas",
    en: 'The request method is not POST',
  },
  [PAYME_ERRORS.system]: {
    ru: 'Системная (внутренняя) ошибка',
    uz: 'Tizim (ichki) xatosi',
    en: 'System (internal) error',
  },
};

class PaymeFault extends Error {
  constructor(
    readonly code: number,
    readonly data?: string,
  ) {
    super(`payme ${code}`);
  }
}

export type PaymeErrorAnswer = {
  jsonrpc: '2.0';
  id: unknown;
  error: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
};
export type PaymeAnswer = { jsonrpc: '2.0'; id: unknown; result: unknown } | PaymeErrorAnswer;

export const paymeError = (id: unknown, code: number, data?: string): PaymeErrorAnswer => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: {
    code,
    message: MESSAGES[code] ?? (MESSAGES[PAYME_ERRORS.system] as never),
    ...(data ? { data } : {}),
  },
});

const amount = z.number().int().positive();
const account = z.record(z.string(), z.unknown());
const paymeId = z.string().min(1).max(64);
const PARAMS = {
  CheckPerformTransaction: z.object({ amount, account }),
  CreateTransaction: z.object({ id: paymeId, time: z.number().int().positive(), amount, account }),
  PerformTransaction: z.object({ id: paymeId }),
  CancelTransaction: z.object({ id: paymeId, reason: z.number().int() }),
  CheckTransaction: z.object({ id: paymeId }),
  GetStatement: z.object({ from: z.number().int(), to: z.number().int() }),
  ChangePassword: z.object({ password: z.string().min(1).max(200) }),
} as const;
type Method = keyof typeof PARAMS;

/**
 * An RPC request as Payme's request format documents it: method (String), params (Object), id
 * (Integer); anything else is -32600.
 */
const request = z.object({
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()),
  id: z.number().int(),
});

/** The credentials a request presents: `Basic base64("Paycom:<key>")`. */
function presentedKey(authorization: string | undefined): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(0, colon) !== 'Paycom') return undefined;
  return decoded.slice(colon + 1);
}

const timedOut = (ctx: PaymentsContext, tx: PaymeTransactionRow) =>
  ctx.settings.clock() - tx.time > PAYME_TIMEOUT_MS;

const created = (tx: PaymeTransactionRow) => ({
  create_time: tx.create_time,
  transaction: tx.transaction,
  state: tx.state,
  receivers: null,
});

const checked = (tx: PaymeTransactionRow) => ({
  create_time: tx.create_time,
  perform_time: tx.perform_time,
  cancel_time: tx.cancel_time,
  transaction: tx.transaction,
  state: tx.state,
  reason: tx.reason,
});

/**
 * The bill an `account` names, checked for a new payment of `tiyin`: it exists in this
 * restaurant (-31050), is still open (-31051), the amount is its amount to the tiyin (-31001),
 * and no other payment holds it (-31008: Payme's sandbox expects it for a new transaction on an
 * account waiting for another's payment, https://developer.help.paycom.uz/pesochnitsa;
 * docs/PAYMENTS.md, "Where the providers' documents disagree").
 */
async function payableBill(
  trx: Repositories,
  restaurantId: string,
  acc: Record<string, unknown>,
  tiyin: number,
  nowMs: number,
) {
  const id = acc[PAYME_ACCOUNT_FIELD];
  // locked: a payment racing this one on the bill waits, then sees this one's hold (-31008)
  const bill = typeof id === 'string' ? await trx.bills.find(id, { lock: true }) : undefined;
  if (!bill || bill.restaurant_id !== restaurantId)
    throw new PaymeFault(PAYME_ERRORS.noBill, PAYME_ACCOUNT_FIELD);
  if (bill.status !== 'open') throw new PaymeFault(PAYME_ERRORS.billPaid, PAYME_ACCOUNT_FIELD);
  if (tiyin !== bill.amount) throw new PaymeFault(PAYME_ERRORS.wrongAmount);
  if (await billHeld(trx, bill, nowMs)) throw new PaymeFault(PAYME_ERRORS.cannotPerform);
  return bill;
}

async function ownTransaction(
  trx: Repositories,
  restaurantId: string,
  id: string,
): Promise<PaymeTransactionRow> {
  const tx = await trx.paymeTransactions.find(restaurantId, id);
  if (!tx) throw new PaymeFault(PAYME_ERRORS.notFound);
  return tx;
}

/** Cancels a created transaction Payme's 12 hours have passed on (reason 4). */
async function cancelForTimeout(
  ctx: PaymentsContext,
  trx: Repositories,
  tx: PaymeTransactionRow,
): Promise<void> {
  await trx.paymeTransactions.move(tx.restaurant_id, tx.id, 1, {
    state: -1,
    cancel_time: ctx.settings.clock(),
    reason: PAYME_TIMEOUT_REASON,
  });
}

type Handler = (ctx: PaymentsContext, restaurantId: string, params: never) => Promise<unknown>;

const METHODS: Record<Method, Handler> = {
  async CheckPerformTransaction(ctx, restaurantId, p: z.infer<typeof PARAMS.CheckPerformTransaction>) {
    // in a transaction: a hold whose time ran out ends here with its record, both or neither
    await ctx.repos.transaction((trx) =>
      payableBill(trx, restaurantId, p.account, p.amount, ctx.settings.clock()),
    );
    return { allow: true };
  },

  async CreateTransaction(ctx, restaurantId, p: z.infer<typeof PARAMS.CreateTransaction>) {
    return ctx.repos
      .transaction(async (trx) => {
        // Payme's id within this restaurant only: another restaurant's ids are not its business
        const known = await trx.paymeTransactions.find(restaurantId, p.id);
        if (known) {
          if (known.state !== 1) throw new PaymeFault(PAYME_ERRORS.cannotPerform);
          if (timedOut(ctx, known)) {
            await cancelForTimeout(ctx, trx, known);
            return { fault: PAYME_ERRORS.cannotPerform };
          }
          if (known.amount !== p.amount) throw new PaymeFault(PAYME_ERRORS.wrongAmount);
          return created(known);
        }
        const bill = await payableBill(trx, restaurantId, p.account, p.amount, ctx.settings.clock());
        if (ctx.settings.clock() - p.time > PAYME_TIMEOUT_MS)
          throw new PaymeFault(PAYME_ERRORS.cannotPerform);
        const row: PaymeTransactionRow = {
          id: p.id,
          restaurant_id: restaurantId,
          bill_id: bill.id,
          transaction: randomUUID(),
          time: p.time,
          amount: p.amount,
          account: JSON.stringify(p.account),
          state: 1,
          reason: null,
          create_time: ctx.settings.clock(),
          perform_time: 0,
          cancel_time: 0,
        };
        if (!(await trx.paymeTransactions.insert(row))) {
          // a repeat that raced this call wrote it first: answer what it wrote
          const raced = await ownTransaction(trx, restaurantId, p.id);
          return created(raced);
        }
        return created(row);
      })
      .then((r) => {
        // a timed-out transaction is cancelled for good (committed), then refused
        if ('fault' in r) throw new PaymeFault(r.fault as number);
        return r;
      });
  },

  async PerformTransaction(ctx, restaurantId, p: z.infer<typeof PARAMS.PerformTransaction>) {
    const result = await ctx.repos.transaction(async (trx) => {
      const tx = await ownTransaction(trx, restaurantId, p.id);
      if (tx.state === 2) return { transaction: tx.transaction, perform_time: tx.perform_time, state: 2 };
      if (tx.state !== 1) throw new PaymeFault(PAYME_ERRORS.cannotPerform);
      if (timedOut(ctx, tx)) {
        await cancelForTimeout(ctx, trx, tx);
        return { fault: PAYME_ERRORS.cannotPerform };
      }
      const bill = (await trx.bills.find(tx.bill_id)) as BillRow;
      const performTime = ctx.settings.clock();
      if (
        !(await trx.paymeTransactions.move(restaurantId, tx.id, 1, { state: 2, perform_time: performTime }))
      ) {
        const moved = await ownTransaction(trx, restaurantId, p.id);
        if (moved.state !== 2) throw new PaymeFault(PAYME_ERRORS.cannotPerform);
        return { transaction: moved.transaction, perform_time: moved.perform_time, state: 2 };
      }
      // the bill was closed at the till meanwhile: refuse, and nothing is written (Payme cancels)
      if (!(await markPaid(trx, bill, 'payme', new Date(performTime).toISOString(), tx.id)))
        throw new PaymeFault(PAYME_ERRORS.cannotPerform);
      return { transaction: tx.transaction, perform_time: performTime, state: 2, announce: true };
    });
    if ('fault' in result) throw new PaymeFault(result.fault as number);
    if ('announce' in result) {
      ctx.live.announce();
      const { announce: _a, ...answer } = result;
      return answer;
    }
    return result;
  },

  async CancelTransaction(ctx, restaurantId, p: z.infer<typeof PARAMS.CancelTransaction>) {
    let changed = false;
    const result = await ctx.repos.transaction(async (trx) => {
      const tx = await ownTransaction(trx, restaurantId, p.id);
      if (tx.state < 0) return { transaction: tx.transaction, cancel_time: tx.cancel_time, state: tx.state };
      const cancelTime = ctx.settings.clock();
      const state = tx.state === 2 ? -2 : -1;
      if (
        !(await trx.paymeTransactions.move(restaurantId, tx.id, tx.state, {
          state,
          cancel_time: cancelTime,
          reason: p.reason,
        }))
      ) {
        const moved = await ownTransaction(trx, restaurantId, p.id);
        return { transaction: moved.transaction, cancel_time: moved.cancel_time, state: moved.state };
      }
      if (state === -2) {
        const bill = (await trx.bills.find(tx.bill_id)) as BillRow;
        changed = await markRefunded(trx, bill, new Date(cancelTime).toISOString());
      }
      return { transaction: tx.transaction, cancel_time: cancelTime, state };
    });
    if (changed) ctx.live.announce();
    return result;
  },

  async CheckTransaction(ctx, restaurantId, p: z.infer<typeof PARAMS.CheckTransaction>) {
    return checked(await ownTransaction(ctx.repos, restaurantId, p.id));
  },

  async GetStatement(ctx, restaurantId, p: z.infer<typeof PARAMS.GetStatement>) {
    const rows = await ctx.repos.paymeTransactions.statement(restaurantId, p.from, p.to);
    return {
      transactions: rows.map((tx) => ({
        id: tx.id,
        time: tx.time,
        amount: tx.amount,
        account: JSON.parse(tx.account) as unknown,
        ...checked(tx),
        receivers: null,
      })),
    };
  },

  async ChangePassword(ctx, restaurantId, p: z.infer<typeof PARAMS.ChangePassword>) {
    await changePaymeKey(ctx, restaurantId, p.password);
    return { success: true };
  },
};

/**
 * Answers one call of Payme to a restaurant's endpoint. `body` is the raw text (a body that is
 * not JSON is Payme's -32700, not our 400).
 */
export async function handlePayme(
  ctx: PaymentsContext,
  restaurantId: string,
  authorization: string | undefined,
  body: string,
): Promise<PaymeAnswer> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return paymeError(null, PAYME_ERRORS.parse);
  }
  const call = request.safeParse(parsed);
  // the request's id when it has one of the documented type (an answer's id is Payme's integer)
  const given = (parsed as { id?: unknown } | null)?.id;
  const id = Number.isInteger(given) ? given : null;
  if (!call.success) return paymeError(id, PAYME_ERRORS.invalidRequest);
  const credentials = await paymeCredentials(ctx, restaurantId);
  const presented = presentedKey(authorization);
  if (!credentials || presented === undefined || !sameSecret(presented, credentials.key))
    return paymeError(id, PAYME_ERRORS.privileges);
  const method = call.data.method as Method;
  // Payme's errors page: -32601 carries the method's name in data
  if (!Object.hasOwn(METHODS, method)) return paymeError(id, PAYME_ERRORS.noMethod, call.data.method);
  const params = PARAMS[method].safeParse(call.data.params);
  if (!params.success) {
    // a non-positive or fractional amount is Payme's "wrong amount"; other shapes, a bad request
    const amountWrong = params.error.issues.some((i) => i.path[0] === 'amount');
    const accountWrong = params.error.issues.some((i) => i.path[0] === 'account');
    if (amountWrong) return paymeError(id, PAYME_ERRORS.wrongAmount);
    // an account error names the account's field in data (Payme's errors page)
    if (accountWrong) return paymeError(id, PAYME_ERRORS.noBill, PAYME_ACCOUNT_FIELD);
    return paymeError(id, PAYME_ERRORS.invalidRequest);
  }
  try {
    const result = await (METHODS[method] as (c: PaymentsContext, r: string, p: unknown) => Promise<unknown>)(
      ctx,
      restaurantId,
      params.data,
    );
    return { jsonrpc: '2.0', id, result };
  } catch (err) {
    if (err instanceof PaymeFault) return paymeError(id, err.code, err.data);
    ctx.log.error({ err, method }, 'payme: a call failed');
    return paymeError(id, PAYME_ERRORS.system);
  }
}

/**
 * The answer to a request refused before the service read it (the endpoint's error handler): a
 * body too large or unreadable is not a request of the documented shape (-32600), an address
 * that is no restaurant has no cashbox to grant the call (-32504), anything else is Payme's
 * system error (-32400). Always HTTP 200: Payme takes any other status as -32400.
 */
export function paymeRefusal(error: unknown) {
  const e = (error ?? {}) as { statusCode?: number; validation?: unknown; validationContext?: string };
  if (e.validation && e.validationContext === 'params') return paymeError(null, PAYME_ERRORS.privileges);
  const status = e.statusCode ?? 500;
  return paymeError(null, status >= 500 ? PAYME_ERRORS.system : PAYME_ERRORS.invalidRequest);
}

/** For a reconciliation: the restaurant's Payme transactions Payme created in a period. */
export const paymeStatement = (ctx: PaymentsContext, restaurantId: string, from: number, to: number) =>
  ctx.repos.paymeTransactions.statement(restaurantId, from, to);
