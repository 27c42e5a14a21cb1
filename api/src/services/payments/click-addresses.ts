/**
 * Click's source addresses as an optional allow-list (`CLICK_ALLOWED_ADDRESSES`, docs/PAYMENTS.md,
 * "Click"): off by default, since the signature is what proves a call is Click's; when set, a
 * Prepare or Complete from any other address is answered -1 before anything is read. Addresses
 * and CIDRs, IPv4 or IPv6; the request's address is the client's as TRUST_PROXY lets Fastify read it.
 */
import { BlockList, isIP } from 'node:net';

/** CLICK_ALLOWED_ADDRESSES: addresses or CIDRs, comma-separated; unset or blank: null (off). */
export function parseClickAddresses(raw: string | undefined): string[] | null {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) return null;
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk =
      bits === undefined ||
      (/^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (family === 4 ? 32 : 128));
    if (rest.length > 0 || family === 0 || !prefixOk)
      throw new Error(
        `CLICK_ALLOWED_ADDRESSES: "${entry}" is not an address or a CIDR (e.g. 185.8.212.184,185.8.212.0/24); unset it to allow every address`,
      );
  }
  return entries;
}

/** Whether an address may call Click's endpoints: always, without a list. */
export function clickAddressCheck(entries: readonly string[] | null): (ip: string) => boolean {
  if (!entries) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip) => {
    // an IPv4 client on a dual-stack socket reads as ::ffff:a.b.c.d
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
