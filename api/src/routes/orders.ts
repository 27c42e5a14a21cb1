/**
 * Orders from the table (docs/ORDERS.md, "HTTP API"): the staff's board (a manager's own
 * restaurant; an admin names it with `?restaurant_id=`) and the guests' calls (no login). Each
 * route calls one method of `app.orders`; the live streams are server-sent events (http/sse.ts).
 */
import {
  answers,
  callCreateBody,
  callsQuery,
  errorBody,
  guestOrderEventsQuery,
  guestOrderQuery,
  idParam,
  OPTION_LIMITS,
  ORDER_LIMITS,
  orderCreateBody,
  orderDayQuery,
  orderDaysQuery,
  orderingSettingsBody,
  orderStatusBody,
  orderStreamQuery,
  placementIdParam,
} from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { ownedRestaurantId, sessionFollows } from '../http/access';
import { viewerOf } from '../http/actor';
import { restaurantScoped, routeKit, staffMoveScoped } from '../http/route';
import { lastEventId, openEventStream } from '../http/sse';
import type { App } from '../types';

const STREAM_TEXT =
  'text/event-stream: `retry:` first; then events `id: <number>`, `event: order|call|ready|reset|end`, `data: <JSON>`; a comment line every 20 s. A reconnect sends `Last-Event-ID` (or `?after=`) and first gets what it missed, in order; a number older than the kept day answers `reset` (reload the list).';
/** What an order may hold; a call has no lines (docs/ORDERS.md, "Limits"). */
const ORDER_LIMITS_TEXT = `At most ${ORDER_LIMITS.items} lines, ${ORDER_LIMITS.quantity} of a line, ${ORDER_LIMITS.rowsPerItem} rows a line each taken at most ${OPTION_LIMITS.rowQuantity} times (else 400; the options' rules decide the rest, 409), a comment of ${ORDER_LIMITS.comment} characters.`;
const RATE_TEXT = (what: string) => `${what} a minute are capped: 429 \`rate_limited\` with \`Retry-After\`.`;
const streamAnswer = z.string().describe(STREAM_TEXT);
const WHO_ACTS =
  "The move is recorded under who made it (the order's `actions`). On a device session (a kitchen tablet) the `x-staff-pin` header names the person: none 400 (`pin` Required), a wrong one 403 (`pin` wrong), after 5 wrong ones the device is locked 15 minutes (429 with Retry-After, `pin` locked).";
const TABLES_TEXT =
  'A waiter reads their tables (a table given to them or to nobody, and what they took over) unless `tables=all`; the kitchen reads the orders past «Yangi» and no calls.';

