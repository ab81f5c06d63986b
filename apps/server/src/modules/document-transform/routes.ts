import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transformBodySchema } from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import { abortWhenClientLeaves } from '../../lib/client-abort.ts';
import { aiDeps } from '../ai-tasks/charged-task.ts';
import { ndjsonReplyWriter } from '../chat/reply-writer.ts';
import { transformSelection, type TransformDeps } from './service.ts';
import { workspaceInBody } from '../../plugins/idempotency.ts';

/** The document's AI actions on a selection. Paths are full (no prefix). */
export const documentTransformRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TransformDeps = { ...aiDeps(app), openStreams: app.openStreams };
  const schema = signedInSchemas({ tag: 'document', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/document/transform',
    {
      schema: schema({
        operationId: 'transformDocumentText',
        summary:
          "Transform text selected in a project's document (rewrite, shorten, lengthen, tone, translate, correct, custom, avoid a banned phrase); the result streams as application/x-ndjson",
        description:
          'On success: 200 `application/x-ndjson`, one JSON object per line: `{"type":"start","model","demo"}`, ' +
          'then `{"type":"text","text"}` per chunk (append in order), then exactly one of ' +
          '`{"type":"finish","wordsCharged","remaining"}` or ' +
          '`{"type":"error","code":"AI_PROVIDER_ERROR"|"AI_TIMEOUT","message","wordsCharged","remaining"}`. ' +
          '`tone` needs `tone`, `translate` needs `language`, `custom` needs `instruction`, `avoid` needs `phrase` ' +
          '(the passage comes back without it); `brandVoiceId` writes in ' +
          'that voice of the workspace. Failures before the first token are ordinary error responses: 403 NO_WORDS_LEFT, ' +
          '404 (a project, workspace or voice that is absent or not yours), 429 REPLIES_IN_PROGRESS, 502 AI_PROVIDER_ERROR, ' +
          '504 AI_TIMEOUT. Closing the connection stops the model; the words that arrived are charged. Nothing is ' +
          'saved: the client puts the result into the live document.',
        body: transformBodySchema,
        bodyExample: {
          workspaceId: exampleIds.workspace,
          projectId: exampleIds.project,
          text: 'Our spring range is here, and it is better than ever.',
          action: 'shorten',
        },
        errors: [403, 429, 502, 504],
      }),
      config: { apiKey: 'generate', idempotency: workspaceInBody },
    },
    async (request, reply) => {
      const client = abortWhenClientLeaves(reply);
      try {
        await transformSelection(
          deps,
          { ...request.body, userId: request.userId },
          { signal: client.signal, log: request.log, writer: ndjsonReplyWriter(request, reply) },
        );
      } finally {
        client.release();
      }
    },
  );
};
