/**
 * The payments' test world (docs/PAYMENTS.md): the orders' world, an admin, the restaurant's
 * Payme and Click credentials, and a guest's order at table 1 whose bill is opened as the guest's
 * page opens it.
 */
import { expect } from 'vitest';
import { recorded } from './fixtures/recorded';
import { adminUser, apiCall, type TestCtx, type TestUser } from './helpers';
import { basket, type OrderWorld, ok, orderWorld, placeAs } from './orders-support';

export const PAYME = { merchant_id: '5e730e8e0b852a417aa49ceb', key: 'zpcK%c1JZsPnGwqO09Wfx4CFU%wP2d9BqAmD' };
/**
 * Our answer to a second payment of a held bill: Payme's -31008, as its sandbox expects for a new
 * transaction on an account waiting for payment (fixtures/payme/sandbox.documented.json).
 */
export const PAYME_BILL_BUSY = -31008;

/** Click's error codes by name, as its recorded answers give them (fixtures/click/errors.recorded.json). */
export const clickCodes = recorded<{ codes: Record<string, { error: number; error_note: string }> }>(
  'click/errors.recorded.json',
).codes;

export const CLICK = { service_id: '82886', merchant_id: '46111', secret_key: '9TDkmspVHm7LZ' };

export interface PaymentWorld {
  w: OrderWorld;
  admin: TestUser;
}

export async function paymentWorld(ctx: TestCtx, credentials = true): Promise<PaymentWorld> {
  const w = await orderWorld(ctx);
  const admin = await adminUser(ctx);
  if (credentials) {
    await ok(
      apiCall(ctx, 'PUT', `/admin/restaurants/${w.restaurantId}/payments`, admin.token, {
        payme: PAYME,
        click: CLICK,
      }),
    );
  }
  return { w, admin };
}

export interface GuestOrder {
  _id: string;
  key: string;
  /** The day's number, as the bill names its orders. */
  number?: number;
}

/** A guest's order at `table` (two Osh Katta 35 000 and a tea 5 000: 75 000 so'm). */
export async function guestOrders(ctx: TestCtx, w: OrderWorld, table = 0): Promise<GuestOrder> {
  const made = await ok(placeAs(ctx, basket(w, table)), 201);
  return made.data as GuestOrder;
}

export async function billOf(ctx: TestCtx, order: GuestOrder) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/bill',
    payload: { order_id: order._id, key: order.key },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    _id: string;
    amount: number;
    status: string;
    paid_method: string | null;
    orders: { number: number; amount: number; menu_amount: number | null }[];
    methods: string[];
  };
}

export async function guestView(ctx: TestCtx, order: GuestOrder) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/public/orders/${order._id}?key=${order.key}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    payment: { status: string; method: string; amount: number; at: string } | null;
  };
}

/**
 * The restaurant's staff chat, as a connected bot leaves it (docs/TELEGRAM.md), written straight
 * into the table: the suites that read what the payments tell the chat need no bot set-up.
 */
export async function connectTestChat(ctx: TestCtx, restaurantId: string): Promise<void> {
  const at = new Date().toISOString();
  await ctx.db
    .insertInto('telegram_bots')
    .values({
      restaurant_id: restaurantId,
      bot_id: '1',
      bot_username: 'test_bot',
      chat_id: '-1001',
      chat_title: 'Oshxona',
      webhook_secret_enc: null,
      events_seq: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
