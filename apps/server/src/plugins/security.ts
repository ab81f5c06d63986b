import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const subresourceFile = /^\/(?!api\/)[^?#]*\.(?:js|css|woff2?)(?:[?#]|$)/;

/** A static script, stylesheet or font (never an API route, never a document). */
function isSubresourceFile(url: string) {
  return subresourceFile.test(url);
}

/**
 * Security headers. The CSP allows only what the app loads: its own script files — no inline script,
 * no `eval`, no event-handler attributes, so markup that slipped into the page could not run (the
 * built index.html loads even its theme set-up from a file) — its own styles (inline style attributes
 * are used by Radix and the toasts), images from itself and the Google/Facebook avatar hosts, and API
 * calls to its own origin.
 *
 * Helmet's middleware is built once here and applied to every response (ADR 0008): @fastify/helmet
 * builds it again for each request, re-reading the CSP directives every time.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'https://*.googleusercontent.com',
          'https://*.fbcdn.net',
          'https://platform-lookaside.fbsbx.com',
        ],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: app.config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.config.isProduction,
  });
  // Scripts, styles and fonts are never shown as documents, so the headers that govern a document
  // (CSP, framing, opener, referrer, DNS prefetch, download, XSS) would only weigh on each of the many
  // files a page loads; they keep the ones that still apply to them: nosniff, the cross-origin
  // resource policy and HSTS. (A stylesheet's referrer policy would only govern its fetches, which
  // the CSP keeps on our own origin.)
  const setSubresourceHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: app.config.isProduction,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const set = isSubresourceFile(request.url) ? setSubresourceHeaders : setSecurityHeaders;
    set(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
