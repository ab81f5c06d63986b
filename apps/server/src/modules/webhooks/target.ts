import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isAllowedAddress, isLoopbackAddress } from '../../lib/outbound/address.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Checks an endpoint's address when it is saved, so a person learns at once what every attempt would
 * refuse anyway: https only (http only to this machine's loopback, where the server allows that for
 * tests and local use: OUTBOUND_ALLOW_LOOPBACK); no user name or password in it; a host that is
 * public — an address literal, or a name whose every current address is. A name that does not resolve
 * now is accepted: each attempt resolves it again and is refused if it then points somewhere private.
 */
export async function checkTarget(url: string, allowLoopback: boolean): Promise<void> {
  const target = new URL(url);
  if (target.username || target.password) refuse('An endpoint address may not carry a user name or password');
  const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  const addresses = isIP(host) ? [host] : await resolved(host);
  if (addresses.some((address) => !isAllowedAddress(address, allowLoopback))) {
    refuse(
      'The address must be on the public internet: not this machine, a private network or a link-local one',
    );
  }
  const loopback = addresses.length > 0 && addresses.every(isLoopbackAddress);
  if (target.protocol !== 'https:' && !(allowLoopback && loopback))
    refuse('The address must start with https://');
}

async function resolved(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, 400, [{ path: 'url', message }]);
}
