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
import {
  importPosRestaurant,
  posAccount,
  posLocations,
  posPreview,
  syncPosRestaurant,
} from '../integration/pos/admin';
import { posHttpError } from '../integration/pos/errors';
import { acceptIikoWebhook, acceptPosterWebhook } from '../integration/pos/webhooks';
import type { App } from '../types';

const params = z.object({ _id: id });
const webhookParams = z.object({ _id: z.string().min(1).max(100) });

/** A POS failure answers its Uzbek text (the admin's dialog shows it). */
async function pos<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw posHttpError(err);
  }
}

/** A webhook is answered at once; the work it asks for runs after the answer. */
const webhookAccepted = z.object({ data: z.object({ accepted: z.literal(true) }) });
const ACCEPTED = { data: { accepted: true as const } };

export default async function posRoutes(app: App) {
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
      pos(async () => ({
        data: await posLocations(app, request.body.provider, request.body.credentials),
      })),
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
        return { data: await posPreview(app, provider, credentials, location_id) };
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
      pos(async () => reply.status(201).send({ data: await importPosRestaurant(app, request.body) })),
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
    async (request) => ({ data: await posAccount(app, request.params._id) }),
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
    async (request) => pos(async () => ({ data: await syncPosRestaurant(app, request.params._id) })),
  );

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
      const events = request.body.map((e) => e.eventType);
      await acceptIikoWebhook(app, request.params._id, request.headers.authorization, events);
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
      await acceptPosterWebhook(app, request.params._id, request.body);
      return reply.status(200).send(ACCEPTED);
    },
  );
}
