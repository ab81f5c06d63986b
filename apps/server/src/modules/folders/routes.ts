import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const folderRoutes: FastifyPluginAsyncZod = async () => {};
