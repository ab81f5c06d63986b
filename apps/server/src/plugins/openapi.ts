import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { prettifyError, type ZodType } from 'zod';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie.ts';

type Transform = typeof jsonSchemaTransform;

/**
 * The routes' schemas in the document (`transform`, from zod), each body with its example: a route's
 * `bodyExample` becomes the body's example, after its own body schema has accepted it.
 */
function withBodyExamples(transform: Transform): Transform {
  return (input) => {
    const { bodyExample, ...schema } = (input.schema ?? {}) as typeof input.schema & {
      bodyExample?: unknown;
    };
    if (bodyExample === undefined) return transform(input);
    const checked = (schema.body as ZodType | undefined)?.safeParse(bodyExample);
    if (!checked?.success)
      throw new Error(
        `${input.route.method} ${input.url}: its bodyExample is not a body it accepts` +
          (checked ? `\n${prettifyError(checked.error)}` : ' (it has no body schema)'),
      );
    const transformed = transform({ ...input, schema });
    const body = transformed.schema.body as Record<string, unknown>;
    // A body schema's one example is the body's example in the document (@fastify/swagger moves it).
    return { ...transformed, schema: { ...transformed.schema, body: { ...body, examples: [bodyExample] } } };
  };
}

/** OpenAPI 3.1 from the routes' zod schemas: JSON at /api/openapi.json, browsable at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { transform: Transform }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Redacta API', version: '1.0.0', description: 'AI copywriting workspace' },
      // Relative: the site that serves this document (its paths start with /api), whatever its address.
      servers: [{ url: '/', description: 'The Redacta site serving this document' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An access token (from signing in or renewing the session; it lasts minutes) or a ' +
              "workspace's API key (`rdk_…`).",
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: REFRESH_COOKIE,
            description:
              'The browser session: set by signing in, sent only to /api/auth, renewed by ' +
              '`refreshSession` with the X-Requested-With header.',
          },
        },
      },
    },
    transform: withBodyExamples(options.transform),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; allow those on the docs page only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
