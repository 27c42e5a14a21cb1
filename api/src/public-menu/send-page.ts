/**
 * How the guests' HTML pages are sent (route.ts, order-route.ts): in the guest's language,
 * compressed by Accept-Encoding, the menu revalidated with its ETag, an order's page never kept.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayBeFramedByTelegram } from '../http/security-headers';
import { CompressedPage, pickEncoding } from './compressed-page';
import { chooseGuestLanguage, type GuestLang } from './language';
import { renderNotFoundPage } from './page';

export const PAGE_CACHE_CONTROL = 'public, no-cache';
/** An order's page: one guest's, its status changing; never kept by a cache. */
export const ORDER_CACHE_CONTROL = 'no-store';

const notFoundPages = new Map<GuestLang, CompressedPage>();
export const notFound = (lang: GuestLang) => {
  let page = notFoundPages.get(lang);
  if (!page) {
    page = CompressedPage.of(renderNotFoundPage(lang));
    notFoundPages.set(lang, page);
  }
  return page;
};

/** The guest's language: `?lang=`, else `Accept-Language`, else Uzbek (language.ts). */
export const languageOf = (request: FastifyRequest) =>
  chooseGuestLanguage(
    (request.query as { lang?: unknown } | undefined)?.lang,
    request.headers['accept-language'],
  ).lang;

export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: 200 | 404,
  page: CompressedPage,
  lang: GuestLang,
  cacheControl = PAGE_CACHE_CONTROL,
): Promise<FastifyReply> {
  // a guest's page is also the bot's Mini App, which Telegram Web opens in a frame
  mayBeFramedByTelegram(reply);
  // the same address answers in the language the browser asks for: caches keep one per language
  void reply
    .header('Vary', 'Accept-Encoding, Accept-Language')
    .header('Content-Language', lang)
    .header('Cache-Control', cacheControl);
  if (status === 200 && cacheControl === PAGE_CACHE_CONTROL) {
    void reply.header('ETag', page.etag);
    if (page.matches(request.headers['if-none-match'])) return reply.code(304).send();
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(await page.body(encoding));
}
