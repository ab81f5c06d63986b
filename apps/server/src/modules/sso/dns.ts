import { Resolver } from 'node:dns/promises';
import { SSO_TXT_LABEL, SSO_TXT_PREFIX } from '@redacta/shared';

/** How long one TXT lookup may take before the domain counts as not (yet) verified. */
const LOOKUP_TIMEOUT_MS = 5_000;

/** The TXT record a workspace publishes to prove a domain: the same text at either name. */
export const txtRecordFor = (token: string) => `${SSO_TXT_PREFIX}${token}`;

/**
 * Whether the domain publishes `redacta-verification=<token>` at the domain itself or at
 * `_redacta.<domain>`, asked of the configured servers (DNS_RESOLVER) or the system's. A record split
 * into several strings counts joined, as RFC 7208 reads them; a name that does not answer counts as
 * having no record.
 */
export async function publishesToken(
  servers: string[] | undefined,
  domain: string,
  token: string,
): Promise<boolean> {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (servers) resolver.setServers(servers);
  const expected = txtRecordFor(token);
  const records = async (name: string) => {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch {
      return [];
    }
  };
  const found = await Promise.all([records(domain), records(`${SSO_TXT_LABEL}.${domain}`)]);
  return found.flat().some((record) => record.trim() === expected);
}
