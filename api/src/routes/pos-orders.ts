/**
 * Guests' orders into the POS (docs/ORDERS.md, "Into the POS"): the POS's tables and terminal
 * group for the placements dialog, a placement's POS table, and «Qayta yuborish» of an order the
 * POS did not take. A manager's own restaurant; an admin names it with `?restaurant_id=`. The
 * work is in integration/pos/orders-admin.ts; POS failures answer as the POS admin's calls do.
 */
import { answers, errorBody, placementPosTableBody, posTerminalGroupBody } from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { itemScoped, restaurantScoped, routeKit } from '../http/route';
import { answeringPosErrors } from '../integration/pos/errors';
import {
  choosePosTerminalGroup,
  mapPlacementToPosTable,
  posTables,
  retryPosOrder,
} from '../integration/pos/orders-admin';
import type { App } from '../types';

const placementPosTable = z.object({
  data: z.object({ _id: z.string(), name: z.string(), pos_table_id: z.string().nullable() }),
});

export default async function posOrderRoutes(app: App): Promise<void> {
  const route = routeKit(app, { tag: 'orders', access: 'own' });
  const ofRestaurant = restaurantScoped(route);
  const item = itemScoped(route);
  ofRestaurant.get(
    '/manager/pos/tables',
    {
      operationId: 'posOrders.tables',
      summary: "The POS's tables (iiko: of the chosen terminal group) and each placement's mapped table",
      description:
        '404 for a restaurant not from a POS; 502 when the POS fails; 422 when it refuses the credentials.',
      response: { 200: answers.posTables, 422: errorBody, 502: errorBody },
    },
    (restaurantId) => answeringPosErrors(() => posTables(app, restaurantId)),
  );

  ofRestaurant.put(
    '/manager/pos/terminal-group',
    {
      operationId: 'posOrders.terminalGroup',
      summary: "Chooses the iiko terminal group the restaurant's tables and orders belong to",
      description: '400 for a group the POS does not list.',
      body: posTerminalGroupBody,
      response: { 200: answers.posTables, 422: errorBody, 502: errorBody },
    },
    (restaurantId, request) =>
      answeringPosErrors(() => choosePosTerminalGroup(app, restaurantId, request.body.terminal_group_id)),
  );

  item.put(
    '/manager/placements/:id/pos-table',
    {
      operationId: 'posOrders.placementTable',
      summary: "Maps a placement to the POS's table (null: not mapped, its name goes in the order's comment)",
      description: '400 for a table the POS does not list.',
      body: placementPosTableBody,
      response: { 200: placementPosTable, 422: errorBody, 502: errorBody },
    },
    ({ id, owner }, request) =>
      answeringPosErrors(() => mapPlacementToPosTable(app, id, request.body.pos_table_id, owner)),
  );

  item.post(
    '/manager/orders/:id/pos-retry',
    {
      operationId: 'posOrders.retry',
      summary: '«Qayta yuborish»: an order the POS refused or did not take goes back to its queue',
      description:
        '409 unless its way into the POS failed or was refused; 404 for an order that does not go to one.',
      response: { 200: answers.order },
    },
    ({ id, owner }) => retryPosOrder(app, id, owner),
  );
}
