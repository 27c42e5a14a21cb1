/**
 * POS integrations (iiko Cloud, Poster): the admin's connect / preview / import flow, the
 * account's status, Sinxronlash, and the POS's webhooks. The work is in integration/pos/.
 */
import {
  answers,
  errorBody,
  id,
  posImportBody,
  posLocationsBody,
  posPreviewBody,
} from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { isUniqueViolation } from '../db';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { describePosError } from '../integration/pos/errors';
import {
  accountView,
  connectionOf,
  importPos,
  previewOf,
  refreshStopList,
  syncPos,
} from '../integration/pos/service';
import { enumKey } from '../integration/pos/skipped';
import { posterVerify } from '../integration/providers/poster';
import { toRestaurant } from '../repos/restaurants';
import type { App } from '../types';
import { assertActiveManager } from './restaurants';

const params = z.object({ _id: id });
const webhookParams = z.object({ _id: z.string().min(1).max(100) });

/** A POS failure as an HTTP error: its Uzbek text is the message (the admin's dialog shows it). */
function asHttp(err: unknown): Error {
  if (err instanceof HttpError) return err;
  if (err instanceof z.ZodError) {
    return badRequest(
      'Invalid credentials',
      err.issues.map((i) => ({ path: ['credentials', ...i.path].join('.'), message: i.message })),
    );
  }
  const { uz, status, code, details } = describePosError(err);
  if (
    status === 500 &&
    code === 'internal' &&
    !(err instanceof Error && err.name === 'SecretKeyMissingError')
  )
    return err as Error;
  return new HttpError(status, code as never, uz, details);
}

async function pos<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asHttp(err);
  }
}

