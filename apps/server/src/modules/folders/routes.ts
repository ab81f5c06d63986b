import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFolderBodySchema,
  errorBodySchema,
  folderListResponseSchema,
  folderSchema,
  idParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  renameFolderBodySchema,
} from '@redacta/shared';
import { listProjects } from '../projects/list.ts';
import { createFolder, deleteFolder, listFolders, renameFolder, requireFolderAccess } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const editorErrors = { ...errors, 403: errorBodySchema };

/** Registered under /api with full paths (spec §7): /folder…, /workspace/{id}/folders. */
export const folderRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['folder'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/folder',
    {
      schema: {
        ...common,
        summary: 'Create a folder (name trimmed, 1–100 characters, unique in the workspace ignoring case)',
        body: createFolderBodySchema,
        response: { 201: folderSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { workspaceId, name } = request.body;
      return reply.status(201).send(await createFolder(app.db, request.userId, workspaceId, name));
    },
  );

  app.patch(
    '/folder/rename/:id',
    {
      schema: {
        ...common,
        summary: 'Rename a folder (its creator or the workspace owner)',
        params: idParamsSchema,
        body: renameFolderBodySchema,
        response: { 200: folderSchema, 409: errorBodySchema, ...editorErrors },
      },
    },
    (request) => renameFolder(app.db, request.params.id, request.userId, request.body.name),
  );

  app.delete(
    '/folder/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a folder; its projects move to the top level, none is deleted',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...editorErrors },
      },
    },
    async (request, reply) => {
      await deleteFolder(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/folder/:id/projects',
    {
      schema: {
        ...common,
        summary: 'Projects in the folder the user can see (own and shared), sorted, one page',
        params: idParamsSchema,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { folder } = await requireFolderAccess(app.db, request.params.id, request.userId);
      const scope = { workspaceId: folder.workspaceId, userId: request.userId, folderId: folder.id };
      return listProjects(app.db, scope, request.query);
    },
  );

  app.get(
    '/workspace/:id/folders',
    {
      schema: {
        ...common,
        summary: 'The workspace’s folders, newest first, with the number of projects the user can see',
        params: idParamsSchema,
        response: { 200: folderListResponseSchema, ...errors },
      },
    },
    (request) => listFolders(app.db, request.params.id, request.userId),
  );
};
