/**
 * `GET /m/:slug/orders/:id?key=`: an order's page for its guest (order-page.tsx), the order of
 * this restaurant whose key is given; anything else is the guests' 404 page (an order is opened
 * by its key only: no id is guessable into someone's order). An old slug moves to the current
 * one. `no-store`: the status changes, and the page is one guest's.
 */
import { timingSafeEqual } from 'node:crypto';
import { PLACEMENT_PARAM, slug as slugSchema } from '@qrmenu/shared/schemas';
import { z } from 'zod';
import { DomainError } from '../domain/errors';
import { statusOf } from '../http/errors';
import { toGuestOrder } from '../repos/orders';
import type { App } from '../types';
import { CompressedPage } from './compressed-page';
import type { GuestScripts } from './guest-script';
import { langFromQuery, SWITCH_PARAM } from './language';
import { lookUpRestaurant } from './menu-data';
import { renderOrderPage } from './order-page';
import { languageOf, notFound, ORDER_CACHE_CONTROL, sendPage } from './send-page';

/** The order's key against the one given, in constant time. */
function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The table's bill for the order's page when the restaurant takes payments (docs/PAYMENTS.md);
 * none for a rejected order or a table with nothing to pay.
 */
async function billOf(app: App, row: { id: string; status: string; restaurant_id: string }, key: string) {
  if (row.status === 'rejected') return null;
  try {
    const bill = await app.payments.bill(row.id, key);
    return bill.methods.length > 0 || bill.status !== 'open' ? bill : null;
  } catch (err) {
    if (err instanceof DomainError && statusOf(err) < 500) return null;
    throw err;
  }
}

export default async function orderPageRoute(
  app: App,
  { scripts }: { scripts: GuestScripts },
): Promise<void> {
  app.get(
    '/m/:slug/orders/:id',
    {
      config: { access: 'pub' },
      schema: { hide: true, params: z.object({ slug: z.string(), id: z.string() }) },
    },
    async (request, reply) => {
      const query = request.query as { key?: unknown; lang?: unknown };
      const key = typeof query.key === 'string' ? query.key : '';
      const { slug, id } = request.params;
      const found = slugSchema.safeParse(slug).success
        ? await lookUpRestaurant(app.repos, slug)
        : ({ kind: 'missing' } as const);
      if (found.kind === 'moved') {
        const rest = request.url.slice(request.url.indexOf('/orders/'));
        return reply.header('Cache-Control', 'no-cache').redirect(`/m/${found.slug}${rest}`, 301);
      }
      const row = found.kind === 'restaurant' && key ? await app.repos.orders.find(id) : undefined;
      if (
        !row ||
        found.kind !== 'restaurant' ||
        row.restaurant_id !== found.restaurant.id ||
        !sameSecret(row.guest_key, key)
      ) {
        const lang = languageOf(request);
        return sendPage(request, reply, 404, notFound(lang), lang, ORDER_CACHE_CONTROL);
      }
      const order = toGuestOrder(row, await app.repos.orderPos.find(row.id));
      const lang = langFromQuery(query.lang) ?? order.language;
      const menuHref = `/m/${found.restaurant.slug}?${new URLSearchParams({
        ...(row.placement_id ? { [PLACEMENT_PARAM]: row.placement_id } : {}),
        lang,
        [SWITCH_PARAM]: '1',
      })}`;
      const html = renderOrderPage({
        order,
        lang,
        restaurant: found.restaurant.name,
        menuHref,
        selfHref: `?key=${encodeURIComponent(key)}`,
        script: scripts.urlOf(lang),
        bill: await billOf(app, row, key),
        payFailed: (request.query as { pay?: unknown }).pay === 'failed',
      });
      return sendPage(request, reply, 200, CompressedPage.of(html), lang, ORDER_CACHE_CONTROL);
    },
  );

  /**
   * «To'lash» without JavaScript: the provider's checkout for the table's bill (303 to it); a
   * refusal (paid already, the method not set up) sends the guest back to the order's page.
   */
  app.get(
    '/m/:slug/orders/:id/pay',
    {
      config: { access: 'pub' },
      schema: { hide: true, params: z.object({ slug: z.string(), id: z.string() }) },
    },
    async (request, reply) => {
      const query = request.query as { key?: unknown; method?: unknown; lang?: unknown };
      const key = typeof query.key === 'string' ? query.key : '';
      const method = query.method === 'payme' || query.method === 'click' ? query.method : undefined;
      const { slug, id } = request.params;
      const back = `/m/${encodeURIComponent(slug)}/orders/${encodeURIComponent(id)}?${new URLSearchParams({
        key,
        ...(typeof query.lang === 'string' ? { lang: query.lang } : {}),
      })}`;
      reply.header('Cache-Control', 'no-store');
      if (!method || !key) return reply.redirect(back, 303);
      try {
        const { url } = await app.payments.checkout(
          { order_id: id, key, method },
          `${request.protocol}://${request.host}`,
        );
        return reply.redirect(url, 303);
      } catch (err) {
        if (err instanceof DomainError && statusOf(err) < 500)
          return reply.redirect(`${back}&pay=failed`, 303);
        throw err;
      }
    },
  );
}
