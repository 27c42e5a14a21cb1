/**
 * Who a view comes from, for counting: the address, an IPv6 one cut to its /64 (one home, phone
 * or office network gets a whole /64 and may pick any address in it, so the full address would
 * make a new visitor of every request). The browser's name is not part of it: it is the
 * client's to choose, and a new one per request made a new "unique" visitor of each.
 * What follows (docs: README, "What a visit count can tell"): guests sharing an address (one
 * Wi-Fi, a carrier's shared address) count as one visitor.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** `request.ip` as the key of a visitor: IPv4 as is, IPv6 (not IPv4-mapped) by its first 64 bits. */
export function visitorKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address (zone dropped, `::` filled, leading zeros dropped). */
function expandIPv6(ip: string): string[] {
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groups(head);
  const after = groups(tail);
  // an embedded IPv4 tail (::1.2.3.4 forms) is two groups: only the first four matter here
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
  const filled =
    tail === undefined
      ? before
      : [...before, ...new Array(8 - width(before) - width(after)).fill('0'), ...after];
  return filled.map((g) => (g.includes('.') ? g : Number.parseInt(g || '0', 16).toString(16)));
}
