/**
 * A Mini App's `initData` (docs/TELEGRAM.md, "The menu inside Telegram"): the only way this
 * server knows a Telegram guest. Telegram hands the Mini App a query string signed with the
 * bot's token (core.telegram.org/bots/webapps, "Validating data received via the Mini App"):
 *
 * - the secret key is HMAC-SHA-256 of the bot's token with the constant "WebAppData" as its key;
 * - the data-check-string is every field but `hash`, as `key=value` (the value decoded), sorted
 *   by key, joined by a line feed;
 * - `hash` is the hex HMAC-SHA-256 of the data-check-string under the secret key;
 * - `auth_date` (Unix seconds) says when it was made: an old one is refused, so an `initData`
 *   copied from a log or a shared screen stops working.
 *
 * Anything else (no hash, a hash of another bot's token, a field changed, a date too old or in
 * the future, a `user` that is not JSON) is refused with its reason, and nothing about the
 * guest is known.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long an `initData` is taken after Telegram made it (a guest at a table: an evening). */
export const INIT_DATA_MAX_AGE_S = 24 * 3600;
/** A clock a little ahead of ours is not a forgery. */
const FUTURE_SLACK_S = 60;

/** WebAppUser (core.telegram.org/bots/webapps#webappuser): the fields this server reads. */
const webAppUser = z.looseObject({
  id: z.number().int(),
  first_name: z.string(),
  language_code: z.string().optional(),
  allows_write_to_pm: z.boolean().optional(),
});

export interface TelegramGuest {
  /** The person's Telegram id: their private chat with the bot has the same id. */
  userId: number;
  firstName: string;
  languageCode: string | undefined;
  /** They allowed the bot to write to them (`allows_write_to_pm`). */
  allowsWrite: boolean;
  /** What the direct link's `startapp` carried (a table's code), if anything. */
  startParam: string | undefined;
  authDate: number;
}

export type InitDataRefusal = 'missing' | 'no_hash' | 'bad_hash' | 'stale' | 'no_user';

/** The data-check-string of `params` (every field but `hash`, sorted by key). */
export function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

/** The hex signature Telegram puts in `hash` for `params`, made with the bot's `token`. */
export function initDataHash(params: URLSearchParams, token: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return createHmac('sha256', secret).update(dataCheckString(params)).digest('hex');
}

/**
 * The guest `raw` names, when the bot of `token` signed it within `maxAgeS` of `nowS`; otherwise
 * the reason it is refused.
 */
export function verifyInitData(
  raw: string,
  token: string,
  nowS: number,
  maxAgeS = INIT_DATA_MAX_AGE_S,
): { guest: TelegramGuest } | { refused: InitDataRefusal } {
  if (!raw) return { refused: 'missing' };
  const params = new URLSearchParams(raw);
  const hash = params.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash)) return { refused: 'no_hash' };
  const expected = Buffer.from(initDataHash(params, token), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { refused: 'bad_hash' };
  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || nowS - authDate > maxAgeS || authDate - nowS > FUTURE_SLACK_S)
    return { refused: 'stale' };
  let user: z.infer<typeof webAppUser>;
  try {
    const parsed = webAppUser.safeParse(JSON.parse(params.get('user') ?? 'null'));
    if (!parsed.success) return { refused: 'no_user' };
    user = parsed.data;
  } catch {
    return { refused: 'no_user' };
  }
  return {
    guest: {
      userId: user.id,
      firstName: user.first_name,
      languageCode: user.language_code,
      allowsWrite: user.allows_write_to_pm === true,
      startParam: params.get('start_param') ?? undefined,
      authDate,
    },
  };
}
