import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KNOWLEDGE_FILE_MAX_BYTES,
  addKnowledgeUrlBodySchema,
  idParamsSchema,
  knowledgeCreatedSchema,
  knowledgeListResponseSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResponseSchema,
} from '@redacta/shared';
import { limits } from '../../lib/rate-limits.ts';
import { signedInSchemas } from '../../lib/route-options.ts';
import { uploadParserLimits } from '../../lib/multipart-upload.ts';
import { knowledgeUploadRules, readUpload } from './upload.ts';
import {
  addKnowledgeFile,
  addKnowledgeUrl,
  deleteKnowledge,
  listKnowledge,
  searchKnowledge,
} from './service.ts';

const HOUR = 60 * 60 * 1000;

/** The workspace's knowledge, under its full paths (/workspace/:id/knowledge…, /knowledge/:id). */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, storageQuotas: app.storageQuotas, processor: app.knowledge };
  const schema = signedInSchemas({ tag: 'knowledge', errors: [404] });
  app.addHook('onRequest', app.authenticate);
  const uploadRules = knowledgeUploadRules(app.knowledgeFileMaxBytes);
  await app.register(multipart, { limits: uploadParserLimits(uploadRules) });
  const addLimit = limits(app, [
    {
      name: 'knowledge-add',
      max: app.config.RATE_LIMIT_KNOWLEDGE_ADDS_PER_HOUR,
      timeWindowMs: HOUR,
      key: (request) => request.userId,
    },
  ]);

  app.post(
    '/workspace/:id/knowledge',
    {
      schema: schema({
        operationId: 'addKnowledgeFile',
        summary: 'Add a file to the knowledge (multipart, field `file`): PDF, DOCX, TXT, Markdown or HTML',
        description:
          `At most ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB (413 KNOWLEDGE_FILE_TOO_LARGE), counted in the storage ` +
          'quota (413 STORAGE_FULL); another type is 415 KNOWLEDGE_FILE_UNSUPPORTED. Processed in the background: ' +
          'the list shows it processing, then ready or failed with why.',
        params: idParamsSchema,
        response: { 201: knowledgeCreatedSchema },
        errors: [413, 415, 429],
      }),
      preHandler: addLimit,
    },
    async (request, reply) => {
      const upload = await readUpload(request, uploadRules);
      const created = await addKnowledgeFile(deps, {
        workspaceId: request.params.id,
        userId: request.userId,
        ...upload,
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/workspace/:id/knowledge/url',
    {
      schema: schema({
        operationId: 'addKnowledgeUrl',
        summary: 'Add a web page to the knowledge by its address (http or https), fetched in the background',
        description:
          'Private, loopback and link-local addresses are refused, also after a redirect; the source then ' +
          'fails with ADDRESS_NOT_ALLOWED. Size and time are limited (TOO_LARGE, TIMEOUT).',
        params: idParamsSchema,
        body: addKnowledgeUrlBodySchema,
        bodyExample: { url: 'https://example.com/about' },
        response: { 201: knowledgeCreatedSchema },
        errors: [413, 429],
      }),
      preHandler: addLimit,
    },
    async (request, reply) => {
      const created = await addKnowledgeUrl(deps, {
        workspaceId: request.params.id,
        userId: request.userId,
        url: request.body.url,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/workspace/:id/knowledge',
    {
      schema: schema({
        operationId: 'listKnowledgeSources',
        summary:
          "The workspace's knowledge sources, newest first, with status, passages, size and who added each",
        params: idParamsSchema,
        response: { 200: knowledgeListResponseSchema },
      }),
    },
    (request) => listKnowledge(deps, request.params.id, request.userId),
  );

  app.get(
    '/workspace/:id/knowledge/search',
    {
      schema: schema({
        operationId: 'searchKnowledge',
        summary: "The knowledge's best passages for a question, best first",
        params: idParamsSchema,
        querystring: knowledgeSearchQuerySchema,
        response: { 200: knowledgeSearchResponseSchema },
      }),
    },
    (request) =>
      searchKnowledge(
        deps,
        { workspaceId: request.params.id, userId: request.userId, ...request.query },
        { log: request.log },
      ),
  );

  app.delete(
    '/knowledge/:id',
    {
      schema: schema({
        operationId: 'deleteKnowledgeSource',
        summary: 'Delete a knowledge source with its passages (whoever added it, an admin or the owner)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted') },
        errors: [403],
      }),
    },
    async (request, reply) => {
      await deleteKnowledge(deps, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );
};
