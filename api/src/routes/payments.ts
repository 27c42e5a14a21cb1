/**
 * Paying the table's bill (docs/PAYMENTS.md): the guest's bill and checkout (their order's key
 * opens them, no login), the staff's closing of a table, the admin's merchant credentials and
 * the daily statement, and the endpoints Payme and Click call, checked by the restaurant's own
 * credentials (Basic auth, `sign_string`) instead of a login, and answered in their protocols
 * (always 200: the error is in the body, as they read it).
 */
import {
  answers,
  billBody,
  checkoutBody,
  idParam,
  paymentSettingsBody,
  placementIdParam,
  reconcileBody,
  releaseHoldBody,
  staffPinHeader,
  statementDayParams,
  statementsQuery,
} from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { ownerCheck } from '../http/access';
import { actorOf } from '../http/actor';
import { itemScoped, routeKit } from '../http/route';
import type { App } from '../types';

/** JSON-RPC as Payme reads it; the body is parsed by the service (-32700 for a broken one). */
const paymeAnswer = z
  .looseObject({ jsonrpc: z.literal('2.0'), id: z.unknown() })
  .describe(
    '`{ jsonrpc, id, result }` or `{ jsonrpc, id, error: { code, message: { ru, uz, en }, data? } }`',
  );
/** Click reads `error` and `error_note` and the ids it sent (written by `clickJson`). */
const clickAnswer = z
  .looseObject({ error: z.number().int(), error_note: z.string() })
  .describe(
    '`{ click_trans_id, merchant_trans_id, merchant_prepare_id | merchant_confirm_id, error, error_note }`; a refusal carries at least `error` and `error_note`',
  );
/** Click posts form fields: read by the context's parser (null for any other body). */
const clickBody = z.unknown();

const isForm = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** A form's fields; one sent twice is not one value, so it is left out (and answered -8). */
function formFields(text: string): Record<string, string> {
  const fields = new Map<string, string | null>();
  for (const [k, v] of new URLSearchParams(text)) fields.set(k, fields.has(k) ? null : v);
  return Object.fromEntries([...fields].filter((e): e is [string, string] => e[1] !== null));
}

function clickFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>;
}

const PROVIDERS_TEXT =
  "Called by the provider only: checked by the restaurant's own credentials (nothing changes for a wrong one); answered 200 in the provider's protocol, an error in the body.";

