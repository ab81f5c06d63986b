import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values must never reach a log: the sign-in code and address of the e-mailed
 * sign-in link, the invitation token of the invitation link, an OAuth provider's authorization code.
 * Compared by decoded, lower-cased name, as a query parser would read them.
 */
const SECRET_PARAMETERS = new Set(['token', 'code', 'email']);
const REDACTED = '[redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL as logged: the path and query as sent, with the values of secret parameters replaced. */
function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/**
 * Fastify's request serializer (its "incoming request" line and any line that logs `req`), with the
 * URL redacted; the rest as Fastify logs it.
 */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
