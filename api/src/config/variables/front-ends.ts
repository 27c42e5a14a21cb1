/**
 * The front ends and their releases (docs/CONFIGURATION.md, "The front end and the guests' pages",
 * "Releasing a module").
 */
import { z } from 'zod';
import { commaList, parsedBy, setting, text, whole } from './rules';

/** PUBLIC_MENU_URL: an absolute http(s) URL (a wrong one fails the start, not a QR code later). */
export function parsePublicMenuUrl(v: string | undefined): string | null {
  const s = v?.trim();
  if (!s) return null;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new Error(`PUBLIC_MENU_URL must be an absolute http(s) URL, got "${s}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`PUBLIC_MENU_URL must be an http(s) URL without query or fragment, got "${s}"`);
  }
  return s.replace(/\/+$/, '');
}

const remote = (pkg: string) =>
  setting({
    group: 'front',
    values: 'a URL or a path',
    default: `\`/remotes/${pkg}/mf-manifest.json\``,
    meaning: `where the shell loads ${pkg} from (another deployment, no rebuild)`,
    schema: text,
  });

/** Where the shell loads each module from, the releases' rules, the API's and the menu pages' bases. */
export const FRONT_END_SETTINGS = {
  REMOTE_MFE_AUTH_URL: remote('mfe-auth'),
  REMOTE_MFE_RESTAURANTS_URL: remote('mfe-restaurants'),
  REMOTE_MFE_CATALOG_URL: remote('mfe-catalog'),
  REMOTE_MFE_STOPLIST_URL: remote('mfe-stoplist'),
  RELEASE_ORIGINS: setting({
    group: 'releases',
    values: 'exact origins (`https://cdn.example.uz`), comma-separated',
    default: "none (with the origins of `REMOTE_*_URL`; this server's `/remotes/...` is allowed anyway)",
    meaning:
      "the first origins a module's release may be registered from: a start that finds none in the database takes them (and those of `REMOTE_*_URL`); afterwards admins manage the list on the Modullar page, every server at once ([OPERATIONS.md](OPERATIONS.md#shipping-one-module)); the shell's Content-Security-Policy allows the list",
    schema: parsedBy(commaList),
  }),
  RELEASE_CANARY_MIN_LOADS: setting({
    group: 'releases',
    values: 'a whole number, at least 1',
    meaning: 'users who loaded a canary (each counted once) before its failure rate can switch it off',
    schema: whole(1, 20),
  }),
  RELEASE_CANARY_MAX_FAILURE_RATE: setting({
    group: 'releases',
    values: 'a number above 0, at most 1 (`0.1`: 10 %)',
    meaning:
      'a canary whose failing users reach this share of the users who loaded it is switched off by itself',
    schema: z.coerce.number().gt(0).max(1).default(0.1),
  }),
  REMOTE_MFE_ORDERS_URL: remote('mfe-orders'),
  REMOTE_MFE_REPORTS_URL: remote('mfe-reports'),
  PUBLIC_API_BASE: setting({
    group: 'front',
    values: 'a URL or a path',
    default: '`/api`',
    meaning: 'API base the front end calls',
    schema: text,
  }),
  PUBLIC_MENU_URL: setting({
    group: 'front',
    values: 'an absolute http(s) URL, no query',
    default: "this server's origin",
    meaning: "base of the guests' menu pages in QR codes (`<base>/m/<slug>`)",
    schema: parsedBy((v) => parsePublicMenuUrl(v) ?? undefined),
  }),
};