export default async function orderRoutes(app: App): Promise<void> {
  const { orders } = app;
  const route = routeKit(app, { tag: 'orders', access: 'own' });
  const ofRestaurant = restaurantScoped(route);
  const staffMove = staffMoveScoped(route);

  // ---------- staff ----------

  ofRestaurant.get(
    '/manager/ordering',
    {
      operationId: 'orders.ordering',
      summary: "The ordering switches: the restaurant's and each placement's",
      response: { 200: answers.ordering },
    },
    (restaurantId) => orders.ordering(restaurantId),
  );

  ofRestaurant.put(
    '/manager/ordering',
    {
      operationId: 'orders.updateOrdering',
      summary: 'Switches ordering on or off: the restaurant, and placements by id',
      description:
        "404 for a placement that is not the restaurant's, as for one that does not exist (nothing changed). The guests' page of the restaurant is refreshed on every server.",
      body: orderingSettingsBody,
      response: { 200: answers.ordering },
    },
    (restaurantId, request) => orders.changeOrdering(restaurantId, request.body),
  );

  route.get(
    '/manager/orders',
    {
      staff: ['waiter', 'kitchen'],
      operationId: 'orders.list',
      summary: "A day's orders, newest first (Tashkent days; today by default)",
      description: `A staff account reads today only (403 on \`day\` for another day). ${TABLES_TEXT}`,
      querystring: orderDayQuery,
      response: { 200: answers.orders },
    },
    async (request) =>
      orders.day(
        await ownedRestaurantId(request),
        request.query.day,
        viewerOf(request, request.query.tables),
      ),
  );

  route.get(
    '/manager/orders/days',
    {
      operationId: 'orders.days',
      summary: 'The history: per day its orders, served and rejected counts and the served total',
      description:
        'Days `from`..`to` (Tashkent), newest first; the last 30 days by default. Days without orders are left out.',
      querystring: orderDaysQuery,
      response: { 200: answers.orderDays },
    },
    async (request) => orders.days(await ownedRestaurantId(request), request.query.from, request.query.to),
  );

  app.get(
    '/manager/orders/csv',
    {
      config: { access: 'own' },
      schema: {
        tags: ['orders'],
        operationId: 'orders.csv',
        summary: "A day's orders as CSV for Excel (UTF-8 with BOM, Uzbek headers, a download)",
        querystring: orderDayQuery,
        response: {
          200: z
            .string()
            .describe(
              "text/csv: Raqam, Vaqt, Stol, Holat, Taomlar, Izoh, Jami (so'm); one line per order, oldest first",
            ),
        },
      },
    },
    async (request, reply) => {
      const restaurantId = await ownedRestaurantId(request);
      const day = request.query.day;
      const csv = await orders.csv(restaurantId, day);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="buyurtmalar-${day ?? 'bugun'}.csv"`)
        .send(csv);
    },
  );

  staffMove.put(
    '/manager/orders/:id/status',
    {
      staff: ['waiter', 'kitchen'],
      operationId: 'orders.setStatus',
      summary: 'Moves an order along its life: sent → accepted → ready → served; sent or accepted → rejected',
      description: `400 when rejecting without a reason; 409 for any other move (or when another move came first): nothing changes. A waiter accepts, rejects and serves, on their tables only (403 \`table\`: another waiter's table, take it over first); the kitchen marks accepted orders ready only (403 \`role\` otherwise). ${WHO_ACTS}`,
      body: orderStatusBody,
      response: { 200: answers.order },
    },
    ({ id, owner, actor }, request) => orders.move(id, request.body, owner, actor),
  );

  staffMove.post(
    '/manager/orders/:id/take',
    {
      staff: ['waiter'],
      operationId: 'orders.take',
      summary: "A waiter takes over an order of another waiter's table (one tap, recorded)",
      description: `Then it is theirs to move too. Only a waiter takes over (403 \`role\` for others). ${WHO_ACTS}`,
      response: { 200: answers.order },
    },
    ({ id, owner, actor }) => orders.takeOrder(id, owner, actor),
  );

  route.get(
    '/manager/calls',
    {
      staff: ['waiter'],
      operationId: 'orders.calls',
      summary: 'Pending waiter calls and bill requests, oldest first',
      description: TABLES_TEXT,
      querystring: callsQuery,
      response: { 200: answers.calls },
    },
    async (request) =>
      orders.pendingCalls(await ownedRestaurantId(request), viewerOf(request, request.query.tables)),
  );

  staffMove.put(
    '/manager/calls/:id/done',
    {
      staff: ['waiter'],
      operationId: 'orders.callDone',
      summary: 'Marks a call done (again: the same answer)',
      description: `A waiter on their tables only (403 \`table\`: another waiter's table, take it over first). ${WHO_ACTS}`,
      response: { 200: answers.call },
    },
    ({ id, owner, actor }) => orders.finishCall(id, owner, actor),
  );

  staffMove.post(
    '/manager/calls/:id/take',
    {
      staff: ['waiter'],
      operationId: 'orders.takeCall',
      summary: "A waiter takes over a call of another waiter's table (one tap, recorded)",
      description: `Then it is theirs to mark done. Only a waiter takes over (403 \`role\` for others). ${WHO_ACTS}`,
      response: { 200: answers.call },
    },
    ({ id, owner, actor }) => orders.takeCall(id, owner, actor),
  );

  app.get(
    '/manager/orders/events',
    {
      config: { access: 'own', staff: ['waiter', 'kitchen'] },
      compress: false,
      schema: {
        tags: ['orders'],
        operationId: 'orders.events',
        summary: "The live stream of the restaurant's orders and calls (server-sent events)",
        description: `The bearer token goes in the Authorization header (read with fetch streaming), never in the address. \`order\` and \`call\` events carry the entity's current state. The stream is closed when the session ends (a logout, a new password, the account deactivated, a device ended, the restaurant no longer the manager's): the session is read again before any event is sent. ${TABLES_TEXT} An account holds at most 10 streams (a new one closes the oldest). ${STREAM_TEXT}`,
        querystring: orderStreamQuery,
        response: { 200: streamAnswer },
      },
    },
    async (request, reply) => {
      const restaurantId = await ownedRestaurantId(request);
      await orders.followRestaurant(
        restaurantId,
        lastEventId(request, request.query.after),
        () => openEventStream(reply),
        {
          account: request.user!._id,
          stillAllowed: sessionFollows(request, restaurantId),
          viewer: viewerOf(request, request.query.tables),
        },
      );
      return reply;
    },
  );

  // ---------- guests ----------

  route.get(
    '/public/tables/:placementId',
    {
      access: 'pub',
      operationId: 'orders.table',
      summary: "Whether a table takes orders, its name and its pending calls (a guest's page asks first)",
      description:
        '404 for an unknown table. Unknown tables (here, and in an order or a call) count against the address: past 30 in 10 minutes every table lookup from it answers 429 `rate_limited` with `Retry-After`, before the table is read.',
      params: placementIdParam,
      response: { 200: answers.guestTable },
    },
    (request) => orders.table(request.params.placementId, request.ip),
  );

  app.post(
    '/public/orders',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['orders'],
        operationId: 'orders.place',
        summary:
          'Places an order from a table (201); the same idempotency key with the same order answers that order (200)',
        description: `The server prices each line from the menu as it is now (a price any amount off the menu's is changed); refused lines answer 409 \`conflict\` with one detail each, \`{ path: "items.<i>", message: "unavailable" | "option_missing" | "price_changed" }\`, and nothing is stored. An idempotency key means one request: the same key with another body (another line, quantity, row, comment, table or language) answers 422 \`idempotency_key_reused\` with the detail \`{ path: "idempotency_key", message: "reused" }\` and changes nothing; the first body again answers its order. 404 for an unknown table; 409 when the table or its restaurant does not take orders. ${ORDER_LIMITS_TEXT} ${RATE_TEXT('Orders per address, per table and per restaurant')} The order is stored before the answer. The answer's \`key\` opens the order again.`,
        body: orderCreateBody,
        response: { 200: answers.guestOrder, 201: answers.guestOrder, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.place(request.body, request.ip);
      return reply.status(created ? 201 : 200).send({ data: order });
    },
  );

  route.get(
    '/public/orders/:id',
    {
      access: 'pub',
      operationId: 'orders.guestOrder',
      summary: "A guest's order (names in its language), opened with its key",
      description: '404 for an unknown order or a wrong key.',
      params: idParam,
      querystring: guestOrderQuery,
      response: { 200: answers.guestOrder },
    },
    (request) => orders.guestOrder(request.params.id, request.query.key),
  );

  app.get(
    '/public/orders/:id/events',
    {
      config: { access: 'pub' },
      compress: false,
      schema: {
        tags: ['orders'],
        operationId: 'orders.guestEvents',
        summary: "A guest's order, live (server-sent events)",
        description: `Opens with \`ready\` and the order's current state (\`order\`), unless resuming. Once the order is final (rejected; served, with its bill paid or closed or no payments taken) the stream sends \`end\` and is closed. 404 for a wrong key. A server holds at most ORDER_STREAMS_PER_ORDER streams of one order (a new one closes the oldest), ORDER_STREAMS_PER_ADDRESS from one address (429 \`rate_limited\`) and ORDER_STREAMS_MAX in all (503 \`unavailable\`), each refusal with \`Retry-After\` before any stream opens. ${STREAM_TEXT}`,
        params: idParam,
        querystring: guestOrderEventsQuery,
        response: { 200: streamAnswer },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { key, after } = request.query;
      await orders.followOrder(
        id,
        key,
        lastEventId(request, after),
        () => openEventStream(reply),
        request.ip,
      );
      return reply;
    },
  );

  app.post(
    '/public/calls',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['orders'],
        operationId: 'orders.call',
        summary:
          'Calls the waiter or asks for the bill (201); a call of that kind still pending answers it (200)',
        description: `404 for an unknown table; 409 when the table does not take orders. ${RATE_TEXT('Calls per address and per table')}`,
        body: callCreateBody,
        response: { 200: answers.call, 201: answers.call },
      },
    },
    async (request, reply) => {
      const { call, created } = await orders.call(request.body, request.ip);
      return reply.status(created ? 201 : 200).send({ data: call });
    },
  );
}
