import { isIPv4 } from 'node:net';

/**
 * Whether an address is this machine's loopback: 127.0.0.0/8, ::1, or an IPv4 loopback address as IPv6
 * writes it (::ffff:127.x.x.x, how a dual-stack socket reports an IPv4 peer). `localhost` counts too, for
 * the address a server is told to bind.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1' || address === 'localhost') return true;
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(ipv4) && ipv4.startsWith('127.');
}
