/**
 * `GET /m/:slug`: a restaurant's menu for guests (what its QR code opens), as one complete,
 * server-rendered HTML page: no login, no JavaScript needed, CSS inline, compressed (br or gzip).
 * When the restaurant takes orders the page also loads the guests' script (`/m/assets/...`,
 * guest-script.ts), and `GET /m/:slug/orders/:id?key=` is an order's page for its guest.
 * - An inactive or unknown restaurant: the Uzbek 404 page, status 404.
 * - An old slug of an active restaurant: 301 to `/m/<current slug>` (query kept), so printed
 *   codes survive a slug change.
 * - At one of its tables that takes orders (`?p=<placement>`, the restaurant taking orders too)
 *   the page holds that table's panel and the dishes' add buttons (page.tsx): a page of its own,
 *   its own ETag, made from one render for all the tables (renderTablePages). Any other `?p=`
 *   gets the menu's page as it is without a table.
 * - Served from the answer cache (the page and its compressed forms) that every catalog,
 *   restaurant, upload, integration, ordering and stop-list write clears, so a change shows at once.
 * - `Cache-Control: public, no-cache` with an ETag: a phone revalidates on every visit (a 304
 *   of a few hundred bytes when nothing changed) instead of showing a product that was just
 *   stop-listed for up to a max-age.
 */
import { createHash } from 'node:crypto';
import { MINI_APP_PARAM, PLACEMENT_PARAM, slug as slugSchema } from '@qrmenu/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerCache, EVERY_WRITE } from '../http/answer-cache';
import type { App } from '../types';
import { TELEGRAM_SOURCE } from '../visits/stats';
import { CompressedPage, pickEncoding } from './compressed-page';
import { GUEST_SCRIPT_PATH, loadGuestScripts } from './guest-script';
import type { GuestLang } from './language';
import { SWITCH_PARAM } from './language';
import { localizeMenu } from './localize';
import { type GuestTable, lookUpMenu } from './menu-data';
import orderPageRoute from './order-route';
import { renderMenuPage, renderTablePages } from './page';
import { languageOf, notFound, sendPage } from './send-page';

interface PageAnswer {
  kind: 'page';
  page: CompressedPage;
  /** Hash of the menu data the page was rendered from. */
  data: string;
  /** Its restaurant: a write there clears the page, writes elsewhere leave it. */
  restaurantId: string;
  /** Its placements by id: a `?p=` of anything else counts as no placement. */
  placements: ReadonlyMap<string, GuestTable>;
  /** The page at one of its tables that takes orders, by the table's name; null: none does. */
  atTable: ((table: string) => string) | null;
}
type Answer = PageAnswer | { kind: 'moved'; slug: string } | { kind: 'missing' };

/** The page at one table (cached apart: a table's page is never another's). */
interface TablePage {
  page: CompressedPage;
  /** The menu's data and the table's name it was made from. */
  data: string;
  table: string;
}

const SCRIPT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface PublicMenuOptions {
  /** The guests' script build (guest-script-build.ts); none: the pages have no cart. */
  guestScriptsDir?: string | undefined;
}

