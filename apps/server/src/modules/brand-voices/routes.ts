import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const brandVoiceRoutes: FastifyPluginAsyncZod = async () => {};
