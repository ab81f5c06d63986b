import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRAND_VOICES_PER_WORKSPACE,
  analyzeContentBodySchema,
  analyzeContentResponseSchema,
  brandVoiceListResponseSchema,
  brandVoiceSchema,
  createBrandVoiceBodySchema,
  idParamsSchema,
  updateBrandVoiceBodySchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import { whileClientWaits } from '../../lib/client-abort.ts';
import { aiDeps } from '../ai-tasks/charged-task.ts';
import { analyzeContent } from './analysis.ts';
import {
  createBrandVoice,
  deleteBrandVoice,
  getBrandVoice,
  listBrandVoices,
  updateBrandVoice,
} from './service.ts';
import { workspaceInBody } from '../../plugins/idempotency.ts';

/** Registered under /api/brand-voice. */
export const brandVoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = aiDeps(app);
  const schema = signedInSchemas({ tag: 'brand-voice', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/workspace/:id',
    {
      schema: schema({
        operationId: 'listBrandVoices',
        summary:
          "The workspace's brand voices, oldest first (at most one is the default), each with an excerpt of its text",
        params: idParamsSchema,
        response: { 200: brandVoiceListResponseSchema },
      }),
    },
    (request) => listBrandVoices(app.db, request.params.id, request.userId),
  );

  app.post(
    '/workspace/:id',
    {
      schema: schema({
        operationId: 'createBrandVoice',
        summary: 'Add a brand voice; saving it as the default clears the flag on the others',
        description: `At most ${BRAND_VOICES_PER_WORKSPACE} brand voices per workspace (409 BRAND_VOICES_FULL beyond).`,
        params: idParamsSchema,
        body: createBrandVoiceBodySchema,
        bodyExample: {
          name: 'Warm and direct',
          voice: 'Short sentences, second person, no jargon.',
          isDefault: true,
        },
        response: { 201: brandVoiceSchema },
        errors: [409],
      }),
    },
    async (request, reply) => {
      const voice = await createBrandVoice(
        app.db,
        app.storageQuotas,
        request.params.id,
        request.userId,
        request.body,
      );
      return reply.status(201).send(voice);
    },
  );

  // Declared before '/:id' for readability; find-my-way prefers the static path anyway.
  app.patch(
    '/analyze-content',
    {
      schema: schema({
        operationId: 'analyzeBrandVoice',
        summary: 'Describe the brand voice of a sample text (its words are charged; 100 s client timeout)',
        description:
          'Refuses a sample without words (400 VALIDATION_FAILED) or over 5,000 words (400 BRAND_VOICE_SAMPLE_TOO_LONG); ' +
          '`warning` is TOO_SHORT under 50 words and TOO_LONG over 500. 403 NO_WORDS_LEFT when the allowance is used up; ' +
          '502/504 BRAND_VOICE_ANALYSIS_FAILED when the model fails or times out (nothing is charged).',
        body: analyzeContentBodySchema,
        bodyExample: {
          workspaceId: exampleIds.workspace,
          text: 'Hi! We make shoes that last. No fuss, no gimmicks: just good leather, stitched by hand.',
        },
        response: { 200: analyzeContentResponseSchema },
        errors: [403, 502, 504],
      }),
      config: { apiKey: 'generate', idempotency: workspaceInBody },
    },
    (request, reply) =>
      whileClientWaits(reply, (signal) =>
        analyzeContent(deps, { ...request.body, userId: request.userId }, { signal, log: request.log }),
      ),
  );

  app.get(
    '/:id',
    {
      schema: schema({
        operationId: 'getBrandVoice',
        summary: 'One brand voice whole, text included, for its editor (the list carries only excerpts)',
        params: idParamsSchema,
        response: { 200: brandVoiceSchema },
      }),
    },
    (request) => getBrandVoice(app.db, request.params.id, request.userId),
  );

  app.patch(
    '/:id',
    {
      schema: schema({
        operationId: 'updateBrandVoice',
        summary: 'Rename, rewrite or (un)set as default a brand voice; a new default clears the others',
        params: idParamsSchema,
        body: updateBrandVoiceBodySchema,
        bodyExample: { name: 'Warm and direct', isDefault: true },
        response: { 200: brandVoiceSchema },
        errors: [409],
      }),
    },
    (request) => updateBrandVoice(app.db, app.storageQuotas, request.params.id, request.userId, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: schema({
        operationId: 'deleteBrandVoice',
        summary: 'Delete a brand voice (replies written with it keep their text)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      }),
    },
    async (request, reply) => {
      await deleteBrandVoice(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );
};
