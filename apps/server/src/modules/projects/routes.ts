import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProjectBodySchema,
  createProjectResponseSchema,
  documentResponseSchema,
  errorBodySchema,
  idParamsSchema,
  moveProjectParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectSchema,
  renameProjectBodySchema,
  shareProjectResponseSchema,
  updateDocumentBodySchema,
  updateDocumentResponseSchema,
} from '@redacta/shared';
import { z } from 'zod';
import { requireMembership } from '../workspaces/service.ts';
import { listProjects } from './list.ts';
import {
  createProject,
  deleteProject,
  documentTooLarge,
  getDocument,
  getProject,
  moveProject,
  renameProject,
  toggleProjectShared,
  updateDocument,
} from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const editorErrors = { ...errors, 403: errorBodySchema };

/** Registered under /api with full paths (spec §7): /workspace/{id}/project…, /project/{id}… */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['project'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/workspace/:id/project',
    {
      schema: {
        ...common,
        summary:
          'Create a project (and its empty document); without a name it is "<date> Sin título" until its first chat message names it',
        params: idParamsSchema,
        body: createProjectBodySchema,
        response: { 201: createProjectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createProject(app.db, request.params.id, request.userId, request.body?.name);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/workspace/:id/projects',
    {
      schema: {
        ...common,
        summary: 'Projects the user can see in the workspace (own and shared), sorted, one page',
        params: idParamsSchema,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireMembership(app.db, request.params.id, request.userId);
      return listProjects(app.db, { workspaceId: request.params.id, userId: request.userId }, request.query);
    },
  );

  app.get(
    '/workspace/:id/projects/no-folder',
    {
      schema: {
        ...common,
        summary: 'Visible projects at the top level (in no folder), sorted, one page',
        params: idParamsSchema,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireMembership(app.db, request.params.id, request.userId);
      const scope = { workspaceId: request.params.id, userId: request.userId, folderId: null };
      return listProjects(app.db, scope, request.query);
    },
  );

  app.get(
    '/project/:id',
    {
      schema: {
        ...common,
        summary: 'A project the user can see',
        params: idParamsSchema,
        response: { 200: projectSchema, ...errors },
      },
    },
    (request) => getProject(app.db, request.params.id, request.userId),
  );

  app.patch(
    '/project/rename/:id',
    {
      schema: {
        ...common,
        summary: 'Rename a project (its creator or the workspace owner)',
        params: idParamsSchema,
        body: renameProjectBodySchema,
        response: { 200: projectSchema, ...editorErrors },
      },
    },
    (request) => renameProject(app.db, request.params.id, request.userId, request.body.name),
  );

  app.get(
    '/project/:id/document',
    {
      schema: {
        ...common,
        summary: 'The document beside the chat (ProseMirror JSON)',
        params: idParamsSchema,
        response: { 200: documentResponseSchema, ...errors },
      },
    },
    (request) => getDocument(app.db, request.params.id, request.userId),
  );

  app.patch(
    '/project/:id/document',
    {
      schema: {
        ...common,
        summary: 'Save the document (ProseMirror JSON, at most 1 MB); anyone who can see the project',
        params: idParamsSchema,
        body: updateDocumentBodySchema,
        response: { 200: updateDocumentResponseSchema, 413: errorBodySchema, ...errors },
      },
      // A body beyond the server's limit never reaches the handler: answer it as a too-large document too.
      errorHandler: (error, _request, _reply) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw documentTooLarge();
        throw error;
      },
    },
    (request) => updateDocument(app.db, request.params.id, request.userId, request.body.content),
  );

  app.patch(
    '/project/:id/share-to-workspace',
    {
      schema: {
        ...common,
        summary: 'Toggle team-visible ⇄ private (its creator or the workspace owner)',
        params: idParamsSchema,
        response: { 200: shareProjectResponseSchema, ...editorErrors },
      },
    },
    (request) => toggleProjectShared(app.db, request.params.id, request.userId),
  );

  app.patch(
    '/project/:id/move-to-folder/:folderId',
    {
      schema: {
        ...common,
        summary:
          'Move a project into a folder of its workspace; folderId "none" moves it back to the top level',
        params: moveProjectParamsSchema,
        response: { 200: projectSchema, ...editorErrors },
      },
    },
    (request) => moveProject(app.db, request.params.id, request.userId, request.params.folderId),
  );

  app.delete(
    '/project/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a project with its conversation and document (its creator or the workspace owner)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...editorErrors },
      },
    },
    async (request, reply) => {
      await deleteProject(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );
};
