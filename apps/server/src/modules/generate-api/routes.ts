import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_STREAM_CONTENT_TYPE,
  generateBodySchema,
  generateResponseSchema,
  idParamsSchema,
} from '@redacta/shared';
import { abortWhenClientLeaves } from '../../lib/client-abort.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import { signedInSchemas } from '../../lib/route-options.ts';
import { workspaceInPath } from '../../plugins/idempotency.ts';
import { aiDeps } from '../ai-tasks/charged-task.ts';
import { ndjsonReplyWriter } from '../chat/reply-writer.ts';
import { generateForProgram, type GenerateApiDeps, type GenerateWriter } from './service.ts';

/** Copy written for programs (and anyone signed in), saved nowhere: `POST /workspace/{id}/generate`. */
export const generateApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: Omit<GenerateApiDeps, 'log'> = {
    ...aiDeps(app),
    searchUrl: app.config.SEARCH_URL,
    knowledgeEmbedder: app.knowledge.embedder,
    openStreams: app.openStreams,
  };
  // An absent workspace, or one that is not the caller's, is 404.
  const schema = signedInSchemas({ tag: 'generate', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/workspace/:id/generate',
    {
      schema: schema({
        operationId: 'generateCopy',
        summary:
          'Write copy from a prompt or a template, in the brand voice, with knowledge and writing controls; JSON, or a stream with `Accept: application/x-ndjson`',
        description:
          'Any member of the workspace (an API key needs the `generate` scope). Give `prompt` or `template: {id, inputs}` ' +
          "(a built-in template or one of the workspace's: its output parts come back in each output's `parts`). " +
          'JSON answers `{outputs, words, citations, remaining, model, demo}` once all versions are written; a failure ' +
          'charges nothing. With `Accept: application/x-ndjson` the answer streams as the chat does, one JSON object per ' +
          'line: `{"type":"start","model","demo","variants"?}`, `{"type":"sources","sources"}` when knowledge is cited, ' +
          '`{"type":"text","text","variant"?}` per chunk, then exactly one of `{"type":"finish",…the JSON answer}`, ' +
          '`{"type":"error","code","message","wordsCharged","remaining"}` or `{"type":"aborted","wordsCharged","remaining"}` ' +
          '(the server stopped); a failure before the first text is an ordinary error response. Closing the connection ' +
          'stops the model. 403 NO_WORDS_LEFT when the month is used up, 429 REPLIES_IN_PROGRESS while other calls ' +
          'hold the words left, 502 AI_PROVIDER_ERROR, 504 AI_TIMEOUT. Send an `Idempotency-Key` to retry safely (docs/api.md).',
        params: idParamsSchema,
        body: generateBodySchema,
        bodyExample: {
          prompt: 'Three subject lines for our spring sale newsletter',
          brandVoiceId: exampleIds.brandVoice,
          tone: 'persuasive',
          length: 'short',
          language: 'en',
          variants: 2,
        },
        response: { 200: generateResponseSchema },
        errors: [403, 429, 502, 503, 504],
      }),
      config: {
        apiKey: 'generate',
        idempotency: workspaceInPath,
      },
    },
    async (request, reply) => {
      const streamed = request.headers.accept?.includes(CHAT_STREAM_CONTENT_TYPE) ?? false;
      const client = abortWhenClientLeaves(reply);
      try {
        const writer: GenerateWriter | undefined = streamed ? ndjsonReplyWriter(request, reply) : undefined;
        const answer = await generateForProgram(
          { ...deps, log: request.log },
          { ...request.body, workspaceId: request.params.id, userId: request.userId },
          { signal: client.signal, ...(writer ? { writer } : {}) },
        );
        return answer ?? reply;
      } finally {
        client.release();
      }
    },
  );
};
