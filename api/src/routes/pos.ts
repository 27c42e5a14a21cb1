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
import { routeKit } from '../http/route';
import {
  importPosRestaurant,
  posAccount,
  posLocations,
  posPreview,
  syncPosRestaurant,
} from '../integration/pos/admin';
import { answeringPosErrors } from '../integration/pos/errors';
import { acceptIikoWebhook, acceptPosterWebhook } from '../integration/pos/webhooks';
import type { App } from '../types';

const params = z.object({ _id: id });
const webhookParams = z.object({ _id: z.string().min(1).max(100) });

/** A webhook is answered at once; the work it asks for runs after the answer. */
const webhookAccepted = z.object({ data: z.object({ accepted: z.literal(true) }) });
const ACCEPTED = { accepted: true as const };

export default async function posRoutes(app: App) {
  const route = routeKit(app, { tag: 'integration', access: 'adm' });
  route.post(
    '/admin/integration/pos/locations',
    {
      operationId: 'pos.locations',
      summary: 'The iiko organizations or Poster spots these credentials reach',
      body: posLocationsBody,
      response: { 200: answers.posLocations, 422: errorBody, 502: errorBody },
    },
    (request) => answeringPosErrors(() => posLocations(app, request.body.provider, request.body.credentials)),
  );

  route.post(
    '/admin/integration/pos/preview',
    {
      operationId: 'pos.preview',
      summary:
        'What an import of this location would bring: counts of categories, products, options, pictures',
      body: posPreviewBody,
      response: { 200: answers.posPreview, 422: errorBody, 502: errorBody },
    },
    (request) => {
      const { provider, credentials, location_id } = request.body;
      return answeringPosErrors(() => posPreview(app, provider, credentials, location_id));
    },
  );

  route.post(
    '/admin/integration/pos/import',
    {
      operationId: 'pos.import',
      summary:
        "Imports a POS location's menu as a new restaurant of a manager, and keeps the credentials (sealed)",
      description:
        "The answer carries the webhook token once (for iiko's webhook settings, `authToken`); it is never shown again. 409: the manager already has a restaurant, or this location is already imported.",
      body: posImportBody,
      response: { 201: answers.posImported, 422: errorBody, 502: errorBody },
    },
    (request) => answeringPosErrors(() => importPosRestaurant(app, request.body)),
  );

  route.get(
    '/admin/integration/pos/:_id',
    {
      operationId: 'pos.account',
      summary: "A POS restaurant's integration: provider, location, masked credentials, last sync",
      params,
      response: { 200: answers.posAccount },
    },
    (request) => posAccount(app, request.params._id),
  );

  route.put(
    '/admin/integration/pos/:_id/sync',
    {
      operationId: 'pos.sync',
      summary: 'Syncs a POS restaurant now (Sinxronlash): counts added / changed / removed',
      description:
        '409 while another sync of it runs (on any server); 502 (nothing changed) when the POS fails.',
      params,
      response: { 200: answers.posSync, 422: errorBody, 502: errorBody },
    },
    (request) => answeringPosErrors(() => syncPosRestaurant(app, request.params._id)),
  );

  route.post(
    '/integrations/iiko/webhook/:_id',
    {
      access: 'pub',
      operationId: 'pos.iikoWebhook',
      summary:
        "iiko's webhook (StopListUpdate events): checks the authToken, answers 200, then reads the stop-list",
      params: webhookParams,
      body: z.array(z.looseObject({ eventType: z.string().optional() })).max(1000),
      response: { 200: webhookAccepted },
    },
    async (request) => {
      const events = request.body.map((e) => e.eventType);
      await acceptIikoWebhook(app, request.params._id, request.headers.authorization, events);
      return ACCEPTED;
    },
  );

  route.post(
    '/integrations/poster/webhook/:_id',
    {
      access: 'pub',
      operationId: 'pos.posterWebhook',
      summary: "Poster's webhook (product, dish, category changes): checks `verify`, answers 200, then syncs",
      params: webhookParams,
      body: z.looseObject({ verify: z.string(), object: z.string() }),
      response: { 200: webhookAccepted },
    },
    async (request) => {
      await acceptPosterWebhook(app, request.params._id, request.body);
      return ACCEPTED;
    },
  );
}
