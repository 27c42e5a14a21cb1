/**
 * What the fake Poster receives, checked as Poster checks it: every call's query string and POST
 * body against Poster's documented parameters (fixtures/poster/requests.schema.json, its method
 * pages named there and in SOURCES.md), refused with the code errors.md gives the fault, in
 * Poster's error shape with HTTP 200 as Poster answers its errors.
 *
 * Which code: a missing token 10, a wrong one 11; a missing parameter 34 (50 in the Order
 * section's methods, `incomingOrders.*`, whose own table has it); a count below 0 46; a list
 * that is not one 36; an id that is not a whole number 701; anything else the table's 400
 * "Invalid request format, required data missing".
 *
 * Beside the schema, what it cannot say:
 * - `modification` is a JSON string (createIncomingOrder's page): parsed, then checked against
 *   `#/$defs/dishModifications`; not JSON, or not that array: 400.
 * - A phone must be a valid number: Poster's FAQ (joinposter/docs `en/start/faq.md` @
 *   867638f2c4d045e1b174eb2c3530a9cf89d99a86) tells integrations to check an online order's phone
 *   with libphonenumber "so as not to send you invalid data and not receive an error". Its code is
 *   not documented: the fake answers 400. The rule: at most 15 digits (E.164); an Uzbek number
 *   (+998) has 9 digits after the country code starting 20, 33, 5x-7x, 9x or 88, as
 *   libphonenumber's metadata for UZ describes its numbers (giggsey/libphonenumber-for-php
 *   `src/data/PhoneNumberMetadata_UZ.php` @ 0e9a03cdae6f9a6da1934b1256b877fbe1525f5c).
 * - errors.md 52 "The date range must be no more than 3 days": a `date_from`..`date_to` longer
 *   than 3 days (the page does not say which methods: the fake applies it to the online orders'
 *   list, the one date filter we send).
 */
import { recorded } from '../fixtures/recorded';
import { requestChecks } from './request-check';

const SCHEMA = recorded<{ methods: Record<string, { query: unknown; body?: unknown }> }>(
  'poster/requests.schema.json',
);
const checks = requestChecks(SCHEMA);

/** Poster's error answer (HTTP 200): the documented example's object with the code and words of errors.md. */
export function posterError(code: number, message: string) {
  const { _source, ...documented } = recorded<{ _source?: string; error: Record<string, unknown> }>(
    'poster/error.documented.json',
  );
  return { json: { ...documented, error: { ...documented.error, code, message } } };
}

/** A request the fake refused, for tests to read. */
export interface PosterRefusal {
  method: string;
  code: number;
  faults: string[];
}

/** errors.md's words for each code the checks answer. */
const WORDS: Record<number, string> = {
  10: 'access_token is not specified',
  34: 'Absence of required properties',
  36: 'The variable must be an array',
  46: 'Product count have to equal or greater then 0',
  50: 'Absence of required properties',
  52: 'The date range must be no more than 3 days',
  400: 'Invalid request format, required data missing',
  701: 'The field must be an integer',
};

/** The methods of the Order section (errors.md: they answer 50 for a missing property). */
const orderSection = (method: string) => method.startsWith('incomingOrders.');

function codeOf(method: string, faults: string[]): number {
  if (faults.some((f) => f.includes('must have required property'))) return orderSection(method) ? 50 : 34;
  if (faults.some((f) => /^\/products\/\d+\/count must be >= 0/.test(f))) return 46;
  if (faults.some((f) => f.endsWith('must be array'))) return 36;
  if (faults.some((f) => f.endsWith('must be integer'))) return 701;
  return 400;
}

const UZ_NATIONAL = /^(?:20|33|[5-79]\d|88)\d{7}$/;

/** Why Poster would not take this phone (libphonenumber's reading, see above); null: valid. */
export function phoneFault(phone: string): string | null {
  const digits = phone.replace(/[\s()-]/g, '');
  if (!/^\+?\d{7,15}$/.test(digits)) return `/phone "${phone}" is not a phone number`;
  const bare = digits.replace(/^\+/, '');
  if (bare.startsWith('998') && !(bare.length === 12 && UZ_NATIONAL.test(bare.slice(3))))
    return `/phone "${phone}" is not a valid Uzbek number`;
  return null;
}

const posterDate = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

/** Faults the schema cannot see (see above). */
function beyondSchema(method: string, query: Record<string, string>, body: unknown): string[] {
  const faults: string[] = [];
  if (method === 'incomingOrders.createIncomingOrder' && body && typeof body === 'object') {
    const order = body as { phone?: unknown; products?: unknown };
    if (typeof order.phone === 'string') {
      const fault = phoneFault(order.phone);
      if (fault) faults.push(fault);
    }
    const products = Array.isArray(order.products) ? (order.products as Record<string, unknown>[]) : [];
    products.forEach((line, k) => {
      if (typeof line?.modification !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line.modification);
      } catch {
        faults.push(`/products/${k}/modification is not JSON`);
        return;
      }
      for (const fault of checks('#/$defs/dishModifications')(parsed))
        faults.push(`/products/${k}/modification${fault.startsWith('/') ? fault : ` ${fault}`}`);
    });
  }
  if (method === 'incomingOrders.getIncomingOrders' && query.date_from && query.date_to) {
    const span = posterDate(query.date_to) - posterDate(query.date_from);
    if (span > 3 * 24 * 3600_000) faults.push('/date_to more than 3 days after date_from');
  }
  return faults;
}

export type PosterAnswer = { status?: number; json: unknown };

/**
 * Poster's refusal of this call, or null when Poster would take it. `token`: the account's; an
 * unknown method is left to the fake's own switch.
 */
export function checkPosterRequest(
  method: string,
  query: URLSearchParams,
  body: unknown,
  token: string,
): { answer: PosterAnswer; refusal: PosterRefusal } | null {
  const params = Object.fromEntries(query);
  const refuse = (code: number, faults: string[], answer = posterError(code, WORDS[code] ?? '')) => ({
    answer,
    refusal: { method, code, faults },
  });
  if (!params.token) return refuse(10, ['/token missing']);
  const tokenFaults = checks('#/$defs/token')(params.token);
  if (tokenFaults.length > 0 || params.token !== token)
    return refuse(11, tokenFaults.length ? tokenFaults : ['/token not the account'], {
      json: recorded('poster/error.documented.json'),
    });
  const pointer = `#/methods/${method}`;
  const documented = SCHEMA.methods[method];
  if (!documented) return null;
  const faults = [
    ...checks(`${pointer}/query`)(params),
    ...(documented.body ? checks(`${pointer}/body`)(body ?? {}) : []),
  ];
  if (faults.length > 0) return refuse(codeOf(method, faults), faults);
  const beyond = beyondSchema(method, params, body);
  if (beyond.length === 0) return null;
  return refuse(beyond.some((f) => f.includes('more than 3 days')) ? 52 : 400, beyond);
}