export default async function paymentRoutes(app: App): Promise<void> {
  const { payments } = app;
  const route = routeKit(app, { tag: 'payments', access: 'adm' });
  const byId = itemScoped(route);

  // ---------- guests ----------

  route.post(
    '/public/bill',
    {
      access: 'pub',
      operationId: 'payments.bill',
      summary:
        "The guest's table's bill: its orders since the table was last closed and their amount (tiyin)",
      description:
        "The order's key opens it (404 otherwise). While no payment holds the bill, the table's new orders join it; 409 when there is nothing to pay.",
      body: billBody,
      response: { 200: answers.bill },
    },
    (request) => payments.bill(request.body.order_id, request.body.key),
  );

  route.post(
    '/public/checkout',
    {
      access: 'pub',
      operationId: 'payments.checkout',
      summary:
        "The provider's checkout link for the table's bill (Payme or Click); the guest returns to their order's page",
      description: '409 when the bill is paid already, or the restaurant has not set the method up.',
      body: checkoutBody,
      response: { 200: answers.checkout },
    },
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      return payments.checkout(request.body, origin);
    },
  );

  // ---------- staff and admins ----------

  route.put(
    '/manager/tables/:placementId/close',
    {
      access: 'own',
      staff: ['waiter'],
      operationId: 'payments.closeTable',
      summary: 'Closes a table («Hisob yopildi», paid at the till): its next order starts a new bill',
      description:
        "409 while a payment of its bill is under way. A waiter closes their table's bill, or one whose order or call they took over today (403 `table` otherwise); who closed it is recorded on its orders. On a device session the `x-staff-pin` header names the person.",
      params: placementIdParam,
      headers: staffPinHeader,
      response: { 200: answers.closedBill },
    },
    async (request) =>
      payments.closeTable(request.params.placementId, ownerCheck(request), await actorOf(request)),
  );

  byId.post(
    '/admin/restaurants/:id/payments/release',
    {
      operationId: 'payments.releaseHold',
      summary:
        "Ends the unfinished payments holding a table's bill, with a reason (recorded), so the table can be closed",
      description:
        "A payment begun and never finished (Payme's transaction not performed, Click's Prepare not completed) holds its bill: closing the table answers 409 until it ends. This ends it at once: Payme's transaction is cancelled (state -1, reason 3), Click's Prepare cancelled (a late Complete is answered -9). 404 for a placement not of the restaurant; 409 when no payment holds the table's bill.",
      body: releaseHoldBody,
      response: { 200: answers.releasedHolds },
    },
    async ({ id }, request) => ({
      released: await payments.releaseHold(id, request.body, request.user?._id as string),
    }),
  );

  byId.get(
    '/admin/restaurants/:id/payments',
    {
      operationId: 'payments.settings',
      summary:
        "A restaurant's Payme and Click credentials: the ids, and whether each secret is set (never the secret)",
      response: { 200: answers.paymentSettings },
    },
    ({ id }) => payments.settings(id),
  );

  byId.put(
    '/admin/restaurants/:id/payments',
    {
      operationId: 'payments.changeSettings',
      summary:
        "Sets a restaurant's Payme or Click credentials (a secret left out keeps the saved one; null switches it off)",
      description:
        "The secrets are sealed at rest (INTEGRATION_SECRET_KEY, as the POS's credentials; 400 when it is not set).",
      body: paymentSettingsBody,
      response: { 200: answers.paymentSettings },
    },
    ({ id }, request) => payments.changeSettings(id, request.body),
  );

  byId.post(
    '/admin/restaurants/:id/payments/reconcile',
    {
      operationId: 'payments.reconcile',
      summary:
        "Adds the provider's list of a day (Payme's GetStatement fields) to that day's statement: compared with ours, stored",
      description:
        "The day's statement of the method, built again with the list: every difference, ours and the provider's. The list replaces one added before.",
      body: reconcileBody,
      response: { 200: answers.statement },
    },
    ({ id }, request) => payments.reconcile(id, request.body),
  );

  app.get(
    '/admin/restaurants/:id/payments/statements',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['payments'],
        operationId: 'payments.statements',
        summary:
          "A restaurant's daily statements, newest day first, a page at a time: per day and method our count, total, refunds and the number of differences",
        params: idParam,
        querystring: statementsQuery,
        response: { 200: answers.statements },
      },
    },
    async (request) => payments.statements(request.params.id, request.query.page),
  );

  route.get(
    '/admin/restaurants/:id/payments/statements/:day',
    {
      operationId: 'payments.dayStatements',
      summary: "A day's statements (one per method) with every difference",
      description: '404 when no statement of that day was built.',
      params: statementDayParams,
      response: { 200: answers.dayStatements },
    },
    (request) => payments.dayStatements(request.params.id, request.params.day),
  );

  route.post(
    '/admin/restaurants/:id/payments/statements/:day',
    {
      operationId: 'payments.rebuildDay',
      summary:
        "Builds a day's statements now («Hisobotni yangilash»), for each method the restaurant takes; the provider's list added before is compared again",
      description: '400 for a day still to come; 409 when no payment provider is set up.',
      params: statementDayParams,
      response: { 200: answers.dayStatements },
    },
    (request) => payments.rebuildDay(request.params.id, request.params.day),
  );

  // ---------- the providers ----------

  // Each provider's endpoints in a context of their own: its body is read as the provider sends it
  // and every failure before the handler (a body too large, an address that is no restaurant) is
  // answered 200 in the provider's protocol, while the rest of the API keeps its parsers and errors.
  await app.register(async (payme: App) => {
    // Payme documents `Content-Type: text/json; charset=UTF-8` (docs/PAYMENTS.md, "Payme"): the body
    // is read as text whatever the content type, or none; the service answers one that is not JSON
    // with Payme's -32700
    payme.removeAllContentTypeParsers();
    payme.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    payme.setErrorHandler((error, request, reply) => {
      const answer = payments.paymeRefusal(error);
      if (payments.isPaymeSystemError(answer)) request.log.error({ err: error }, 'payme: a call failed');
      void reply.status(200).send(answer);
    });

    payme.post(
      '/payments/payme/:id',
      {
        config: { access: 'pub' },
        schema: {
          tags: ['payments'],
          operationId: 'payments.payme',
          summary:
            "Payme Business's Merchant API for a restaurant (JSON-RPC: CheckPerformTransaction ... GetStatement)",
          description: `${PROVIDERS_TEXT} \`Authorization: Basic base64("Paycom:<key>")\`. The body is JSON whatever the content type (Payme sends \`text/json; charset=UTF-8\`).`,
          params: idParam,
          response: { 200: paymeAnswer },
        },
      },
      async (request) =>
        payments.payme(
          request.params.id,
          request.headers.authorization,
          typeof request.body === 'string' ? request.body : '',
        ),
    );
    // Payme's -32300: a request that is not a POST, answered in its protocol too
    payme.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: '/payments/payme/:id',
      config: { access: 'pub' },
      schema: { hide: true },
      handler: async () => payments.paymeNotPost(),
    });
  });

  await app.register(async (click: App) => {
    // Click posts form fields (application/x-www-form-urlencoded, as its test tools do); any other
    // body, or none, reaches the service as no fields at all and is answered with Click's -8
    click.removeAllContentTypeParsers();
    click.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      done(null, isForm(request.headers['content-type']) ? formFields(String(body)) : null);
    });
    // Click's published addresses only, when CLICK_ALLOWED_ADDRESSES lists them: -1, nothing read
    click.addHook('onRequest', async (request, reply) => {
      if (payments.clickAllowed(request.ip)) return;
      request.log.warn({ ip: request.ip }, 'click: a call from an address not allowed refused');
      return reply
        .status(200)
        .type('application/json')
        .send(payments.clickJson(payments.clickRefusal('sign')));
    });
    click.setErrorHandler((error, request, reply) => {
      const internal = ((error as { statusCode?: number }).statusCode ?? 500) >= 500;
      if (internal) request.log.error({ err: error }, 'click: a call failed');
      void reply
        .status(200)
        .type('application/json')
        .send(payments.clickJson(payments.clickRefusal(internal ? 'cannotUpdate' : 'badRequest')));
    });

    for (const step of ['prepare', 'complete'] as const) {
      click.post(
        `/payments/click/:id/${step}`,
        {
          config: { access: 'pub' },
          schema: {
            tags: ['payments'],
            operationId: `payments.click${step === 'prepare' ? 'Prepare' : 'Complete'}`,
            summary: `Click's SHOP API ${step === 'prepare' ? 'Prepare (action 0)' : 'Complete (action 1)'} for a restaurant`,
            description: `${PROVIDERS_TEXT} Form fields (\`application/x-www-form-urlencoded\`), every documented one required (-8 otherwise); \`sign_string\` is checked.`,
            params: idParam,
            body: clickBody,
            response: { 200: clickAnswer },
          },
        },
        async (request, reply) => {
          const fields = clickFields(request.body);
          const answer =
            step === 'prepare'
              ? await payments.clickPrepare(request.params.id, fields)
              : await payments.clickComplete(request.params.id, fields);
          // sent as JSON text, Click's ids integers digit for digit (a bigint past 2^53 too): the
          // reply's type knows the answer only as the object it documents
          void reply
            .type('application/json')
            .send(payments.clickJson(answer) as unknown as z.infer<typeof clickAnswer>);
          return reply;
        },
      );
    }
  });
}
