/**
 * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"; docs/API.md, "The restaurant's staff"): the
 * manager's «Xodimlar» (a manager's own restaurant; an admin names it with `?restaurant_id=`):
 * accounts, PINs, the floor's tables and zones, the devices that stay signed in; and a staff
 * member's own Telegram link. Each route calls one method of `app.staff`.
 */
import {
  answers,
  floorTablesBody,
  staffCreateBody,
  staffPasswordBody,
  staffUpdateBody,
} from '@qrmenu/shared/schemas';
import { itemScoped, restaurantScoped, routeKit } from '../http/route';
import type { App } from '../types';

const ENDS_SESSIONS = 'Its sessions and devices end at once, on every server.';

export default async function staffRoutes(app: App): Promise<void> {
  const { staff } = app;
  const route = routeKit(app, { tag: 'staff', access: 'own' });
  const ofRestaurant = restaurantScoped(route);
  const item = itemScoped(route);

  ofRestaurant.get(
    '/manager/staff',
    {
      operationId: 'staff.list',
      summary: "The restaurant's waiters and kitchen accounts, deactivated ones too",
      response: { 200: answers.staffMembers },
    },
    (restaurantId) => staff.list(restaurantId),
  );

  ofRestaurant.post(
    '/manager/staff',
    {
      operationId: 'staff.create',
      summary: 'A new staff account of the restaurant: a waiter or the kitchen (201)',
      description: 'The login is unique on the platform: 409 when it is taken.',
      body: staffCreateBody,
      response: { 201: answers.staffMember },
    },
    (restaurantId, request) => staff.create(restaurantId, request.body),
  );

  item.put(
    '/manager/staff/:id',
    {
      operationId: 'staff.update',
      summary: "A staff account's name, role, or deactivation (and reactivation)",
      description: `A deactivation or a new role: ${ENDS_SESSIONS} A deactivated waiter's tables are everyone's until they are back. Another restaurant's account: 404.`,
      body: staffUpdateBody,
      response: { 200: answers.staffMember },
    },
    ({ id, owner }, request) => staff.update(id, request.body, owner),
  );

  item.put(
    '/manager/staff/:id/password',
    {
      operationId: 'staff.resetPassword',
      summary: "Sets a staff account's password",
      description: ENDS_SESSIONS,
      body: staffPasswordBody,
      response: { 200: answers.staffMember },
    },
    ({ id, owner }, request) => staff.resetPassword(id, request.body.password, owner),
  );

  item.post(
    '/manager/staff/:id/pin',
    {
      operationId: 'staff.newPin',
      summary: 'A new PIN for the staff member, answered once (it replaces the last)',
      description:
        'Four digits, unique in the restaurant: on a device that stays signed in, the person types it with each action and the action is recorded under them.',
      response: { 200: answers.staffPin },
    },
    ({ id, owner }) => staff.newPin(id, owner),
  );

  item.delete(
    '/manager/staff/:id/telegram',
    {
      operationId: 'staff.unlinkTelegram',
      summary: "Unlinks a staff member's Telegram: no private messages, their presses count no more",
      response: { 200: answers.staffMember },
    },
    ({ id, owner }) => staff.unlinkTelegram(id, owner),
  );

  ofRestaurant.get(
    '/manager/floor',
    {
      operationId: 'staff.floor',
      summary: "The restaurant's tables with their zones and waiters",
      response: { 200: answers.floorTables },
    },
    (restaurantId) => staff.floor(restaurantId),
  );

  ofRestaurant.put(
    '/manager/floor',
    {
      operationId: 'staff.assignTables',
      summary: 'Gives tables to a waiter (null: to everyone) and/or puts them in a zone, many at once',
      description:
        "All or nothing: a table not of the restaurant (404, as one that does not exist) or a waiter not its active waiter (400 on `waiter_id`) changes nothing. Answers the floor. A waiter's new tables reach their board at its next order or call.",
      body: floorTablesBody,
      response: { 200: answers.floorTables },
    },
    (restaurantId, request) => staff.assignTables(restaurantId, request.body),
  );

  ofRestaurant.get(
    '/manager/staff-devices',
    {
      operationId: 'staff.devices',
      summary: "The restaurant's devices that stay signed in (a kitchen tablet), newest first",
      response: { 200: answers.staffDevices },
    },
    (restaurantId) => staff.devices(restaurantId),
  );

  item.delete(
    '/manager/staff-devices/:id',
    {
      operationId: 'staff.revokeDevice',
      summary: "Ends a device's session at once, on every server",
      description:
        "Its open board stream ends too; it signs in again with a login. Another restaurant's device: 404.",
      response: { 200: answers.deleted },
    },
    ({ id, owner }) => staff.revokeDevice(id, owner),
  );

  // ---------- a staff member's own ----------

  route.post(
    '/staff/telegram-code',
    {
      access: 'staff',
      operationId: 'staff.telegramCode',
      summary: "A one-time code that links the caller's Telegram to the restaurant's bot",
      description:
        "Sent to the restaurant's bot as `/start <code>` (the answer's `link` opens the bot with it), within its minutes, once: then the bot posts the caller's tables' orders, calls and bill requests to them privately, and their presses count as theirs. A new code replaces the last.",
      response: { 200: answers.telegramLinkCode },
    },
    (request) => staff.linkCode(request.user!),
  );

  route.delete(
    '/staff/telegram',
    {
      access: 'staff',
      operationId: 'staff.unlinkOwnTelegram',
      summary: "Unlinks the caller's own Telegram",
      response: { 200: answers.telegramUnlinked },
    },
    async (request) => {
      await staff.unlinkOwn(request.user!);
      return { telegram_linked: false as const };
    },
  );
}
