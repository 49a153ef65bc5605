import dns from 'node:dns';
import net from 'node:net';

/**
 * The SSRF guard of webhook deliveries (issue 30 §3; docs/integrations.md "Webhooks"): an endpoint's host is
 * resolved and every address it resolves to is checked before connecting, and the connection goes to the checked
 * address (the lookup below is the socket's own), so a DNS answer that changes between check and connect (DNS
 * rebinding) cannot send a delivery to a refused address. Refused: link-local (which holds the cloud metadata
 * services), the metadata addresses themselves, unspecified, broadcast and multicast addresses. Private and loopback
 * addresses stay allowed: receivers on the company network, and on the same machine for testing.
 */

const REFUSED_NAMES = new Set(['metadata.google.internal', 'metadata.google.internal.']);

const refused = new net.BlockList();
refused.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local; 169.254.169.254 is AWS / GCP / Azure metadata
refused.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
refused.addSubnet('0.0.0.0', 8, 'ipv4'); // "this network", unspecified
refused.addSubnet('224.0.0.0', 4, 'ipv4'); // multicast
refused.addAddress('255.255.255.255', 'ipv4'); // broadcast
refused.addSubnet('fe80::', 10, 'ipv6'); // link-local
refused.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
refused.addAddress('::', 'ipv6'); // unspecified
refused.addSubnet('ff00::', 8, 'ipv6'); // multicast

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is checked as the IPv4 address it is. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : address;
}

/** Whether a literal IP address may not be connected to. */
export function isRefusedAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const family = net.isIP(plain);
  if (family === 0) return false;
  return refused.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(host: string, address?: string) {
    super(address && address !== host ? `Refused to connect to ${host} (${address}): link-local, metadata, multicast or unspecified address` : `Refused to connect to ${host}: link-local, metadata, multicast or unspecified address`);
    this.name = 'RefusedAddressError';
  }
}

/** Whether a host name or literal is refused before any lookup (metadata names, refused literals). */
export function isRefusedHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return REFUSED_NAMES.has(host) || isRefusedAddress(host);
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request / net.connect: resolves like dns.lookup, refuses when any resolved address is
 * refused (a name answering both a public and a metadata address is not trusted), and hands the socket exactly the
 * addresses it checked. Node calls it with `all: true` when it tries several addresses (autoSelectFamily).
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  if (isRefusedHost(hostname)) {
    callback(Object.assign(new RefusedAddressError(hostname), { code: 'EREFUSED_ADDRESS' }), '', 0);
    return;
  }
  dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => isRefusedAddress(a.address));
    if (bad) return callback(Object.assign(new RefusedAddressError(hostname, bad.address), { code: 'EREFUSED_ADDRESS' }), '', 0);
    if (addresses.length === 0) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
