import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  createProjectBodySchema,
  createProjectResponseSchema,
  documentResponseSchema,
  idParamsSchema,
  moveProjectParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectSchema,
  renameProjectBodySchema,
  shareProjectBodySchema,
  shareProjectResponseSchema,
  updateDocumentBodySchema,
  updateDocumentResponseSchema,
} from '@redacta/shared';
import { z } from 'zod';
import { signedInSchemas } from '../../lib/route-options.ts';
import { documentTooLarge } from '../collab/collab.ts';
import { listWorkspaceProjects } from './list.ts';
import {
  BIG_DOCUMENT_SAVE_BYTES,
  BIG_DOCUMENT_SAVES_AT_ONCE,
  BIG_DOCUMENT_SAVES_WAITING,
  DOCUMENT_SAVES_AT_ONCE,
  DOCUMENT_SAVES_PER_MINUTE,
  documentSaveLimits,
} from './save-limits.ts';
import {
  createProject,
  deleteProject,
  getDocument,
  getProject,
  moveProject,
  renameProject,
  setProjectShared,
  updateDocument,
} from './service.ts';

/**
 * What a save's body may hold besides the document: `{"content":…}` and the whitespace a client may
 * add. The document's own size is checked exactly once parsed.
 */
const DOCUMENT_BODY_SLACK_BYTES = 64 * 1024;

/** Registered under /api with full paths: /workspace/{id}/project…, /project/{id}… */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  // A project, or the workspace it is created in, that is absent or not the user's is 404.
  const schema = signedInSchemas({ tag: 'project', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/workspace/:id/project',
    {
      schema: schema({
        operationId: 'createProject',
        summary:
          'Create a project (and its empty document); without a name it is "<date> Sin título" or "<date> Untitled" (in its creator’s language) until its first chat message names it; the same `id` sent again answers the same project',
        params: idParamsSchema,
        body: createProjectBodySchema,
        bodyExample: { name: 'Spring launch' },
        response: { 201: createProjectResponseSchema },
      }),
    },
    async (request, reply) => {
      const created = await createProject(app.db, request.params.id, request.userId, request.body ?? {});
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/workspace/:id/projects',
    {
      schema: schema({
        operationId: 'listWorkspaceProjects',
        summary: 'Projects the user can see in the workspace (own and shared), sorted, one page',
        params: idParamsSchema,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema },
      }),
    },
    (request) =>
      listWorkspaceProjects(
        app.db,
        { workspaceId: request.params.id, userId: request.userId },
        request.query,
      ),
  );

  app.get(
    '/workspace/:id/projects/no-folder',
    {
      schema: schema({
        operationId: 'listUnfiledProjects',
        summary: 'Visible projects at the top level (in no folder), sorted, one page',
        params: idParamsSchema,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema },
      }),
    },
    (request) => {
      const scope = { workspaceId: request.params.id, userId: request.userId, folderId: null };
      return listWorkspaceProjects(app.db, scope, request.query);
    },
  );

  app.get(
    '/project/:id',
    {
      schema: schema({
        operationId: 'getProject',
        summary: 'A project the user can see',
        params: idParamsSchema,
        response: { 200: projectSchema },
      }),
    },
    (request) => getProject(app.db, request.params.id, request.userId),
  );

  app.patch(
    '/project/rename/:id',
    {
      schema: schema({
        operationId: 'renameProject',
        summary: 'Rename a project (its creator, an admin or the workspace owner)',
        params: idParamsSchema,
        body: renameProjectBodySchema,
        bodyExample: { name: 'Spring launch: newsletter' },
        response: { 200: projectSchema },
        errors: [403],
      }),
    },
    (request) => renameProject(app.db, request.params.id, request.userId, request.body.name),
  );

  app.get(
    '/project/:id/document',
    {
      schema: schema({
        operationId: 'getDocument',
        summary:
          'The document beside the chat (ProseMirror JSON), as it is live, with the time of its last change',
        params: idParamsSchema,
        response: { 200: documentResponseSchema },
      }),
    },
    (request) => getDocument(app.db, app.collab, request.params.id, request.userId),
  );

  app.patch(
    '/project/:id/document',
    {
      schema: schema({
        operationId: 'replaceDocument',
        summary:
          'Replace the document (ProseMirror JSON, at most 1 MB) in one change that connected editors see; anyone who ' +
          'can see the project. `updatedAt` is the time of the document the content was based on; answers the new time. ' +
          '409 DOCUMENT_CHANGED (changed since), 413 DOCUMENT_TOO_LARGE, 413 STORAGE_FULL (the workspace has used its ' +
          'storage; a smaller document still saves), ' +
          `429 beyond ${DOCUMENT_SAVES_PER_MINUTE} saves a minute or ${DOCUMENT_SAVES_AT_ONCE} at once per user. ` +
          `A body of ${BIG_DOCUMENT_SAVE_BYTES / 1024} KB or more waits its turn among the server's big saves ` +
          `(${BIG_DOCUMENT_SAVES_AT_ONCE} at a time, whoever sends them; 429 when ${BIG_DOCUMENT_SAVES_WAITING} already wait)`,
        params: idParamsSchema,
        body: updateDocumentBodySchema,
        bodyExample: {
          content: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Spring is here.' }] }],
          },
          updatedAt: '2026-03-20T09:30:00.000Z',
        },
        response: { 200: updateDocumentResponseSchema },
        errors: [409, 413, 429],
      }),
      onRequest: documentSaveLimits(app),
      // Read no more than a document at its limit can take as a body, with room for its wrapping.
      bodyLimit: DOCUMENT_MAX_BYTES + DOCUMENT_BODY_SLACK_BYTES,
      // A body beyond the server's limit never reaches the handler: answer it as a too-large document too.
      errorHandler: (error, _request, _reply) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw documentTooLarge();
        throw error;
      },
    },
    (request) => updateDocument(app.db, app.collab, request.params.id, request.userId, request.body),
  );

  app.patch(
    '/project/:id/share-to-workspace',
    {
      schema: schema({
        operationId: 'shareProject',
        summary:
          'Make a project team-visible or private as `isShared` asks, or toggle it without a body (its creator, an admin or the workspace owner)',
        params: idParamsSchema,
        body: shareProjectBodySchema,
        bodyExample: { isShared: true },
        response: { 200: shareProjectResponseSchema },
        errors: [403],
      }),
    },
    async (request) => {
      const toggled = await setProjectShared(
        app.db,
        request.params.id,
        request.userId,
        request.body?.isShared,
      );
      // Turned private: whoever else had its document open loses it now.
      if (!toggled.isShared) await app.collab.closeConnections({ projectId: toggled.id }, 'forbidden');
      return toggled;
    },
  );

  app.patch(
    '/project/:id/move-to-folder/:folderId',
    {
      schema: schema({
        operationId: 'moveProjectToFolder',
        summary:
          'Move a project into a folder of its workspace; folderId "none" moves it back to the top level',
        params: moveProjectParamsSchema,
        response: { 200: projectSchema },
        errors: [403],
      }),
    },
    (request) => moveProject(app.db, request.params.id, request.userId, request.params.folderId),
  );

  app.delete(
    '/project/:id',
    {
      schema: schema({
        operationId: 'deleteProject',
        summary:
          'Delete a project with its conversation and document (its creator, an admin or the workspace owner)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted') },
        errors: [403],
      }),
    },
    async (request, reply) => {
      await deleteProject(app.db, request.params.id, request.userId);
      await app.collab.closeConnections({ projectId: request.params.id }, 'forbidden');
      return reply.status(204).send(null);
    },
  );
};
