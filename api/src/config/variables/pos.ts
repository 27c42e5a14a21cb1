/** The POS and the integration feed (docs/CONFIGURATION.md, "POS and the integration feed"). */
import { parseSecretKey } from '../../integration/secrets';
import { commaList, parsedBy, positive, setting, text, url } from './rules';

/** POS_IMAGE_HOSTS: host names (an `https://host` written whole is taken as its host). */
function parseImageHosts(v: string | undefined): string[] {
  return commaList(v).map((entry) => {
    if (!entry.includes('://')) return entry.toLowerCase();
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (url?.protocol !== 'https:' || url.port !== '' || url.pathname !== '/')
      throw new Error(
        `POS_IMAGE_HOSTS: "${entry}" is not a host name: pictures are fetched over https on port 443 only (a test's fake host: POS_PICTURE_TEST_ORIGINS)`,
      );
    return url.hostname;
  });
}

/** POS_PICTURE_TEST_ORIGINS: origins on the loopback only (127.0.0.0/8, [::1], localhost). */
function parseTestOrigins(v: string | undefined): string[] {
  return commaList(v).map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    const loopback = url && /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(url.hostname);
    if (!url || !loopback || !/^https?:$/.test(url.protocol))
      throw new Error(
        `POS_PICTURE_TEST_ORIGINS: "${entry}" is not a loopback origin (http://127.0.0.1:<port>)`,
      );
    return url.origin;
  });
}

/** The feed, the key that seals the POS's credentials, the POS's addresses, their pictures' hosts, the schedule. */
export const POS_SETTINGS = {
  INTEGRATION_FEED_URL: setting({
    group: 'pos',
    values: 'an `http(s)://` or `file://` URL',
    default: 'none',
    meaning: 'JSON feed of the integration provider',
    schema: url('http', 'https', 'file'),
  }),
  INTEGRATION_SECRET_KEY: setting({
    group: 'pos',
    values: '32 random bytes in base64 or hex (`openssl rand -base64 32`)',
    default: 'none',
    meaning:
      'seals POS credentials (AES-GCM, the restaurant as associated data); required to import from iiko / Poster; a key of the earlier form (any text) is refused: re-seal with `pnpm rotate-secrets` (README, "Rotating INTEGRATION_SECRET_KEY")',
    schema: parsedBy((v) => {
      parseSecretKey(v);
      return v?.trim() || undefined;
    }),
  }),
  INTEGRATION_SECRET_KEY_OLD: setting({
    group: 'pos',
    values: 'the key being replaced (32 bytes, or any text of the earlier form)',
    default: 'none',
    meaning:
      'read only by `pnpm rotate-secrets`: opens the sealed values to seal them again under INTEGRATION_SECRET_KEY',
    schema: text,
    verbatim: true,
  }),
  IIKO_API_URL: setting({
    group: 'pos',
    values: 'an absolute http(s) URL',
    default: 'iiko Cloud (`https://api-ru.iiko.services`)',
    meaning: 'address of the iiko API (tests: the fake)',
    schema: url('http', 'https'),
  }),
  POSTER_API_URL: setting({
    group: 'pos',
    values: 'an absolute http(s) URL',
    default: '`https://joinposter.com`',
    meaning: 'address of the Poster API (tests: the fake)',
    schema: url('http', 'https'),
  }),
  POS_IMAGE_HOSTS: setting({
    group: 'pos',
    values: 'host names, comma-separated (fetched over https, port 443, public addresses only)',
    default: 'none',
    meaning: "picture hosts allowed besides the POS's own (a self-hosted POS)",
    schema: parsedBy(parseImageHosts),
  }),
  POS_PICTURE_TEST_ORIGINS: setting({
    group: 'pos',
    values: 'loopback origins (`http://127.0.0.1:8081`), comma-separated; only with `NODE_ENV=test`',
    default: 'none',
    meaning:
      "tests only: a fake picture host the POS's pictures are fetched from as they are (the server refuses to start with it under any other NODE_ENV)",
    schema: parsedBy(parseTestOrigins),
  }),
  POS_SYNC_INTERVAL_MINUTES: setting({
    group: 'pos',
    values: 'minutes, above 0',
    meaning: "scheduled sync of every POS restaurant (iiko's stop-list is polled every minute)",
    schema: positive(15),
  }),
};
