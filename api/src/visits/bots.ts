/**
 * What is not a guest: crawlers, link previews (a messenger fetches the page when its link is
 * shared in a chat) and browsers' speculative prefetches. Checked on headers only, in one regex.
 *
 * A messenger's preview fetcher names itself a bot (`TelegramBot (like TwitterBot)`,
 * `Twitterbot/1.0`, `LinkedInBot/1.0`, `Slackbot-LinkExpanding`); the same messenger's in-app
 * browser, where a guest who taps the link reads the menu, names the app without "bot"
 * (`... Telegram-Android/11.2.1`, `[FBAN/FBIOS;...]`, `Instagram 330.0`, `Viber/12.8`,
 * `[LinkedInApp]`, `[Pinterest/Android]`, `YaApp_Android`, `MicroMessenger`): those are guests.
 * So the app names below are matched with their fetcher's own word, never alone. The table of
 * real user agents of both kinds is `api/test/fixtures/visits/user-agents.json`.
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
    // preview fetchers of messengers and networks (their in-app browsers are guests)
    'telegrambot',
    'whatsapp',
    'facebookexternalhit',
    'facebookcatalog',
    'facebot',
    'meta-externalagent',
    'slackbot',
    'slack-imgproxy',
    'discordbot',
    'twitterbot',
    'skypeuripreview',
    'linkedinbot',
    'pinterestbot',
    'vkshare',
    'yandex\\.com/bots',
    'googlebot',
    'google-inspectiontool',
    'adsbot',
    'lighthouse',
    'headlesschrome',
    // scripts and tools
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
