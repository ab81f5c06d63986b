import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FOLDERS_PER_WORKSPACE,
  createFolderBodySchema,
  folderListResponseSchema,
  folderSchema,
  idParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  renameFolderBodySchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import { createFolder, deleteFolder, listFolderProjects, listFolders, renameFolder } from './service.ts';

/** Registered under /api with full paths: /folder…, /workspace/{id}/folders. */
export const folderRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'folder', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/folder',
    {
      schema: schema({
        operationId: 'createFolder',
        summary:
          'Create a folder (name trimmed, 1–100 characters, unique in the workspace ignoring case); the same `id` sent again answers the same folder',
        description: `At most ${FOLDERS_PER_WORKSPACE} folders per workspace (409 FOLDERS_FULL beyond).`,
        body: createFolderBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace, name: 'Newsletters' },
        response: { 201: folderSchema },
        errors: [409],
      }),
    },
    async (request, reply) => {
      return reply.status(201).send(await createFolder(app.db, request.userId, request.body));
    },
  );

  app.patch(
    '/folder/rename/:id',
    {
      schema: schema({
        operationId: 'renameFolder',
        summary: 'Rename a folder (its creator, an admin or the workspace owner)',
        params: idParamsSchema,
        body: renameFolderBodySchema,
        bodyExample: { name: 'Newsletters 2026' },
        response: { 200: folderSchema },
        errors: [403, 409],
      }),
    },
    (request) => renameFolder(app.db, request.params.id, request.userId, request.body.name),
  );

  app.delete(
    '/folder/:id',
    {
      schema: schema({
        operationId: 'deleteFolder',
        summary: 'Delete a folder; its projects move to the top level, none is deleted',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted') },
        errors: [403],
      }),
    },
    async (request, reply) => {
      await deleteFolder(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/folder/:id/projects',
    {
      schema: schema({
        operationId: 'listFolderProjects',
        summary: 'Projects in the folder the user can see (own and shared), sorted, one page',
        params: idParamsSchema,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema },
      }),
    },
    (request) => listFolderProjects(app.db, request.params.id, request.userId, request.query),
  );

  app.get(
    '/workspace/:id/folders',
    {
      schema: schema({
        operationId: 'listWorkspaceFolders',
        summary: 'The workspace’s folders, newest first, with the number of projects the user can see',
        params: idParamsSchema,
        response: { 200: folderListResponseSchema },
      }),
    },
    (request) => listFolders(app.db, request.params.id, request.userId),
  );
};
