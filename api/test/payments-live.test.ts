/**
 * After payment (docs/PAYMENTS.md, "What the staff see"): a payment writes its orders' events, so the
 * guest's stream and the staff's follow it live; the Telegram chat's post of the order shows it
 * paid (amount, method, time), and a cancel after the payment edits it to unpaid and tells the
 * staff with a message of its own. Payme's requests through the fake Payme.
 */
import { formatTiyin } from '@qrmenu/shared/texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakePayme } from './fakes/payme';
import { adminUser, apiCall } from './helpers';
import { ok } from './orders-support';
import { billOf, guestOrders, PAYME } from './payments-support';
import { openSse } from './sse-client';
import { fileTelegramWorld } from './telegram-support';

const tw = fileTelegramWorld();

beforeAll(async () => {
  const admin = await adminUser(tw.ctx);
  await ok(
    apiCall(tw.ctx, 'PUT', `/admin/restaurants/${tw.world.restaurantId}/payments`, admin.token, {
      payme: PAYME,
    }),
  );
});

describe('a payment, live and in the chat', () => {
  it("the guest's stream hears it paid; the chat's post says paid, then unpaid with an alert", async () => {
    const { ctx, world } = tw;
    const order = await guestOrders(ctx, world);
    await ctx.app.telegram.drain();
    const post = tw.fake.messages.find(
      (m) => m.text.includes(`#`) && m.text.includes(world.tables[0]?.name ?? ''),
    );
    expect(post).toBeDefined();

    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${base}/api/public/orders/${order._id}/events?key=${order.key}`);
    const bill = await billOf(ctx, order);
    const payme = fakePayme(ctx.app, world.restaurantId, PAYME.key);
    const { id } = await payme.pay(bill._id, bill.amount);
    type Data = { payment: { status: string } | null };
    const paidEvent = await stream.next(
      (e) => e.event === 'order' && (e.data as Data).payment?.status === 'paid',
    );
    expect((paidEvent.data as Data).payment).toMatchObject({ method: 'payme', amount: 7_500_000 });
    stream.close();

    await ctx.app.telegram.drain();
    const paidText = post?.text ?? '';
    expect(paidText).toContain(`To'landi: ${formatTiyin(7_500_000)}, Payme`);

    await payme.cancel(id, 5);
    await ctx.app.telegram.drain();
    await ctx.app.telegram.drain();
    expect(post?.text).toContain("To'lov bekor qilindi");
    const alert = tw.fake.messages.find((m) => m.text.startsWith('⚠️'));
    expect(alert?.text).toContain(formatTiyin(7_500_000));
    expect(alert?.text).toContain('Payme');
  });
});