export default async function publicMenuRoutes(app: App, options: PublicMenuOptions = {}): Promise<void> {
  const cache = answerCache(app.db);
  const scripts = loadGuestScripts(options.guestScriptsDir);

  const answerFor = async (slug: string, lang: GuestLang, expired?: Answer): Promise<Answer> => {
    const found = await lookUpMenu(app.repos, slug);
    if (found.kind !== 'menu') return found;
    const menu = localizeMenu(found.menu, lang);
    // A page that only aged out (a write clears the cache instead) is usually still right:
    // hashing the data costs a few ms where rendering and compressing a big menu cost ~50.
    const data = createHash('sha256').update(JSON.stringify(menu)).digest('base64url');
    const placements = new Map(found.placements.map((p) => [p.id, p]));
    const script = menu.restaurant.takes_orders ? scripts.urlOf(lang) : null;
    // the tables' render, when a table takes orders (one may have been switched on since)
    const tablePages = (made: PageAnswer['atTable'] = null) =>
      script && found.placements.some((p) => p.takes_orders)
        ? (made ?? renderTablePages(menu, script))
        : null;
    if (expired?.kind === 'page' && expired.data === data)
      return { ...expired, placements, atTable: tablePages(expired.atTable) };
    return {
      kind: 'page',
      page: CompressedPage.of(renderMenuPage(menu, { script })),
      data,
      restaurantId: found.restaurantId,
      placements,
      atTable: tablePages(),
    };
  };
  /** The page at `placement` when it is a table that takes orders, else the menu's own page. */
  const pageAt = async (slug: string, lang: GuestLang, answer: PageAnswer, placement: string) => {
    const table = answer.placements.get(placement);
    const { atTable } = answer;
    if (!table?.takes_orders || !atTable) return answer.page;
    const make = async (expired?: TablePage): Promise<TablePage> =>
      expired && expired.data === answer.data && expired.table === table.name
        ? expired
        : { page: CompressedPage.of(atTable(table.name)), data: answer.data, table: table.name };
    if (!cache.enabled) return (await make()).page;
    const found = await cache.remember(
      `menu-page\u0000${slug}\u0000${lang}\u0000${placement}`,
      make,
      (p) => p.page.size,
      () => answer.restaurantId,
    );
    return found.page;
  };
  // a redirect of an old slug: cleared by any write (a slug may move to another restaurant)
  const tagOf = (answer: Answer) => (answer.kind === 'page' ? answer.restaurantId : EVERY_WRITE);
  // a page with the tables' render holds its HTML about twice
  const sizeOf = (answer: Answer) =>
    answer.kind === 'page'
      ? answer.page.size + (answer.atTable ? answer.page.html.length : 0)
      : answer.kind === 'moved'
        ? 64 + answer.slug.length
        : undefined;

  app.get(
    '/m/:slug',
    {
      config: { access: 'pub' },
      // an HTML page, not part of the JSON API (docs/PRODUCT.md, "The guests' menu page")
      schema: { hide: true, params: z.object({ slug: z.string() }) },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const parsed = slugSchema.safeParse(request.params.slug);
      if (!parsed.success) return sendPage(request, reply, 404, notFound(lang), lang);
      const slug = parsed.data;
      // one cached page (and its compressed forms) per language; every write clears them all
      const answer = cache.enabled
        ? await cache.remember(
            `menu-page\u0000${slug}\u0000${lang}`,
            (expired) => answerFor(slug, lang, expired),
            sizeOf,
            tagOf,
          )
        : await answerFor(slug, lang);
      if (answer.kind === 'page') {
        // a view (a 304 revalidation too): counted in memory, written in batches (visits/); the
        // page the language switch opens is the same guest on the same menu, not another visit
        const query = request.query as Record<string, unknown>;
        const p = query[PLACEMENT_PARAM];
        const placement = typeof p === 'string' && answer.placements.has(p) ? p : '';
        // the bot's Mini App (its menu button's `?tg=1`) is a source of its own (visits/stats.ts)
        const source = query[MINI_APP_PARAM] === '1' ? TELEGRAM_SOURCE : placement;
        if (query[SWITCH_PARAM] === undefined) app.visits.count(request, answer.restaurantId, lang, source);
        return sendPage(request, reply, 200, await pageAt(slug, lang, answer, placement), lang);
      }
      if (answer.kind === 'missing') return sendPage(request, reply, 404, notFound(lang), lang);
      const query = request.url.indexOf('?');
      return reply
        .header('Cache-Control', 'no-cache')
        .redirect(`/m/${answer.slug}${query >= 0 ? request.url.slice(query) : ''}`, 301);
    },
  );

  // the guests' script, from memory: its name carries its content's hash, so it is kept a year
  app.get(
    `${GUEST_SCRIPT_PATH}:file`,
    { config: { access: 'pub' }, schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const file = scripts.file(request.params.file);
      if (!file?.identity) return elsewhere(request, reply);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const body = file[encoding];
      void reply
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', SCRIPT_CACHE_CONTROL)
        .type('text/javascript; charset=utf-8');
      if (body && encoding !== 'identity') void reply.header('Content-Encoding', encoding);
      return reply.send(body ?? file.identity);
    },
  );

  await app.register(orderPageRoute, { scripts });

  // `/m`, `/m/`, `/m/a/b`: the guest's 404 page, not the back office; `/m/<slug>/` drops the slash
  const elsewhere = async (request: FastifyRequest, reply: FastifyReply) => {
    const trailing = /^\/m\/([^/?]+)\/(\?.*)?$/.exec(request.url);
    if (trailing && slugSchema.safeParse(trailing[1]).success) {
      return reply.header('Cache-Control', 'no-cache').redirect(`/m/${trailing[1]}${trailing[2] ?? ''}`, 301);
    }
    const lang = languageOf(request);
    return sendPage(request, reply, 404, notFound(lang), lang);
  };
  app.get('/m', { config: { access: 'pub' }, schema: { hide: true } }, elsewhere);
  app.get('/m/*', { config: { access: 'pub' }, schema: { hide: true } }, elsewhere);
}
