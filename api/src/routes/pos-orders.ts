/**
 * Guests' orders into the POS (docs/ORDERS.md, "Into the POS"): the POS's tables and terminal
 * group for the placements dialog, a placement's POS table, and «Qayta yuborish» of an order the
 * POS did not take. A manager's own restaurant; an admin names it with `?restaurant_id=`. The
 * work is in integration/pos/orders-admin.ts; POS failures answer as the POS admin's calls do.
 */
import {
  answers,
  errorBody,
  idParam,
  optionalRestaurantIdFilter,
  placementPosTableBody,
  posTerminalGroupBody,
} from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { ownedRestaurantId, ownerCheck } from '../http/access';
import { posHttpError } from '../integration/pos/errors';
import {
  choosePosTerminalGroup,
  mapPlacementToPosTable,
  posTables,
  retryPosOrder,
} from '../integration/pos/orders-admin';
import type { App } from '../types';

async function pos<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw posHttpError(err);
  }
}

const placementPosTable = z.object({
  data: z.object({ _id: z.string(), name: z.string(), pos_table_id: z.string().nullable() }),
});

export default async function posOrderRoutes(app: App): Promise<void> {
  app.get(
    '/manager/pos/tables',
    {
      config: { access: 'own' },
      schema: {
        tags: ['orders'],
        operationId: 'posOrders.tables',
        summary: "The POS's tables (iiko: of the chosen terminal group) and each placement's mapped table",
        description:
          '404 for a restaurant not from a POS; 502 when the POS fails; 422 when it refuses the credentials.',
        querystring: optionalRestaurantIdFilter,
        response: { 200: answers.posTables, 422: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      return pos(async () => ({ data: await posTables(app, restaurantId) }));
    },
  );

  app.put(
    '/manager/pos/terminal-group',
    {
      config: { access: 'own' },
      schema: {
        tags: ['orders'],
        operationId: 'posOrders.terminalGroup',
        summary: "Chooses the iiko terminal group the restaurant's tables and orders belong to",
        description: '400 for a group the POS does not list.',
        querystring: optionalRestaurantIdFilter,
        body: posTerminalGroupBody,
        response: { 200: answers.posTables, 422: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const restaurantId = await ownedRestaurantId(request, request.query.restaurant_id);
      return pos(async () => ({
        data: await choosePosTerminalGroup(app, restaurantId, request.body.terminal_group_id),
      }));
    },
  );

  app.put(
    '/manager/placements/:id/pos-table',
    {
      config: { access: 'own' },
      schema: {
        tags: ['orders'],
        operationId: 'posOrders.placementTable',
        summary:
          "Maps a placement to the POS's table (null: not mapped, its name goes in the order's comment)",
        description: '400 for a table the POS does not list.',
        params: idParam,
        body: placementPosTableBody,
        response: { 200: placementPosTable, 422: errorBody, 502: errorBody },
      },
    },
    async (request) =>
      pos(async () => ({
        data: await mapPlacementToPosTable(
          app,
          request.params.id,
          request.body.pos_table_id,
          ownerCheck(request),
        ),
      })),
  );

  app.post(
    '/manager/orders/:id/pos-retry',
    {
      config: { access: 'own' },
      schema: {
        tags: ['orders'],
        operationId: 'posOrders.retry',
        summary: '«Qayta yuborish»: an order the POS refused or did not take goes back to its queue',
        description:
          '409 unless its way into the POS failed or was refused; 404 for an order that does not go to one.',
        params: idParam,
        response: { 200: answers.order },
      },
    },
    async (request) => ({ data: await retryPosOrder(app, request.params.id, ownerCheck(request)) }),
  );
}
