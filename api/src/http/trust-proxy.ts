import { isIP } from 'node:net';

/**
 * Which proxies may tell the client address through X-Forwarded-For: none (`false`) or the
 * proxies at these addresses/CIDRs (also `loopback`, `linklocal`, `uniquelocal`). Never "every
 * sender": anyone could then pick the address the failed-login limit counts. Nor a bare hop
 * count: it cannot tell the proxy from a client that reaches the server directly and writes its
 * own X-Forwarded-For (Fastify 5.12 ignores a number for that reason: it would trust nobody).
 */
export type TrustProxy = false | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const EVERYTHING = new Set(['true', 'yes', 'on', '*', 'all', 'any', '0.0.0.0/0', '::/0']);

export class TrustProxyError extends Error {
  constructor(value: string, why: string) {
    super(
      `TRUST_PROXY="${value}": ${why}. List the addresses or CIDRs of the proxies in front of the server, comma-separated (e.g. 10.0.0.5,192.168.1.0/24, or loopback for one on the same host); unset or "false" trusts none.`,
    );
    this.name = 'TrustProxyError';
  }
}

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  const n = Number(bits);
  // a zero-length prefix is every address: refused like `true`
  return n >= 1 && n <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY of the environment -> Fastify's `trustProxy`; throws TrustProxyError when unusable. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0' || value === 'off' || value === 'no') return false;
  const lower = value.toLowerCase();
  if (EVERYTHING.has(lower)) {
    throw new TrustProxyError(value, 'trusting every sender would let anyone choose their client address');
  }
  if (/^\d+$/.test(value)) {
    throw new TrustProxyError(
      value,
      'a hop count cannot tell the proxy from a client that connects directly and forges X-Forwarded-For',
    );
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => EVERYTHING.has(e.toLowerCase()) || !isAddressOrCidr(e));
  if (bad.length > 0 || entries.length === 0) {
    throw new TrustProxyError(value, `not an address or CIDR: ${bad.join(', ') || value}`);
  }
  return entries;
}

/** The same rule for values given to buildApp directly (tests, embedding). */
export function checkTrustProxy(value: unknown): TrustProxy {
  if (value === undefined || value === false) return false;
  if (Array.isArray(value) && value.length > 0 && value.every((e) => typeof e === 'string')) {
    return parseTrustProxy(value.join(','));
  }
  throw new TrustProxyError(String(value), 'must be false or a list of proxy addresses/CIDRs');
}