export default async function posRoutes(app: App) {
  const parseCredentials = (provider: string, credentials: unknown) => {
    const factory = app.pos.providers.get(provider);
    if (!factory) throw badRequest('Unknown provider', [{ path: 'provider', message: provider }]);
    return factory.parseCredentials(credentials);
  };

  app.post(
    '/admin/integration/pos/locations',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'pos.locations',
        summary: 'The iiko organizations or Poster spots these credentials reach',
        body: posLocationsBody,
        response: { 200: answers.posLocations, 422: errorBody, 502: errorBody },
      },
    },
    async (request) =>
      pos(async () => {
        const { provider, credentials } = request.body;
        const connection = connectionOf(app, provider, parseCredentials(provider, credentials));
        return { data: await connection.listRestaurants() };
      }),
  );

  app.post(
    '/admin/integration/pos/preview',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'pos.preview',
        summary:
          'What an import of this location would bring: counts of categories, products, options, pictures',
        body: posPreviewBody,
        response: { 200: answers.posPreview, 422: errorBody, 502: errorBody },
      },
    },
    async (request) =>
      pos(async () => {
        const { provider, credentials, location_id } = request.body;
        const connection = connectionOf(app, provider, parseCredentials(provider, credentials));
        const { menu } = await connection.fetchMenu(location_id, null);
        if (!menu) throw notFound('No menu');
        return { data: previewOf(menu) };
      }),
  );

  app.post(
    '/admin/integration/pos/import',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'pos.import',
        summary:
          "Imports a POS location's menu as a new restaurant of a manager, and keeps the credentials (sealed)",
        description:
          "The answer carries the webhook token once (for iiko's webhook settings, `authToken`); it is never shown again. 409: the manager already has a restaurant, or this location is already imported.",
        body: posImportBody,
        response: { 201: answers.posImported, 422: errorBody, 502: errorBody },
      },
    },
    async (request, reply) =>
      pos(async () => {
        const { provider, credentials, location_id, manager_id } = request.body;
        const parsed = parseCredentials(provider, credentials);
        await assertActiveManager(app.repos, manager_id);
        if (await app.repos.restaurants.findOfManager(manager_id))
          throw conflict('This manager already has a restaurant');
        if (await app.repos.restaurants.findImported(provider, location_id))
          throw conflict('This restaurant is already imported');
        try {
          const { restaurant, webhookToken } = await importPos(app, {
            provider,
            credentials: parsed,
            location_id,
            manager_id,
          });
          return reply
            .status(201)
            .send({ data: { restaurant: toRestaurant(restaurant), webhook_token: webhookToken } });
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict('This restaurant or manager was just taken');
          throw err;
        }
      }),
  );

  app.get(
    '/admin/integration/pos/:_id',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'pos.account',
        summary: "A POS restaurant's integration: provider, location, masked credentials, last sync",
        params,
        response: { 200: answers.posAccount },
      },
    },
    async (request) => {
      const account = await app.repos.integrationAccounts.find(request.params._id);
      if (!account) throw notFound('Not a POS restaurant');
      return { data: accountView(app, account) };
    },
  );

  app.put(
    '/admin/integration/pos/:_id/sync',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['integration'],
        operationId: 'pos.sync',
        summary: 'Syncs a POS restaurant now (Sinxronlash): counts added / changed / removed',
        description:
          '409 while another sync of it runs (on any server); 502 (nothing changed) when the POS fails.',
        params,
        response: { 200: answers.posSync, 422: errorBody, 502: errorBody },
      },
    },
    async (request) =>
      pos(async () => {
        if (!(await app.repos.integrationAccounts.find(request.params._id)))
          throw notFound('Not a POS restaurant');
        const r = await syncPos(app, request.params._id);
        return { data: { ...r, restaurant: toRestaurant(r.restaurant) } };
      }),
  );

  /** Webhook work runs after the answer: the POS wants its 200 at once. */
  const later = (what: string, restaurantId: string, work: () => Promise<unknown>) => {
    setImmediate(() => {
      work().catch((err) =>
        app.log.warn({ restaurantId, err: (err as Error).message }, `${what} after a webhook failed`),
      );
    });
  };

  /** A webhook is answered at once; the work it asks for runs after the answer. */
  const webhookAccepted = z.object({ data: z.object({ accepted: z.literal(true) }) });
  const ACCEPTED = { data: { accepted: true as const } };

  app.post(
    '/integrations/iiko/webhook/:_id',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['integration'],
        operationId: 'pos.iikoWebhook',
        summary:
          "iiko's webhook (StopListUpdate events): checks the authToken, answers 200, then reads the stop-list",
        params: webhookParams,
        body: z.array(z.looseObject({ eventType: z.string().optional() })).max(1000),
        response: { 200: webhookAccepted },
      },
    },
    async (request, reply) => {
      const account = await app.repos.integrationAccounts.find(request.params._id);
      const presented = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      let expected: string | undefined;
      try {
        expected = account?.provider === 'iiko' ? app.pos.box.open(account.webhook_token_enc) : undefined;
      } catch {
        expected = undefined;
      }
      if (!expected || presented !== expected) throw new HttpError(401, 'unauthorized', 'Bad webhook token');
      const events = request.body.map((e) => enumKey(e.eventType));
      if (events.includes('stoplistupdate'))
        later('stop-list', request.params._id, () => refreshStopList(app, request.params._id));
      return reply.status(200).send(ACCEPTED);
    },
  );

  app.post(
    '/integrations/poster/webhook/:_id',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['integration'],
        operationId: 'pos.posterWebhook',
        summary:
          "Poster's webhook (product, dish, category changes): checks `verify`, answers 200, then syncs",
        params: webhookParams,
        body: z.looseObject({ verify: z.string(), object: z.string() }),
        response: { 200: webhookAccepted },
      },
    },
    async (request, reply) => {
      const account = await app.repos.integrationAccounts.find(request.params._id);
      let secret: string | undefined;
      try {
        secret =
          account?.provider === 'poster'
            ? JSON.parse(app.pos.box.open(account.credentials_enc)).appSecret
            : undefined;
      } catch {
        secret = undefined;
      }
      if (!secret || !posterVerify(request.body, secret))
        throw new HttpError(401, 'unauthorized', 'Bad signature');
      if (['product', 'dish', 'category'].includes(enumKey(request.body.object))) {
        later('sync', request.params._id, () => syncPos(app, request.params._id));
      }
      return reply.status(200).send(ACCEPTED);
    },
  );
}
