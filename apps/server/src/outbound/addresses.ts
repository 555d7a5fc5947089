import ipaddr from 'ipaddr.js';

/**
 * Whether an outgoing request may dial this address (03-decisions §4a): only global unicast.
 * Loopback, private (RFC 1918), carrier-grade NAT, link-local (169.254/16, which holds the cloud
 * metadata address), unique-local (fc00::/7, AWS's fd00:ec2::254 among them), multicast,
 * reserved and every IPv6 form that embeds an IPv4 address (mapped, NAT64, 6to4, Teredo) are
 * refused; a mapped address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** An IP address literal (v4 or v6, brackets allowed), not a host name. */
export function isAddressLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
