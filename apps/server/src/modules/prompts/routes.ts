import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const promptRoutes: FastifyPluginAsyncZod = async () => {};
