import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 from the routes' zod schemas: JSON at /api/openapi.json, browsable at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { transform: typeof jsonSchemaTransform }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Redacta API', version: '1.0.0', description: 'AI copywriting workspace' },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: options.transform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Swagger UI sets a few inline styles; allow those on the docs page only.
      transformStaticCSP: (header) =>
        header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
);
