import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  latestWorkspaceExportSchema,
  workspaceExportParamsSchema,
  workspaceExportSchema,
  type ErrorBody,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import {
  downloadWorkspaceExport,
  getWorkspaceExport,
  latestWorkspaceExport,
  startWorkspaceExport,
} from './service.ts';

/**
 * The name in plain ASCII for old clients (what is not ASCII or is quoting becomes `_`) and in full,
 * percent-encoded, for every current one.
 */
const attachment = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // RFC 5987 leaves out what encodeURIComponent keeps: ' ( ) * !
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/**
 * Registered under /api/workspace: the owner exports the whole workspace as a zip (docs/product.md,
 * "Your data"). The owner's own act: no API key may export a workspace (403 `FORBIDDEN`).
 */
export const workspaceExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'workspace', errors: [403, 404] });
  app.addHook('onRequest', app.authenticate);
  const config = { apiKey: 'never' as const };

  app.post(
    '/:id/export',
    {
      schema: schema({
        operationId: 'startWorkspaceExport',
        summary:
          'Start exporting the whole workspace as a zip (owner only); answers the export under way if any',
        params: idParamsSchema,
        response: { 202: workspaceExportSchema },
      }),
      config,
    },
    async (request, reply) => {
      const started = await startWorkspaceExport(app.db, app.exportQueue, {
        workspaceId: request.params.id,
        userId: request.userId,
      });
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/:id/export',
    {
      schema: schema({
        operationId: 'getLatestWorkspaceExport',
        summary: "The workspace's newest export still kept, with its progress (owner only)",
        params: idParamsSchema,
        response: { 200: latestWorkspaceExportSchema },
      }),
      config,
    },
    (request) => latestWorkspaceExport(app.db, { workspaceId: request.params.id, userId: request.userId }),
  );

  app.get(
    '/:id/export/:exportId',
    {
      schema: schema({
        operationId: 'getWorkspaceExport',
        summary: "An export's state and progress (owner only)",
        params: workspaceExportParamsSchema,
        response: { 200: workspaceExportSchema },
      }),
      config,
    },
    (request) =>
      getWorkspaceExport(app.db, {
        workspaceId: request.params.id,
        exportId: request.params.exportId,
        userId: request.userId,
      }),
  );

  app.get(
    '/:id/export/:exportId/download',
    {
      schema: schema({
        operationId: 'downloadWorkspaceExport',
        summary:
          'The finished export as a zip, streamed from its stored parts (owner only); 409 while it is being built',
        params: workspaceExportParamsSchema,
        errors: [409],
      }),
      config,
      // Sent as stored, with its length: a zip does not shrink, and a compressor would hold parts back.
      compress: false,
    },
    async (request, reply) => {
      const file = await downloadWorkspaceExport(app.db, {
        workspaceId: request.params.id,
        exportId: request.params.exportId,
        userId: request.userId,
      });
      return (
        reply
          .header('content-type', 'application/zip')
          .header('cache-control', 'no-store')
          .header('content-length', String(file.size))
          .header('content-disposition', attachment(file.fileName))
          // A file, not JSON: with no 200 schema declared, the typed reply knows only the error bodies.
          .send(file.body as unknown as ErrorBody)
      );
    },
  );
};
