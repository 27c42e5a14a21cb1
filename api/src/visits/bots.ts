/**
 * What is not a guest: crawlers, link previews (a messenger fetches the page when its link is
 * shared in a chat) and browsers' speculative prefetches. Checked on headers only, in one regex.
 */
import type { IncomingHttpHeaders } from 'node:http';

const NOT_A_GUEST = new RegExp(
  [
    // "Googlebot/2.1", "bingbot/2.0", "(compatible; YandexBot/3.0; +http://...)"; not "CUBOT X30" (a phone)
    'bot/',
    'bot\\)',
    'bot;',
    '\\+https?://',
    'crawler',
    'spider',
    'slurp',
    'preview',
    'telegram',
    'whatsapp',
    'facebookexternalhit',
    'facebookcatalog',
    'meta-externalagent',
    'slack',
    'discord',
    'twitter',
    'skypeuripreview',
    'viber',
    'linkedin',
    'pinterest',
    'vkshare',
    'yandex',
    'googlebot',
    'google-inspectiontool',
    'adsbot',
    'lighthouse',
    'curl/',
    'wget/',
    'python-requests',
    'python-urllib',
    'aiohttp',
    'go-http-client',
    'okhttp',
    'node-fetch',
    'undici',
    'axios/',
    'java/',
    'libwww',
    'httpclient',
    'postman',
    'insomnia',
    'autocannon',
    'k6/',
    'apachebench',
  ].join('|'),
  'i',
);

const PREFETCH = /prefetch|preview|prerender/i;

/** True when the request is not a guest opening the menu (so it is not counted). */
export function isNotAGuest(headers: IncomingHttpHeaders): boolean {
  const ua = headers['user-agent'];
  if (!ua || ua.length < 10) return true;
  for (const name of ['purpose', 'sec-purpose', 'x-purpose', 'x-moz'] as const) {
    const v = headers[name];
    if (typeof v === 'string' && PREFETCH.test(v)) return true;
  }
  return NOT_A_GUEST.test(ua);
}
