import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where an outgoing webhook may go (docs/architecture.md#outgoing-webhooks, "No server-side request
 * forgery"): http(s) only, and the host is resolved at every attempt and each of its addresses
 * checked; the connection then goes to the checked address (no second lookup an attacker's DNS
 * could answer differently). Refused: loopback, private, link-local (cloud metadata), shared
 * (100.64/10), multicast, unspecified, reserved and documentation ranges, IPv6 unique-local and
 * mapped forms of all of these. `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK, never in production)
 * lets loopback through, and nothing else.
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24],
  ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) refused.addSubnet(net, bits, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d), as the IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return { address: m[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export type TargetCheck = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const a = unmapped(address);
  if (loopback.check(a.address, a.family)) return allowLoopback;
  return !refused.check(a.address, a.family);
}

/** Resolves `url`'s host now and answers the address to connect to, or why the target is refused. */
export async function checkTarget(url: string, allowLoopback: boolean): Promise<TargetCheck> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, reason: 'invalid address' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, reason: `scheme ${u.protocol} not allowed` };
  if (u.username || u.password) return { ok: false, reason: 'credentials in the address are not allowed' };
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, reason: `host ${host} not found` };
  }
  if (addresses.length === 0) return { ok: false, reason: `host ${host} not found` };
  // Every address the name has must be allowed: otherwise the name could point at a private one next time.
  const bad = addresses.find((a) => !addressAllowed(a.address, allowLoopback));
  if (bad) return { ok: false, reason: `address ${bad.address} is not allowed (private, loopback, link-local or reserved)` };
  return { ok: true, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
