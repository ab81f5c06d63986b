import { BlockList, isIP } from 'node:net';

/**
 * Addresses no outbound request (a knowledge page, a webhook) may reach: the machine itself, private networks, link-local (cloud
 * metadata services live there), and every other range that is not the public internet. IPv4 inside
 * IPv6 (mapped, translated, 6to4) is checked as the IPv4 address it carries.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::ffff:0:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const hex = (high: number, low: number) =>
    [high >> 8, high & 0xff, low >> 8, low & 0xff].map((byte) => String(byte)).join('.');
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return hex(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return hex(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return hex(groups[1]!, groups[2]!);
  return null;
}

function expandIpv6(address: string): number[] | null {
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  if (left.concat(right).some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

/** Whether `address` (an IP literal) is this machine's loopback, IPv4 inside IPv6 included. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const inner = family === 6 ? embeddedIpv4(address) : null;
  if (inner) return isLoopbackAddress(inner);
  return loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether an outbound request may reach `address` (an IP literal): public addresses only, and loopback
 * too when `allowLoopback` (tests and local use; refused in production at start).
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return isAllowedAddress(inner, allowLoopback);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && loopback.check(address, type)) return true;
  return !notPublic.check(address, type);
}
